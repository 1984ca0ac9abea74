import Foundation
import Testing

@testable import FormContextCore
@testable import FormContextDurability
import TestSupport

@Suite("Draft files")
struct DraftFileTests {
    @Test("CRC-32 matches the published check values", arguments: [
        ("", 0x0000_0000 as UInt32),
        ("a", 0xE8B7_BE43),
        ("123456789", 0xCBF4_3926),
        ("The quick brown fox jumps over the lazy dog", 0x414F_A339),
    ])
    func crc32(text: String, expected: UInt32) {
        #expect(CRC32.checksum(Array(text.utf8)) == expected)
        #expect(CRC32.hex(expected).count == 8)
    }

    @Test("the envelope refuses foreign, truncated, damaged and newer files")
    func envelope() throws {
        let payload = Array(#"{"a":1}"#.utf8)
        let file = RecordEnvelope.wrap(payload, kind: "draft")
        #expect(String(decoding: file, as: UTF8.self) == "FormContext draft format=1 length=7 crc32=\(CRC32.hex(CRC32.checksum(payload)))\n{\"a\":1}")
        #expect(try RecordEnvelope.unwrap(file, kind: "draft") == payload)
        #expect(throws: RecordEnvelope.Problem.foreign) { try RecordEnvelope.unwrap(Array("PK\u{3}\u{4}zipped".utf8), kind: "draft") }
        #expect(throws: RecordEnvelope.Problem.foreign) { try RecordEnvelope.unwrap(RecordEnvelope.wrap(payload, kind: "record"), kind: "draft") }
        #expect(throws: RecordEnvelope.Problem.truncated(announced: 7, found: 5)) { try RecordEnvelope.unwrap(Array(file.dropLast(2)), kind: "draft") }
        var damaged = file
        damaged[damaged.count - 2] = UInt8(ascii: "2")
        #expect(throws: RecordEnvelope.Problem.checksum(stored: CRC32.hex(CRC32.checksum(payload)), computed: CRC32.hex(CRC32.checksum(Array(#"{"a":2}"#.utf8))))) {
            try RecordEnvelope.unwrap(damaged, kind: "draft")
        }
        let newer = Array("FormContext draft format=2 length=7 crc32=00000000\n{\"a\":1}".utf8)
        #expect(throws: RecordEnvelope.Problem.newerFormat(2)) { try RecordEnvelope.unwrap(newer, kind: "draft") }
        #expect(RecordEnvelope.Problem.newerFormat(2).description == "written in format 2; this version reads format 1")
    }

    @Test("dates are written with every fractional digit and read back to the same instant")
    func exactDates() throws {
        var random = SplitMix64(seed: 0x5EED_DA7E)
        let seed = random.state
        for _ in 0..<500 {
            let interval = Double.random(in: -60_000_000_000...200_000_000_000, using: &random)
            let date = Date(timeIntervalSinceReferenceDate: Bool.random(using: &random) ? interval : interval.rounded())
            let text = try #require(ISO8601DateText.format(date))
            #expect(ISO8601DateText.parse(text) == date, "seed \(seed): \(text)")
        }
        #expect(ISO8601DateText.format(Date(timeIntervalSinceReferenceDate: 0.000015)) == "2001-01-01T00:00:00.000015Z")
        #expect(ISO8601DateText.format(Date(timeIntervalSince1970: 1_714_564_800)) == "2024-05-01T12:00:00Z")
        #expect(ISO8601DateText.format(Date.distantFuture.addingTimeInterval(1e12)) == nil)
    }
}
