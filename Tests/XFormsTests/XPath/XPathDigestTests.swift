import Foundation
import TestSupport
import Testing

@testable import FormContextXForms

/// `digest()` and `base64-decode()`, against what JavaRosa 5.1.0 gave for the same expressions
/// (`../shared/oracle/run` on a form of calculations over the same text).
@Suite struct XPathDigestTests {
    /// Per text, the hex digests JavaRosa gave: MD5, SHA-1, SHA-256, SHA-384, SHA-512.
    static let hexDigests: [(text: String, hex: [String])] = [
        (
            "",
            [
                "d41d8cd98f00b204e9800998ecf8427e", "da39a3ee5e6b4b0d3255bfef95601890afd80709",
                "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
                "38b060a751ac96384cd9327eb1b1e36a21fdb71114be07434c0cc7bf63f6e1da274edebfe76f65fbd51ad2f14898b95b",
                "cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce47d0d13c5d85f2b0ff8318d2877eec2f63b931bd47417a81a538327af927da3e",
            ]
        ),
        (
            "abc",
            [
                "900150983cd24fb0d6963f7d28e17f72", "a9993e364706816aba3e25717850c26c9cd0d89d",
                "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
                "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed8086072ba1e7cc2358baeca134c825a7",
                "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f",
            ]
        ),
        (
            "é!*&",
            [
                "4525e2377178b55413bb3f29bbf59d2e", "6f14c7dba84d6141c7511f28b2d7124ed2a3986f",
                "57eacf73b1f26dd139ee017afc448e413dedbc1a93c3030a4941881d75de1c6c",
                "d2beab89b3b9bc3c2699c2838f8b8c5c125463fdc140c685ea9f6a000b2e72a159218566fa9ba804e5a77323d359ea23",
                "1e1d4ae1c04dd5be61caccf8686a0fde66ce072c549c038da3aa874c663b96b3d92dcbb3c5bd279f5bd81d1a9ea0dec417da4216ff97f1ec1d14a4510e7ebb15",
            ]
        ),
    ]

    @Test("each algorithm's hex digest is JavaRosa's, the algorithm and encoding named in any case")
    func hexDigests() throws {
        for (text, hexes) in Self.hexDigests {
            for (algorithm, hex) in zip(["MD5", "SHA-1", "SHA-256", "SHA-384", "sha-512"], hexes) {
                #expect(try Fixture.string("digest('\(text)', '\(algorithm)', 'hex')") == hex, "\(algorithm) of \(text)")
                #expect(try Fixture.string("digest('\(text)', '\(algorithm)', 'HEX')") == hex, "\(algorithm) of \(text)")
            }
        }
    }

    /// Inputs of every length across the hashes' block edges (55, 56, 64, 111, 112, 128 bytes), of
    /// seeded random bytes, against Python's `hashlib`.
    @Test("digests of random inputs of every length up to 260 bytes are hashlib's")
    func againstHashlib() throws {
        var random = SplitMix64(seed: 23)
        let inputs = (0...260).map { length in (0..<length).map { _ in UInt8.random(in: 0...255, using: &random) } }
        let script = """
            import hashlib, sys
            for line in sys.stdin.read().split():
                data = bytes.fromhex(line[1:])
                print(" ".join(hashlib.new(name, data).hexdigest() for name in ["md5", "sha1", "sha256", "sha384", "sha512"]))
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data(inputs.map { "x" + XFormDigest.hexText($0) }.joined(separator: "\n").utf8))
        try input.fileHandleForWriting.close()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let lines = text.split(separator: "\n")
        try #require(lines.count == inputs.count)
        for (bytes, line) in zip(inputs, lines) {
            #expect(XFormDigest.allCases.map { $0.hex(bytes) }.joined(separator: " ") == line, "\(bytes.count) bytes")
        }
    }

    @Test("base64 is the default encoding, and gives JavaRosa's text")
    func base64Digests() throws {
        #expect(try Fixture.string("digest('', 'SHA-256')") == "47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=")
        #expect(try Fixture.string("digest('abc', 'SHA-256')") == "ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0=")
        #expect(try Fixture.string("digest('abc', 'MD5', 'base64')") == "kAFQmDzST7DWlj99KOF/cg==")
        #expect(try Fixture.string("digest('%%%', 'MD5', 'base64')") == "UZY5ciRv08oY6ytIC5gbiQ==")
        #expect(
            try Fixture.string("digest('', 'SHA-512', 'base64')")
                == "z4PhNX7vuL3xVChQ1m2AB9Yg5AULVxXcg/SpIdNs6c5H0NE8XYXysP+DGNKHfuwvY7kxvUdBeoGlODJ6+SfaPg==")
    }

    @Test(
        "base64-decode reads as JavaRosa does",
        arguments: [
            ("SGVsbG8sIMOpdMOpIQ==", "Hello, été!"), ("SGV sbG8=", "Hello"), ("", ""),
            // Not base64: blank.
            ("abc", ""), ("SGVsbG8", ""), ("YW_j", ""), ("é!*&", ""),
            // `=` reads as a zero digit anywhere; as many bytes go from the end as it ends with.
            ("YQ==YQ==", "a\u{0}\u{0}a"), ("Y=Q=", "`\u{4}"), ("=QQ=", "\u{1}\u{4}"), ("YQ=a", "a\u{0}\u{1a}"), ("Y===", ""),
            // A byte that is no UTF-8 reads as U+FFFD.
            ("/w==", "\u{FFFD}"),
        ])
    func base64Decode(_ text: String, _ expected: String) throws {
        #expect(try Fixture.string("base64-decode('\(text)')") == expected)
    }

    @Test(
        "another algorithm or encoding is an error naming it, as JavaRosa refuses it",
        arguments: [
            ("digest('a', 'foo')", "digest(): 'foo' is no algorithm (MD5, SHA-1, SHA-256, SHA-384 or SHA-512) in \"digest('a', 'foo')\""),
            ("digest('a', 'MD5', 'b32')", "digest(): 'b32' is no encoding (hex or base64) in \"digest('a', 'MD5', 'b32')\""),
        ])
    func refusals(_ source: String, _ message: String) throws {
        let error = try #require(throws: XPathError.self) { try Fixture.string(source) }
        #expect(error.description == message)
    }
}
