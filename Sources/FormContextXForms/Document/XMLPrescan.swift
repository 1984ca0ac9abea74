package import Foundation

/// The checks made on a document's bytes before any XML parser sees them: the size, the encoding
/// (UTF-8 only, every byte valid) and the prolog (no DTD, so no entity can be declared, expanded or
/// fetched). The parser underneath (libxml2) would substitute declared entities, so a DTD is
/// refused here rather than trusted to it. Shared with the OpenRosa module's documents (`package`).
package enum XMLPrescan {
    /// Throws unless the bytes are a UTF-8 document of at most `maximumBytes` without a DTD.
    /// - Returns: The number of leading bytes to skip (a UTF-8 byte-order mark).
    package static func check(_ data: Data, maximumBytes: Int, file: String?) throws(XFormReadError) -> Int {
        guard data.count <= maximumBytes else {
            throw XFormReadError(
                .tooLarge, "the document is \(data.count) bytes, over the limit of \(maximumBytes) bytes", file: file)
        }
        // A copy the checks index safely from 0 (a `Data` slice need not start there).
        let bytes = [UInt8](data)
        if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) {
            throw XFormReadError(.invalidEncoding, "the document is UTF-16; XForms are read as UTF-8", line: 1, column: 1, file: file)
        }
        try validateUTF8(bytes, file: file, isXML: true)
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        try checkProlog(bytes, from: start, file: file)
        return start
    }

    /// Throws at the first byte that does not start or continue a valid UTF-8 sequence (overlong
    /// forms, surrogates and values past U+10FFFF included), naming its line and column.
    /// With `isXML`, also throws at a control character XML 1.0 does not allow (anything below
    /// U+0020 but tab, line feed and carriage return).
    static func validateUTF8(_ bytes: [UInt8], file: String?, isXML: Bool = false) throws(XFormReadError) {
        var line = 1
        var column = 1
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            let length: Int
            var minimum: UInt32
            var value: UInt32
            switch lead {
            case 0x00...0x7F: length = 1; minimum = 0; value = UInt32(lead)
            case 0xC2...0xDF: length = 2; minimum = 0x80; value = UInt32(lead & 0x1F)
            case 0xE0...0xEF: length = 3; minimum = 0x800; value = UInt32(lead & 0x0F)
            case 0xF0...0xF4: length = 4; minimum = 0x10000; value = UInt32(lead & 0x07)
            default: length = 0; minimum = 0; value = 0
            }
            var valid = length > 0 && index + length <= bytes.count
            if valid {
                for offset in 1..<length {
                    let byte = bytes[index + offset]
                    guard byte & 0xC0 == 0x80 else { valid = false; break }
                    value = value << 6 | UInt32(byte & 0x3F)
                }
            }
            if valid && (value < minimum || value > 0x10FFFF || (0xD800...0xDFFF).contains(value)) { valid = false }
            guard valid else {
                let hex = String(lead, radix: 16, uppercase: true)
                throw XFormReadError(
                    .invalidEncoding, "invalid UTF-8: byte 0x\(hex.count == 1 ? "0" + hex : hex) at offset \(index)",
                    line: line, column: column, file: file)
            }
            if isXML && lead < 0x20 && lead != 0x09 && lead != 0x0A && lead != 0x0D {
                let hex = String(lead, radix: 16, uppercase: true)
                throw XFormReadError(
                    .malformedXML, "malformed XML: the control character U+00\(hex.count == 1 ? "0" + hex : hex) is not allowed in XML",
                    line: line, column: column, file: file)
            }
            if lead == 0x0A {
                line += 1
                column = 1
            } else {
                column += 1
            }
            index += length
        }
    }

    /// Walks the prolog (the XML declaration, comments, processing instructions, white space) up to
    /// the root element. Refuses an encoding other than UTF-8, and a DOCTYPE that has an internal
    /// subset or an external identifier; `<!DOCTYPE name>` alone declares nothing and is allowed.
    static func checkProlog(_ bytes: [UInt8], from start: Int, file: String?) throws(XFormReadError) {
        var index = start
        func position(_ offset: Int) -> (line: Int, column: Int) {
            let text = String(decoding: bytes[start..<offset], as: UTF8.self)
            var line = 1
            var column = 1
            for scalar in text.unicodeScalars {
                if scalar == "\n" { line += 1; column = 1 } else { column += 1 }
            }
            return (line, column)
        }
        func has(_ prefix: String, at offset: Int) -> Bool {
            let utf8 = Array(prefix.utf8)
            return offset + utf8.count <= bytes.count && bytes[offset..<offset + utf8.count].elementsEqual(utf8)
        }
        func skip(past end: String, from offset: Int) -> Int? {
            var probe = offset
            while probe < bytes.count {
                if has(end, at: probe) { return probe + end.utf8.count }
                probe += 1
            }
            return nil
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                index += 1
            } else if has("<?", at: index) {
                guard let end = skip(past: "?>", from: index) else { return }
                if has("<?xml", at: index), index + 5 < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index + 5]) {
                    let declaration = String(decoding: bytes[index..<end], as: UTF8.self)
                    if let encoding = declaredEncoding(declaration), !["utf-8", "utf8"].contains(encoding.lowercased()) {
                        let at = position(index)
                        throw XFormReadError(
                            .invalidEncoding, "the XML declaration names the encoding \(Quoted.value(encoding)); XForms are read as UTF-8",
                            line: at.line, column: at.column, file: file)
                    }
                }
                index = end
            } else if has("<!--", at: index) {
                guard let end = skip(past: "-->", from: index + 4) else { return }
                index = end
            } else if has("<!DOCTYPE", at: index) {
                var probe = index + 9
                var quote: UInt8?
                var declaresNothing = true
                while probe < bytes.count {
                    let current = bytes[probe]
                    if let open = quote {
                        if current == open { quote = nil }
                    } else if current == 0x22 || current == 0x27 {
                        quote = current
                        declaresNothing = false
                    } else if current == 0x5B {  // [
                        declaresNothing = false
                        break
                    } else if current == 0x3E {  // >
                        break
                    }
                    probe += 1
                }
                let words = String(decoding: bytes[(index + 9)..<probe], as: UTF8.self).split(whereSeparator: \.isWhitespace)
                if words.count > 1 { declaresNothing = false }
                if !declaresNothing {
                    let at = position(index)
                    throw XFormReadError(
                        .refusedDTD,
                        "a DOCTYPE with a DTD (entity or attribute declarations, or an external DTD) is refused: XForms need none, and entities could expand without bound or fetch files",
                        line: at.line, column: at.column, file: file)
                }
                index = probe + 1
            } else {
                return
            }
        }
    }

    /// The value of `encoding="..."` in an XML declaration, if any.
    private static func declaredEncoding(_ declaration: String) -> String? {
        guard let range = declaration.range(of: "encoding") else { return nil }
        let rest = declaration[range.upperBound...].drop { $0 == " " || $0 == "=" || $0 == "\t" }
        guard let quote = rest.first, quote == "\"" || quote == "'" else { return nil }
        return String(rest.dropFirst().prefix { $0 != quote })
    }
}
