/// Turns the bytes a terminal sends in raw mode into keys, as they arrive: tested on byte sequences.
///
/// Arrows come as `ESC [ A` … `ESC [ D` (or `ESC O A` … in application mode), Shift-Tab as `ESC [ Z`;
/// Return as CR (or LF), Backspace as DEL (0x7F) or BS (0x08), Ctrl-C as 0x03; anything else that
/// is valid UTF-8 and printable is text. An `ESC` alone is the Escape key; an `ESC` followed by a
/// byte that starts no sequence is Escape, then that byte.
///
/// A bracketed paste (`ESC [ 200 ~` text `ESC [ 201 ~`, sent by a terminal in mode 2004) is one
/// ``Key/paste(_:)`` holding the text between the markers, line breaks and all (a CR or CR LF becomes
/// LF, as terminals send a pasted line break as CR): pasted text is text, never keys.
///
/// Linear by construction: each byte read is looked at a bounded number of times, whatever the
/// reads are cut into. A sequence cut short is held (at most ``longestSequence`` bytes) and a
/// paste's text is collected as it comes, not read again with every read.
struct KeyDecoder {
    /// The longest escape sequence held while its end has not come; a longer one is an unknown key.
    static let longestSequence = 32
    /// What starts and ends a bracketed paste.
    static let pasteStart: [UInt8] = [0x1B, 0x5B, 0x32, 0x30, 0x30, 0x7E]
    static let pasteEnd: [UInt8] = [0x1B, 0x5B, 0x32, 0x30, 0x31, 0x7E]

    /// The bytes at the end of the last read that may start a longer sequence (an `ESC` alone,
    /// `ESC [`, a UTF-8 character cut short, the start of a paste's end marker).
    private(set) var held: [UInt8] = []
    /// The text of the paste under way, as bytes; `nil` outside a paste.
    private var pasted: [UInt8]?
    /// How many times a byte was looked at, over every read: the work done, for tests.
    private(set) var bytesExamined = 0

    /// Whether bytes are held that the next read may complete: wait a little for them, then call
    /// ``finish()``.
    var isHolding: Bool { !held.isEmpty }

    /// Whether a paste has begun and not ended.
    var isInPaste: Bool { pasted != nil }

    /// The keys `bytes` complete, with the bytes held from before.
    ///
    /// - Parameter bytes: What was read.
    /// - Returns: The keys, in order.
    /// - Complexity: O(*n*) for *n* bytes, plus the length of a paste it ends.
    mutating func decode(_ bytes: [UInt8]) -> [Key] {
        var input = held
        held = []
        input += bytes
        return decode(input[...], isFinal: false)
    }

    /// The keys the held bytes make when nothing follows soon: a lone `ESC` is the Escape key, a cut
    /// UTF-8 character is dropped, and in a paste the bytes are text.
    ///
    /// - Returns: The keys.
    mutating func finish() -> [Key] {
        let input = held
        held = []
        return decode(input[...], isFinal: true)
    }

    private mutating func decode(_ bytes: ArraySlice<UInt8>, isFinal: Bool) -> [Key] {
        var keys: [Key] = []
        var text: [UInt8] = []
        var index = bytes.startIndex
        func flushText() {
            if !text.isEmpty, let string = String(validating: text, as: UTF8.self) { keys.append(.text(string)) }
            text = []
        }
        while index < bytes.endIndex {
            if pasted != nil {
                switch pasteRun(bytes[index...], isFinal: isFinal, into: &keys) {
                case .next(let next): index = next
                case .hold(let from):
                    held = Array(bytes[from...])
                    return keys
                }
                continue
            }
            let byte = bytes[index]
            bytesExamined += 1
            switch byte {
            case 0x1B:
                flushText()
                let (key, length) = escapeSequence(bytes[index...], isFinal: isFinal)
                guard let key else {
                    held = Array(bytes[index...])
                    return keys
                }
                index += length
                if key == .paste("") {
                    pasted = []
                } else {
                    keys.append(key)
                }
                continue
            case 0x0D, 0x0A: flushText(); keys.append(.enter)
            case 0x7F, 0x08: flushText(); keys.append(.backspace)
            case 0x09: flushText(); keys.append(.tab)
            case 0x03: flushText(); keys.append(.interrupt)
            case 0x00...0x1F: flushText(); keys.append(.unknown)
            case 0x20...0x7E: text.append(byte)
            default:
                let length = Self.utf8Length(byte)
                guard length > 0 else { flushText(); keys.append(.unknown); break }
                guard index + length <= bytes.endIndex else {
                    flushText()
                    if !isFinal { held = Array(bytes[index...]) }
                    return keys
                }
                let scalar = Array(bytes[index..<(index + length)])
                bytesExamined += length - 1
                if let string = String(validating: scalar, as: UTF8.self), string.unicodeScalars.allSatisfy({ !Self.isControl($0) }) {
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
        return keys
    }

    /// Where ``pasteRun(_:isFinal:into:)`` stopped.
    private enum PasteStop {
        /// The bytes after the run start here.
        case next(Int)
        /// The bytes from here may start the end marker: hold them.
        case hold(from: Int)
    }

    /// Takes the bytes of a paste up to its next `ESC`, adding the paste to `keys` when that `ESC`
    /// starts its end marker; an `ESC` that starts none is text of the paste.
    private mutating func pasteRun(_ bytes: ArraySlice<UInt8>, isFinal: Bool, into keys: inout [Key]) -> PasteStop {
        let escape = bytes.firstIndex(of: 0x1B) ?? bytes.endIndex
        bytesExamined += escape - bytes.startIndex
        pasted? += bytes[bytes.startIndex..<escape]
        guard escape < bytes.endIndex else { return .next(escape) }
        let marker = bytes[escape...].prefix(Self.pasteEnd.count)
        bytesExamined += marker.count
        if marker.elementsEqual(Self.pasteEnd) {
            let text = Self.text(ofPaste: pasted ?? [])
            if !text.isEmpty { keys.append(.paste(text)) }
            pasted = nil
            return .next(escape + Self.pasteEnd.count)
        }
        if marker.count < Self.pasteEnd.count, Self.pasteEnd.starts(with: marker), !isFinal { return .hold(from: escape) }
        pasted?.append(0x1B)
        return .next(escape + 1)
    }

    /// The text of a paste's bytes: a CR, or CR LF, is a line break (LF); invalid UTF-8 is U+FFFD.
    ///
    /// - Complexity: O(*n*) for *n* bytes.
    static func text(ofPaste bytes: [UInt8]) -> String {
        var lines: [UInt8] = []
        lines.reserveCapacity(bytes.count)
        var afterCR = false
        for byte in bytes {
            if byte == 0x0A && afterCR {
                afterCR = false
                continue
            }
            afterCR = byte == 0x0D
            lines.append(afterCR ? 0x0A : byte)
        }
        return String(decoding: lines, as: UTF8.self)
    }

    /// The key an escape sequence at the start of `bytes` stands for and its length; `nil` when the
    /// sequence may go on in bytes not read yet. The start of a paste is `.paste("")`.
    private mutating func escapeSequence(_ bytes: ArraySlice<UInt8>, isFinal: Bool) -> (Key?, Int) {
        let start = bytes.startIndex
        guard bytes.count > 1 else { return isFinal ? (.escape, 1) : (nil, 0) }
        let second = bytes[start + 1]
        bytesExamined += 1
        guard second == UInt8(ascii: "[") || second == UInt8(ascii: "O") else { return (.escape, 1) }
        guard bytes.count > 2 else { return isFinal ? (.escape, 1) : (nil, 0) }
        // A CSI sequence: parameter bytes 0x30–0x3F, then one final byte 0x40–0x7E.
        var end = start + 2
        let limit = Swift.min(bytes.endIndex, start + Self.longestSequence)
        while end < limit, (0x30...0x3F).contains(bytes[end]) { end += 1 }
        bytesExamined += end - start - 1
        guard end < bytes.endIndex else { return isFinal ? (.unknown, end - start) : (nil, 0) }
        guard end < limit else { return (.unknown, end - start) }
        let length = end - start + 1
        if bytes[start..<(start + length)].elementsEqual(Self.pasteStart) { return (.paste(""), length) }
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
