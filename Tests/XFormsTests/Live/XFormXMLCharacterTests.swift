import Foundation
@testable import FormContextXForms
import TestSupport
import Testing

/// Values XML 1.0 cannot hold are refused where they come in, not when the record is sent.
@Suite("XForm records: characters XML 1.0 cannot hold")
struct XFormXMLCharacterTests {
    static let document: XFormDocument = {
        // A form of ours; the `try!` cannot fail on this fixed text.
        try! XFormDocument(data: Data("""
            <h:html xmlns="http://www.w3.org/2002/xforms" xmlns:h="http://www.w3.org/1999/xhtml">
              <h:head>
                <h:title>Notes</h:title>
                <model>
                  <instance><data id="notes"><note/></data></instance>
                </model>
              </h:head>
              <h:body/>
            </h:html>
            """.utf8))
    }()

    /// The oracle: XML 1.0's `Char` production, for the scalars Swift strings can hold.
    static func isXMLChar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }

    static let pool: [UInt32] = Array(0x00...0x20) + [0x41, 0x7F, 0x85, 0xD7FF, 0xE000, 0xFFFD, 0xFFFE, 0xFFFF, 0x10000, 0x1F600]

    @Test("set and answer refuse a value iff it holds a character XML cannot, naming node and character, and keep the old value (seeded)")
    func refusedAtSet() throws {
        var random = SplitMix64(seed: 0x5EED_0002)
        let record = try XFormRecord(XForm(Self.document))
        try record.set("kept", at: "/data/note")
        for _ in 0..<400 {
            let length = Int(random.next() % 6)
            let scalars = (0..<length).map { _ in Unicode.Scalar(Self.pool[Int(random.next() % UInt64(Self.pool.count))])! }
            let text = String(String.UnicodeScalarView(scalars))
            let bad = scalars.first { !Self.isXMLChar($0) }
            for useAnswer in [false, true] {
                do {
                    if useAnswer { _ = try record.answer(text, at: "/data/note") } else { try record.set(text, at: "/data/note") }
                    #expect(bad == nil, "accepted U+\(String(bad?.value ?? 0, radix: 16))")
                    try record.set("kept", at: "/data/note")
                } catch {
                    let code = String(format: "U+%04X", bad?.value ?? 0)
                    #expect(bad != nil, "refused \(error.message)")
                    #expect(error.message.contains("/data/note") && error.message.contains(code), "\(error.message)")
                    #expect(try record.value(at: "/data/note") == "kept")
                }
            }
        }
    }

    @Test("a record whose XML carries a character reference XML cannot hold is refused", arguments: ["&#27;", "&#x1B;", "&#0;", "&#xFFFE;"])
    func refusedWhenRead(_ reference: String) throws {
        let xml = "<data id=\"notes\"><note>a\(reference)b</note></data>"
        #expect(throws: XFormReadError.self) { try Self.document.record(fromXML: Data(xml.utf8)) }
    }
}
