import Foundation
import FormContextDurability
@testable import FormContextOpenRosa

/// Instances, multipart reading and a seeded generator for the submission tests.
enum SubmissionFixtures {
    /// An instance of a small form, with its `meta/instanceID`, an optional `deprecatedID` and
    /// optional upload answers.
    static func instance(
        id: String = "uuid:" + UUID().uuidString.lowercased(), deprecatedID: String? = nil, files: [String] = [], name: String = "Ada"
    ) -> Data {
        var xml = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
        xml += #"<data xmlns:jr="http://openrosa.org/javarosa" xmlns:orx="http://openrosa.org/xforms" id="household" version="2024112601">"#
        xml += "<name>\(name)</name>"
        for (position, file) in files.enumerated() { xml += "<photo\(position)>\(file)</photo\(position)>" }
        xml += "<orx:meta><orx:instanceID>\(id)</orx:instanceID>"
        if let deprecatedID { xml += "<orx:deprecatedID>\(deprecatedID)</orx:deprecatedID>" }
        xml += "</orx:meta></data>\n"
        return Data(xml.utf8)
    }

    /// One part of a `multipart/form-data` body.
    struct Part: Equatable {
        var name: String
        var fileName: String?
        var contentType: String?
        var contents: Data
    }

    /// The parts of a `multipart/form-data` body, read the plain way: split at each `--boundary`
    /// line, headers to the blank line, contents to the CRLF before the next boundary.
    static func parts(of body: Data, boundary: String) -> [Part]? {
        let delimiter = Data("--\(boundary)".utf8)
        var pieces: [Data] = []
        var rest = body[...]
        while let range = rest.range(of: delimiter) {
            pieces.append(Data(rest[..<range.lowerBound]))
            rest = rest[range.upperBound...]
        }
        guard pieces.first?.isEmpty == true, Data(rest) == Data("--\r\n".utf8) else { return nil }
        var parts: [Part] = []
        for piece in pieces.dropFirst() {
            guard piece.starts(with: Data("\r\n".utf8)), piece.suffix(2) == Data("\r\n".utf8),
                let blank = piece.range(of: Data("\r\n\r\n".utf8))
            else { return nil }
            let headers = String(decoding: piece[piece.startIndex + 2..<blank.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
            var part = Part(name: "", contents: Data(piece[blank.upperBound..<piece.endIndex - 2]))
            for header in headers {
                if header.hasPrefix("Content-Type: ") { part.contentType = String(header.dropFirst(14)) }
                if header.hasPrefix("Content-Disposition: form-data; ") {
                    for field in header.dropFirst(32).components(separatedBy: "; ") {
                        if field.hasPrefix("name=\"") { part.name = String(field.dropFirst(6).dropLast()) }
                        if field.hasPrefix("filename=\"") { part.fileName = String(field.dropFirst(10).dropLast()) }
                    }
                }
            }
            parts.append(part)
        }
        return parts
    }
}
