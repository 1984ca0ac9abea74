/// The attribute names of every start tag of a document, in the order they are written.
///
/// `XMLParser` hands an element's attributes over as a dictionary, which loses their order; a
/// submission is written with them in the form's order (JavaRosa keeps it), and the order of the
/// namespace declarations decides the order JavaRosa writes them in. This pass reads only the
/// start tags of bytes the prescan has checked, skipping comments, CDATA sections, processing
/// instructions, the DOCTYPE and end tags; the parser that follows still decides whether the
/// document is well formed.
enum StartTagScanner {
    /// One entry per start tag, in document order: the element's qualified name and its
    /// attributes' qualified names (namespace declarations included) in the order written.
    struct Tag: Equatable {
        var name: String
        var attributes: [String]
    }

    /// Scans the start tags.
    /// - Parameters:
    ///   - bytes: The document's bytes.
    ///   - start: The offset to start at (past a byte-order mark).
    /// - Returns: The start tags in document order.
    /// - Complexity: O(n) in the number of bytes.
    static func scan(_ bytes: [UInt8], from start: Int) -> [Tag] {
        var tags: [Tag] = []
        var index = start
        let count = bytes.count

        func has(_ prefix: StaticString, at offset: Int) -> Bool {
            let length = prefix.utf8CodeUnitCount
            guard offset + length <= count else { return false }
            return prefix.withUTF8Buffer { buffer in
                var at = 0
                while at < length {
                    if bytes[offset + at] != buffer[at] { return false }
                    at += 1
                }
                return true
            }
        }
        func skip(past end: StaticString, from offset: Int) -> Int {
            var probe = offset
            while probe < count {
                if has(end, at: probe) { return probe + end.utf8CodeUnitCount }
                probe += 1
            }
            return count
        }
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        func name(from offset: Int) -> (String, Int) {
            var end = offset
            while end < count, !isSpace(bytes[end]), bytes[end] != 0x3E, bytes[end] != 0x2F, bytes[end] != 0x3D { end += 1 }
            return (String(decoding: bytes[offset..<end], as: UTF8.self), end)
        }

        while index < count {
            guard bytes[index] == 0x3C else {  // <
                index += 1
                continue
            }
            if has("<!--", at: index) {
                index = skip(past: "-->", from: index + 4)
            } else if has("<![CDATA[", at: index) {
                index = skip(past: "]]>", from: index + 9)
            } else if has("<?", at: index) {
                index = skip(past: "?>", from: index + 2)
            } else if has("<!", at: index) || has("</", at: index) {
                index = skip(past: ">", from: index + 2)
            } else {
                let (element, afterName) = name(from: index + 1)
                var attributes: [String] = []
                var at = afterName
                while at < count {
                    while at < count, isSpace(bytes[at]) { at += 1 }
                    guard at < count, bytes[at] != 0x3E, bytes[at] != 0x2F else { break }
                    let (attribute, afterAttribute) = name(from: at)
                    attributes.append(attribute)
                    at = afterAttribute
                    while at < count, bytes[at] != 0x22, bytes[at] != 0x27, bytes[at] != 0x3E { at += 1 }
                    guard at < count, bytes[at] != 0x3E else { break }
                    let quote = bytes[at]
                    at += 1
                    while at < count, bytes[at] != quote { at += 1 }
                    at += 1
                }
                tags.append(Tag(name: element, attributes: attributes))
                index = at
            }
        }
        return tags
    }
}
