/// `digest()` and `base64-decode()`, as JavaRosa 5.1.0 computes them.
extension XPathEvaluator {
    /// `digest(text, algorithm, encoding)`: the hash of the text's UTF-8 bytes by `MD5`, `SHA-1`,
    /// `SHA-256`, `SHA-384` or `SHA-512`, as `hex` (lowercase) or `base64`; both names in any case.
    ///
    /// - Throws: ``Failure`` for another algorithm or encoding (JavaRosa refuses the expression).
    static func digest(_ text: String, algorithm: String, encoding: String) throws(Failure) -> String {
        guard let digest = XFormDigest(named: algorithm) else {
            throw Failure("digest(): '\(Quoted.plain(algorithm, limit: 40))' is no algorithm (MD5, SHA-1, SHA-256, SHA-384 or SHA-512)")
        }
        let hash = digest.hash(Array(text.utf8))
        switch encoding.lowercased() {
        case "hex": return XFormDigest.hexText(hash)
        case "base64": return base64Encode(hash)
        default: throw Failure("digest(): '\(Quoted.plain(encoding, limit: 40))' is no encoding (hex or base64)")
        }
    }

    /// `bytes` in base64 with `=` padding.
    static func base64Encode(_ bytes: [UInt8]) -> String {
        let base64Alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        for start in stride(from: 0, to: bytes.count, by: 3) {
            let count = min(3, bytes.count - start)
            var group: UInt32 = 0
            for index in 0..<3 { group = group << 8 | UInt32(index < count ? bytes[start + index] : 0) }
            for index in 0..<4 {
                out.append(index <= count ? base64Alphabet[Int(group >> (18 - 6 * UInt32(index)) & 0x3F)] : UInt8(ascii: "="))
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// `base64-decode(text)` as JavaRosa decodes: spaces, tabs and line breaks left out; then
    /// groups of four digits, `=` read as a zero digit, as many bytes dropped from the end as the
    /// text ends with `=`; the bytes read as UTF-8 (an invalid sequence as U+FFFD). Text that is
    /// not base64 (a length that is not a multiple of four, a character out of the alphabet) is
    /// blank, as in JavaRosa.
    ///
    /// - Complexity: O(*n*) in the text's length.
    static func base64Decode(_ text: String) -> String {
        let digits = text.utf8.filter { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }
        guard digits.count % 4 == 0 else { return "" }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(digits.count / 4 * 3)
        for start in stride(from: 0, to: digits.count, by: 4) {
            var group: UInt32 = 0
            for digit in digits[start..<start + 4] {
                let value: UInt8
                switch digit {
                case UInt8(ascii: "A")...UInt8(ascii: "Z"): value = digit - UInt8(ascii: "A")
                case UInt8(ascii: "a")...UInt8(ascii: "z"): value = digit - UInt8(ascii: "a") + 26
                case UInt8(ascii: "0")...UInt8(ascii: "9"): value = digit - UInt8(ascii: "0") + 52
                case UInt8(ascii: "+"): value = 62
                case UInt8(ascii: "/"): value = 63
                case UInt8(ascii: "="): value = 0
                default: return ""
                }
                group = group << 6 | UInt32(value)
            }
            bytes.append(contentsOf: [UInt8(truncatingIfNeeded: group >> 16), UInt8(truncatingIfNeeded: group >> 8), UInt8(truncatingIfNeeded: group)])
        }
        let padding = digits.reversed().prefix { $0 == UInt8(ascii: "=") }.count
        bytes.removeLast(min(padding, bytes.count))
        return String(decoding: bytes, as: UTF8.self)
    }
}
