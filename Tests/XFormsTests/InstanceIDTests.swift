import Foundation
@testable import FormContextXForms
import TestSupport
import Testing

/// `meta/instanceID`: made from the environment's random source, read back with its form checked,
/// and renewed for an edited record with the old one kept as `meta/deprecatedID`.
@Suite("Submission XML: instance IDs")
struct InstanceIDTests {
    static let noon = Date(timeIntervalSince1970: 1_592_222_400)

    @Test("a seeded environment makes the same version 4 IDs in the same order; different seeds differ")
    func seeded() {
        let first = (0..<50).map { _ in XFormInstanceID(environment: .seeded(3, now: Self.noon)) }
        #expect(Set(first).count == 1)
        let environment = XPathEnvironment.seeded(3, now: Self.noon)
        let run = (0..<50).map { _ in XFormInstanceID(environment: environment).description }
        let again = XPathEnvironment.seeded(3, now: Self.noon)
        #expect(run == (0..<50).map { _ in XFormInstanceID(environment: again).description })
        #expect(Set(run).count == 50)
        #expect(run[0] == first[0].description)
        #expect(XFormInstanceID(environment: .seeded(4, now: Self.noon)) != first[0])
        for id in run {
            // uuid:xxxxxxxx-xxxx-4xxx-[89ab]xxx-xxxxxxxxxxxx, lowercase
            let text = Array(id)
            #expect(id.hasPrefix("uuid:") && id.count == 41 && id == id.lowercased(), "\(id)")
            #expect(text[19] == "4" && "89ab".contains(text[24]), "\(id)")
            #expect(XFormInstanceID(id)?.description == id)
        }
    }

    @Test("reading an ID: uuid: and a UUID in any case, nothing else", arguments: [
        ("uuid:b166305a-fb02-4f2f-afee-76e52458d18c", "uuid:b166305a-fb02-4f2f-afee-76e52458d18c"),
        ("uuid:B166305A-FB02-4F2F-AFEE-76E52458D18C", "uuid:b166305a-fb02-4f2f-afee-76e52458d18c"),
        ("b166305a-fb02-4f2f-afee-76e52458d18c", nil),
        ("UUID:b166305a-fb02-4f2f-afee-76e52458d18c", nil),
        ("uuid:b166305a-fb02-4f2f-afee-76e52458d18c ", nil),
        ("uuid:b166305afb024f2fafee76e52458d18c", nil),
        ("uuid:", nil),
        ("", nil),
    ] as [(String, String?)])
    func parsing(text: String, read: String?) {
        #expect(XFormInstanceID(text)?.description == read)
    }

    static func record(_ meta: String) -> XFormElement {
        let xml = "<h:html xmlns:h='http://www.w3.org/1999/xhtml' xmlns='http://www.w3.org/2002/xforms' xmlns:orx='http://openrosa.org/xforms'>"
            + "<h:head><model><instance><data id='x'><name>A</name>\(meta)</data></instance></model></h:head></h:html>"
        return (try? XFormDocument(data: Data(xml.utf8)).primaryInstance) ?? XFormElement(name: XFormName("unreadable"))
    }

    @Test("a new record takes its first ID; an edited one keeps the old as meta/deprecatedID, and again on a second edit")
    func renew() throws {
        let document = try XFormDocument(
            data: Data(
                "<h:html xmlns:h='http://www.w3.org/1999/xhtml' xmlns='http://www.w3.org/2002/xforms'><h:head><model><instance><data id='x'><name>A</name><meta><instanceID/></meta></data></instance></model></h:head></h:html>"
                    .utf8))
        var record = document.primaryInstance
        #expect(try record.instanceID() == nil)
        let environment = XPathEnvironment.seeded(9, now: Self.noon)
        let (first, second, third) = (XFormInstanceID(environment: environment), XFormInstanceID(environment: environment), XFormInstanceID(environment: environment))
        #expect(try record.renewInstanceID(first) == nil)
        #expect(try record.instanceID() == first)
        let meta = { (record: XFormElement) in record.children[1].children.map { "\($0.name.localName)=\($0.value)" } }
        #expect(meta(record) == ["instanceID=\(first)"])

        #expect(try record.renewInstanceID(second) == first)
        #expect(meta(record) == ["instanceID=\(second)", "deprecatedID=\(first)"])
        #expect(try record.renewInstanceID(third) == second)
        #expect(meta(record) == ["instanceID=\(third)", "deprecatedID=\(second)"])

        // The edited record is written with both, and reads back as a record of its form.
        let xml = try document.submissionXML(for: record)
        #expect(String(decoding: xml, as: UTF8.self).hasSuffix("<meta><instanceID>\(third)</instanceID><deprecatedID>\(second)</deprecatedID></meta></data>"))
        #expect(meta(try document.record(fromXML: xml)) == meta(record))
    }

    @Test("orx:meta of older forms: the deprecatedID takes the instanceID's namespace and prefix")
    func orxMeta() throws {
        var record = Self.record("<orx:meta><orx:instanceID>uuid:b166305a-fb02-4f2f-afee-76e52458d18c</orx:instanceID></orx:meta>")
        let old = try record.renewInstanceID(XFormInstanceID(environment: .seeded(1, now: Self.noon)))
        #expect(old?.description == "uuid:b166305a-fb02-4f2f-afee-76e52458d18c")
        let deprecated = try #require(record.children[1].children.last)
        #expect(deprecated.name == XFormName("deprecatedID", prefix: "orx", namespaceURI: "http://openrosa.org/xforms"))
    }

    @Test("a record without meta/instanceID, or with one that is not an ID, is refused and left as it was")
    func refused() throws {
        var bare = Self.record("")
        let before = bare
        #expect(throws: XFormReadError(
            .recordMismatch, "the record has no meta/instanceID element: the form needs one for the record to be sent", line: 1, column: 162)) {
            try bare.renewInstanceID(XFormInstanceID(environment: .seeded(1, now: Self.noon)))
        }
        #expect(bare == before)
        var wrong = Self.record("<meta><instanceID>12345\u{202E}evil</instanceID></meta>")
        let unchanged = wrong
        #expect(throws: XFormReadError(
            .recordMismatch, #"meta/instanceID holds "12345\u{202e}evil", which is not "uuid:" and a UUID"#, line: 1, column: 194)) {
            try wrong.renewInstanceID(XFormInstanceID(environment: .seeded(1, now: Self.noon)))
        }
        #expect(wrong == unchanged)
    }
}
