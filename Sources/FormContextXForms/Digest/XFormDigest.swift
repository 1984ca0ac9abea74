/// The hash algorithms of the ODK XForms `digest()` function: MD5, SHA-1, SHA-256, SHA-384 and
/// SHA-512, written here with no dependency, and the hex and base64 texts `digest()` gives.
///
/// `digest()` uses them on a string's UTF-8 bytes; OpenRosa's form lists and manifests use MD5 to
/// check that a file arrived whole. A check, not a defence against a forger: MD5 and SHA-1 are
/// broken for that.
///
/// ```swift
/// XFormDigest.sha256.hex(Array("abc".utf8))   // "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
/// ```
public enum XFormDigest: String, Sendable, CaseIterable {
    /// MD5 (RFC 1321): 16 bytes.
    case md5 = "MD5"
    /// SHA-1 (FIPS 180-4): 20 bytes.
    case sha1 = "SHA-1"
    /// SHA-256 (FIPS 180-4): 32 bytes.
    case sha256 = "SHA-256"
    /// SHA-384 (FIPS 180-4): 48 bytes.
    case sha384 = "SHA-384"
    /// SHA-512 (FIPS 180-4): 64 bytes.
    case sha512 = "SHA-512"

    /// The algorithm a name given to `digest()` names, in any case (`sha-256`, `MD5`), or `nil`.
    ///
    /// - Parameter name: The name.
    init?(named name: String) {
        self.init(rawValue: name.uppercased())
    }

    /// The hash of `bytes`.
    ///
    /// - Parameter bytes: The bytes.
    /// - Returns: The hash: 16, 20, 32, 48 or 64 bytes.
    /// - Complexity: O(*n*) in the number of bytes.
    public func hash(_ bytes: some Collection<UInt8>) -> [UInt8] {
        switch self {
        case .md5: MD5.hash(Array(bytes))
        case .sha1: SHA1.hash(Array(bytes))
        case .sha256: SHA256.hash(Array(bytes))
        case .sha384: SHA512.hash(Array(bytes), variant: .sha384)
        case .sha512: SHA512.hash(Array(bytes), variant: .sha512)
        }
    }

    /// The hash of `bytes` as lowercase hex digits, two a byte.
    ///
    /// - Parameter bytes: The bytes.
    /// - Returns: The hex text.
    /// - Complexity: O(*n*) in the number of bytes.
    public func hex(_ bytes: some Collection<UInt8>) -> String {
        Self.hexText(hash(bytes))
    }

    /// `bytes` as lowercase hex digits, two a byte.
    static func hexText(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The message padded as the Merkle–Damgård hashes pad it: a 1 bit, zeros, and the length in
    /// bits in the block's last eighth (8 bytes of 64 for MD5, SHA-1 and SHA-256; 16 bytes of 128 for
    /// SHA-384 and SHA-512), little-endian for MD5 and big-endian for the others, to a multiple of
    /// `block` bytes.
    static func padded(_ bytes: [UInt8], bigEndian: Bool, block: Int = 64) -> [UInt8] {
        var message = bytes
        let bitLength = UInt64(bytes.count) &* 8
        let lengthBytes = block / 8
        message.append(0x80)
        while message.count % block != block - lengthBytes { message.append(0) }
        // The length's bytes above its low 8 are zero (a message holds fewer than 2^61 bytes).
        if bigEndian { message.append(contentsOf: repeatElement(0, count: lengthBytes - 8)) }
        for index in 0..<8 {
            let shift = bigEndian ? 8 * (7 - UInt64(index)) : 8 * UInt64(index)
            message.append(UInt8(truncatingIfNeeded: bitLength >> shift))
        }
        if !bigEndian { message.append(contentsOf: repeatElement(0, count: lengthBytes - 8)) }
        return message
    }
}
