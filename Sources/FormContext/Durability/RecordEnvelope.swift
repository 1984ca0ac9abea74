/// The frame around every durable file's JSON: a header line naming the kind of file, its format
/// version, the length and the CRC-32 of the payload, so a foreign, truncated or damaged file is
/// recognised before its content is trusted.
///
/// ```
/// FormContext draft format=1 length=812 crc32=3c9a41f0
/// {"fields":{…},"form":{…},…}
/// ```
enum RecordEnvelope {
    /// The format version this code writes and reads.
    static let formatVersion = 1

    /// What is wrong with a file that did not open.
    enum Problem: Error, Equatable, CustomStringConvertible {
        case foreign(start: String)
        case newerFormat(Int)
        case truncated(announced: Int, found: Int)
        case checksum(stored: String, computed: String)
        case payload(String)

        var description: String {
            switch self {
            case .foreign(let start): "not a FormContext file (it starts with '\(start)')"
            case .newerFormat(let version): "written in format \(version); this version reads format \(RecordEnvelope.formatVersion)"
            case .truncated(let announced, let found): "truncated: the header announces \(announced) bytes, the file holds \(found)"
            case .checksum(let stored, let computed): "damaged: the checksum is \(computed), the header says \(stored)"
            case .payload(let problem): "damaged: \(problem)"
            }
        }
    }

    /// The file's bytes: the header line, then `payload`.
    static func wrap(_ payload: [UInt8], kind: String) -> [UInt8] {
        let header = "FormContext \(kind) format=\(formatVersion) length=\(payload.count) crc32=\(CRC32.hex(CRC32.checksum(payload)))\n"
        return Array(header.utf8) + payload
    }

    /// The payload of a file of `kind`, once its header, length and checksum agree.
    static func unwrap(_ bytes: [UInt8], kind: String) throws(Problem) -> [UInt8] {
        let prefix = Array("FormContext \(kind) format=".utf8)
        guard bytes.starts(with: prefix), let newline = bytes.firstIndex(of: 0x0A) else {
            throw .foreign(start: String(decoding: bytes.prefix(16), as: UTF8.self).replacingControlCharacters())
        }
        let fields = String(decoding: bytes[prefix.count..<newline], as: UTF8.self).split(separator: " ")
        guard fields.count == 3, let version = Int(fields[0]), fields[1].hasPrefix("length="), fields[2].hasPrefix("crc32="),
            let length = Int(fields[1].dropFirst(7))
        else { throw .foreign(start: String(decoding: bytes.prefix(16), as: UTF8.self).replacingControlCharacters()) }
        guard version <= formatVersion else { throw .newerFormat(version) }
        let payload = Array(bytes[(newline + 1)...])
        guard payload.count == length else { throw .truncated(announced: length, found: payload.count) }
        let stored = String(fields[2].dropFirst(6))
        let computed = CRC32.hex(CRC32.checksum(payload))
        guard stored == computed else { throw .checksum(stored: stored, computed: computed) }
        return payload
    }
}
