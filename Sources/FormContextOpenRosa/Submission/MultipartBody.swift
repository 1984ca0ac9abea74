internal import Foundation

/// One `POST` of a submission: a `multipart/form-data` body holding the instance as
/// `xml_submission_file`, some of its attachments each as a part of its own, and, on every `POST` but
/// the last of a split submission, the part `*isIncomplete*` holding `yes`.
struct MultipartBody: Equatable {
    /// The parts' boundary: not found in any part's bytes.
    let boundary: String
    /// The body's bytes.
    let bytes: Data

    /// The `Content-Type` header's value.
    var contentType: String { "multipart/form-data; boundary=\(boundary)" }

    /// The name of the instance's part.
    static let instancePart = "xml_submission_file"
    /// The name of the part that marks a `POST` of a split submission that more `POST`s follow.
    static let incompletePart = "*isIncomplete*"

    /// Builds the body of one `POST`.
    ///
    /// - Parameters:
    ///   - record: The record.
    ///   - attachments: The positions in `record.attachments` this `POST` carries.
    ///   - isIncomplete: Whether more `POST`s of the record follow.
    ///   - boundary: The boundary; a random one not found in any part by default.
    init(_ record: OpenRosaRecord, attachments: [Int], isIncomplete: Bool, boundary: String? = nil) {
        let chosen = boundary ?? Self.boundary(avoiding: [record.instanceXML] + attachments.map { record.attachments[$0].contents })
        var bytes = Data()
        bytes.reserveCapacity(Self.size(of: record, attachments: attachments, isIncomplete: isIncomplete, boundaryLength: chosen.utf8.count))
        Self.appendPart(to: &bytes, boundary: chosen, name: Self.instancePart, fileName: "submission.xml", type: "text/xml", contents: record.instanceXML)
        for position in attachments {
            let attachment = record.attachments[position]
            Self.appendPart(to: &bytes, boundary: chosen, name: attachment.name, fileName: attachment.name, type: attachment.contentType, contents: attachment.contents)
        }
        if isIncomplete {
            Self.appendPart(to: &bytes, boundary: chosen, name: Self.incompletePart, fileName: nil, type: nil, contents: Data("yes".utf8))
        }
        bytes.append(contentsOf: Array("--\(chosen)--\r\n".utf8))
        self.boundary = chosen
        self.bytes = bytes
    }

    private static func appendPart(to bytes: inout Data, boundary: String, name: String, fileName: String?, type: String?, contents: Data) {
        bytes.append(contentsOf: Array(header(boundary: boundary, name: name, fileName: fileName, type: type).utf8))
        bytes.append(contents)
        bytes.append(contentsOf: [0x0D, 0x0A])
    }

    private static func header(boundary: String, name: String, fileName: String?, type: String?) -> String {
        var text = "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\""
        if let fileName { text += "; filename=\"\(fileName)\"" }
        text += "\r\n"
        if let type { text += "Content-Type: \(type)\r\n" }
        return text + "\r\n"
    }

    /// The size in bytes of the body `init` builds, without building it.
    static func size(of record: OpenRosaRecord, attachments: [Int], isIncomplete: Bool, boundaryLength: Int = 40) -> Int {
        let boundary = String(repeating: "-", count: boundaryLength)
        func part(_ name: String, _ fileName: String?, _ type: String?, _ count: Int) -> Int {
            header(boundary: boundary, name: name, fileName: fileName, type: type).utf8.count + count + 2
        }
        var total = part(instancePart, "submission.xml", "text/xml", record.instanceXML.count)
        for position in attachments {
            let attachment = record.attachments[position]
            total += part(attachment.name, attachment.name, attachment.contentType, attachment.contents.count)
        }
        if isIncomplete { total += part(incompletePart, nil, nil, 3) }
        return total + boundaryLength + 6
    }

    /// A random 40-character boundary that none of `parts` holds.
    static func boundary(avoiding parts: [Data]) -> String {
        while true {
            let candidate = "FormContext-" + UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(28)
            let needle = Data(candidate.utf8)
            if !parts.contains(where: { $0.range(of: needle) != nil }) { return candidate }
        }
    }
}
