/// Turns the bytes a terminal sends in raw mode into keys: a pure function, tested on byte sequences.
///
/// Arrows come as `ESC [ A` … `ESC [ D` (or `ESC O A` … in application mode), Shift-Tab as `ESC [ Z`;
/// Return as CR (or LF), Backspace as DEL (0x7F) or BS (0x08), Ctrl-C as 0x03; anything else that
/// is valid UTF-8 and printable is text. An `ESC` alone is the Escape key; an `ESC` followed by a
/// byte that starts no sequence is Escape, then that byte.
enum KeyDecoder {
    /// The keys in `bytes`, and the bytes at the end that may be the start of a longer sequence (an
    /// `ESC` alone, `ESC [`, a UTF-8 character cut short). Pass those again with what follows; when
    /// nothing follows, decode them with `isFinal`.
    ///
    /// - Parameters:
    ///   - bytes: What was read.
    ///   - isFinal: Whether no more bytes are coming soon: a lone `ESC` is then the Escape key and a
    ///     cut UTF-8 character is dropped.
    /// - Returns: The keys, and the bytes left over.
    static func decode(_ bytes: [UInt8], isFinal: Bool = false) -> (keys: [Key], rest: [UInt8]) {
        var keys: [Key] = []
        var text: [UInt8] = []
        var index = 0
        func flushText() {
            if !text.isEmpty, let string = String(validating: text, as: UTF8.self) { keys.append(.text(string)) }
            text = []
        }
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case 0x1B:
                flushText()
                let (key, length) = escapeSequence(bytes[index...], isFinal: isFinal)
                guard let key else { return (keys, Array(bytes[index...])) }
                keys.append(key)
                index += length
                continue
            case 0x0D, 0x0A: flushText(); keys.append(.enter)
            case 0x7F, 0x08: flushText(); keys.append(.backspace)
            case 0x09: flushText(); keys.append(.tab)
            case 0x03: flushText(); keys.append(.interrupt)
            case 0x00...0x1F: flushText(); keys.append(.unknown)
            case 0x20...0x7E: text.append(byte)
            default:
                let length = utf8Length(byte)
                guard length > 0 else { flushText(); keys.append(.unknown); break }
                guard index + length <= bytes.count else {
                    flushText()
                    return isFinal ? (keys, []) : (keys, Array(bytes[index...]))
                }
                let scalar = Array(bytes[index..<(index + length)])
                if let string = String(validating: scalar, as: UTF8.self), string.unicodeScalars.allSatisfy({ !isControl($0) }) {
                    text += scalar
                } else {
                    flushText()
                    keys.append(.unknown)
                }
                index += length
                continue
            }
            index += 1
        }
        flushText()
        return (keys, [])
    }

    /// The key an escape sequence at the start of `bytes` stands for and its length; `nil` when the
    /// sequence may go on in bytes not read yet.
    private static func escapeSequence(_ bytes: ArraySlice<UInt8>, isFinal: Bool) -> (Key?, Int) {
        let start = bytes.startIndex
        guard bytes.count > 1 else { return isFinal ? (.escape, 1) : (nil, 0) }
        let second = bytes[start + 1]
        guard second == UInt8(ascii: "[") || second == UInt8(ascii: "O") else { return (.escape, 1) }
        guard bytes.count > 2 else { return isFinal ? (.escape, 1) : (nil, 0) }
        // A CSI sequence: parameter bytes 0x30–0x3F, then one final byte 0x40–0x7E.
        var end = start + 2
        while end < bytes.endIndex, (0x30...0x3F).contains(bytes[end]) { end += 1 }
        guard end < bytes.endIndex else { return isFinal ? (.unknown, end - start) : (nil, 0) }
        let length = end - start + 1
        guard end == start + 2 else { return (.unknown, length) }
        switch bytes[end] {
        case UInt8(ascii: "A"): return (.up, length)
        case UInt8(ascii: "B"): return (.down, length)
        case UInt8(ascii: "C"): return (.right, length)
        case UInt8(ascii: "D"): return (.left, length)
        case UInt8(ascii: "Z"): return (.backTab, length)
        default: return (.unknown, length)
        }
    }

    /// The length of the UTF-8 sequence `byte` starts, or 0 when it starts none.
    private static func utf8Length(_ byte: UInt8) -> Int {
        switch byte {
        case 0xC2...0xDF: 2
        case 0xE0...0xEF: 3
        case 0xF0...0xF4: 4
        default: 0
        }
    }

    /// Whether `scalar` is a control character (C1 controls among them), which a key never types.
    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}
