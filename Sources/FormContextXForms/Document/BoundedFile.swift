internal import Foundation

/// Reads a file only when it is a regular file within the size limit, and never more than the
/// limit even when the file grows meanwhile.
enum BoundedFile {
    static func read(_ url: URL, maximumBytes: Int, file: String) throws(XFormReadError) -> Data {
        let attributes: [FileAttributeKey: Any]
        do {
            attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        } catch {
            throw XFormReadError(.unreadableFile, "the file cannot be read: it does not exist or is not accessible", file: file)
        }
        guard attributes[.type] as? FileAttributeType == .typeRegular else {
            throw XFormReadError(.unreadableFile, "the path is not a regular file", file: file)
        }
        let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
        guard size <= maximumBytes else {
            throw XFormReadError(.tooLarge, "the file is \(size) bytes, over the limit of \(maximumBytes) bytes", file: file)
        }
        do {
            let handle = try FileHandle(forReadingFrom: url)
            defer { try? handle.close() }
            let data = try handle.read(upToCount: maximumBytes + 1) ?? Data()
            guard data.count <= maximumBytes else {
                throw XFormReadError(.tooLarge, "the file grew past the limit of \(maximumBytes) bytes while it was read", file: file)
            }
            return data
        } catch let error as XFormReadError {
            throw error
        } catch {
            throw XFormReadError(.unreadableFile, "the file cannot be read", file: file)
        }
    }
}
