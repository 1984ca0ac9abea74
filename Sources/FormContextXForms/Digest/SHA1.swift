/// SHA-1 (FIPS 180-4), for ``XFormDigest/sha1``.
enum SHA1 {
    /// The 20 bytes of the SHA-1 of `bytes`.
    ///
    /// - Complexity: O(*n*) in the number of bytes.
    static func hash(_ bytes: [UInt8]) -> [UInt8] {
        var h: [UInt32] = [0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0]
        let message = XFormDigest.padded(bytes, bigEndian: true)
        var w = [UInt32](repeating: 0, count: 80)
        for chunk in stride(from: 0, to: message.count, by: 64) {
            for index in 0..<16 { w[index] = SHA256.bigEndianWord(message, at: chunk + index * 4) }
            for index in 16..<80 { w[index] = SHA256.rotateLeft(w[index - 3] ^ w[index - 8] ^ w[index - 14] ^ w[index - 16], 1) }
            var (a, b, c, d, e) = (h[0], h[1], h[2], h[3], h[4])
            for round in 0..<80 {
                let (f, k): (UInt32, UInt32) =
                    switch round {
                    case 0..<20: ((b & c) | (~b & d), 0x5A82_7999)
                    case 20..<40: (b ^ c ^ d, 0x6ED9_EBA1)
                    case 40..<60: ((b & c) | (b & d) | (c & d), 0x8F1B_BCDC)
                    default: (b ^ c ^ d, 0xCA62_C1D6)
                    }
                let temp = SHA256.rotateLeft(a, 5) &+ f &+ e &+ k &+ w[round]
                e = d
                d = c
                c = SHA256.rotateLeft(b, 30)
                b = a
                a = temp
            }
            h[0] = h[0] &+ a
            h[1] = h[1] &+ b
            h[2] = h[2] &+ c
            h[3] = h[3] &+ d
            h[4] = h[4] &+ e
        }
        return h.flatMap(SHA256.bigEndianBytes)
    }
}
