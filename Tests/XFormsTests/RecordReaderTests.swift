import Foundation
@testable import FormContextXForms
import TestSupport
import Testing

/// Instance XML read back into a record of its form: as safely as a form, and checked against the
/// form's primary instance, with an error naming both roots or the path that does not fit.
@Suite("Submission XML: a record read back against its form")
struct RecordReaderTests {
    static let households = Result { try XFormDocument(contentsOf: XFormExampleFormTests.forms.appendingPathComponent("households.xml")) }

    static let root = #"<data id="households" version="1" xmlns:jr="http://openrosa.org/javarosa">"#

    static func readError(_ xml: String, options: XFormReadOptions = XFormReadOptions()) throws -> XFormReadError? {
        do {
            _ = try households.get().record(fromXML: Data(xml.utf8), options: options)
            return nil
        } catch let error as XFormReadError {
            return error
        }
    }

    @Test("a submission reads back with its repeats in order and what was not relevant missing")
    func reads() throws {
        let xml = Self.root + "<village>Lakeside</village><visits>0</visits>"
            + "<members><name>Zoë</name><age>2</age></members><members><name>Ann</name><age>9</age><at_school>yes</at_school></members>"
            + "<meta><instanceID>uuid:b166305a-fb02-4f2f-afee-76e52458d18c</instanceID></meta></data>"
        let record = try Self.households.get().record(fromXML: Data(xml.utf8))
        #expect(record.children.map(\.name.localName) == ["village", "visits", "members", "members", "meta"])
        #expect(record.children.filter { $0.name.localName == "members" }.map { $0.children[0].value } == ["Zoë", "Ann"])
        #expect(try record.instanceID()?.description == "uuid:b166305a-fb02-4f2f-afee-76e52458d18c")
    }

    @Test("an edited record's meta/deprecatedID is accepted though the form does not have it")
    func deprecatedID() throws {
        let xml = Self.root + "<meta><instanceID>uuid:b166305a-fb02-4f2f-afee-76e52458d18c</instanceID>"
            + "<deprecatedID>uuid:00000000-0000-4000-8000-000000000000</deprecatedID></meta></data>"
        let record = try Self.households.get().record(fromXML: Data(xml.utf8))
        #expect(record.children[0].children.map(\.name.localName) == ["instanceID", "deprecatedID"])
    }

    @Test("a record of an instance in a namespace of its own reads back with that namespace")
    func schema() throws {
        let document = try XFormDocument(contentsOf: XFormExampleFormTests.forms.appendingPathComponent("submission-schema.xml"))
        let xml = #"<survey xmlns="urn:test:survey" xmlns:orx="http://openrosa.org/xforms" id="submission-schema" orx:version="3"><visit><day>Monday</day></visit></survey>"#
        #expect(try document.record(fromXML: Data(xml.utf8)).children.map(\.name.localName) == ["visit"])
        let elsewhere = xml.replacingOccurrences(of: "urn:test:survey", with: "urn:test:other")
        #expect(throws: XFormReadError(
            .recordMismatch,
            #"the record's root <survey id="submission-schema"> is in the namespace "urn:test:other", but this form's is in "urn:test:survey""#,
            line: 1, column: 109)) { try document.record(fromXML: Data(elsewhere.utf8)) }
    }

    @Test(
        "a record that does not fit the form is refused, naming both roots or the path",
        arguments: [
            (
                #"<survey id="households" version="1"/>"#,
                #"line 1, column 36: the record's root is <survey id="households">, but this form's is <data id="households">"#
            ),
            (
                #"<data id="other" version="1"/>"#,
                #"line 1, column 29: the record's root is <data id="other">, but this form's is <data id="households">"#
            ),
            (
                #"<data id="households" version="2"/>"#,
                #"line 1, column 34: the record is of version "2" of the form "households", but this form is version "1""#
            ),
            (
                #"<data id="households"/>"#,
                #"line 1, column 22: the record is of no version of the form "households", but this form is version "1""#
            ),
            (
                #"<data id="households" version="1"><members><name>A</name></members><members><nickname>B</nickname></members></data>"#,
                "line 1, column 86: /data/members[2]/nickname is not in this form"
            ),
            (
                #"<data id="households" version="1"><village>A</village><village>B</village></data>"#,
                "line 1, column 63: /data/village appears more than once, but this form does not repeat it"
            ),
            (
                #"<data id="households" version="1" xmlns:jr="http://openrosa.org/javarosa"><members jr:template=""><name/></members></data>"#,
                "line 1, column 98: /data/members[1] is a repeat template (jr:template); a record holds none"
            ),
            (
                #"<data id="households" version="1"><followup>late<reason>x</reason></followup></data>"#,
                "line 1, column 44: /data/followup holds text, but in this form it is a group of elements"
            ),
            (
                #"<data id="households" version="1"><village><street>x</street></village></data>"#,
                "line 1, column 51: /data/village/street is not in this form"
            ),
        ])
    func mismatch(xml: String, message: String) throws {
        let error = try #require(try Self.readError(xml))
        #expect(error.kind == .recordMismatch)
        #expect(error.description == message)
    }

    @Test("hostile instance XML gets the form reader's errors: DTD, deep nesting, invalid UTF-8, size")
    func hostile() throws {
        let dtd = try #require(try Self.readError(
            "<!DOCTYPE data [<!ENTITY x SYSTEM 'file:///etc/passwd'>]>\n" + Self.root + "<village>&x;</village></data>"))
        #expect(dtd.kind == .refusedDTD && dtd.line == 1)
        let deep = try #require(try Self.readError(
            Self.root + String(repeating: "<village>", count: 100_000), options: XFormReadOptions(maximumDepth: 32)))
        #expect(deep.description.hasSuffix("<village> is nested 33 elements deep, over the limit of 32"))
        var bytes = Data((Self.root + "<village>").utf8)
        bytes.append(contentsOf: [0xC3, 0x28])
        bytes.append(contentsOf: Data("</village></data>".utf8))
        let document = try Self.households.get()
        do {
            _ = try document.record(fromXML: bytes)
            Issue.record("invalid UTF-8 was read")
        } catch {
            #expect(error.kind == .invalidEncoding)
            #expect(error.description == "line 1, column 84: invalid UTF-8: byte 0xC3 at offset 83")
        }
        let padded = Self.root + String(repeating: " ", count: 2_000) + "</data>"
        let large = try #require(try Self.readError(padded, options: XFormReadOptions(maximumBytes: 1_000)))
        #expect(large.description == "the document is \(padded.utf8.count) bytes, over the limit of 1000 bytes")
        let truncated = try #require(try Self.readError(Self.root + "<village>Lake"))
        #expect(truncated.kind == .malformedXML)
    }

    @Test("a record file is read within the size limit; a missing file or a folder is refused")
    func files() throws {
        let folder = try ScratchFolder("record-files")
        defer { folder.remove() }
        let folderURL = URL(fileURLWithPath: folder.path)
        let url = URL(fileURLWithPath: folder.file("record.xml"))
        let bytes = Data((Self.root + "<village>Lakeside</village></data>").utf8)
        try bytes.write(to: url)
        #expect(try Self.households.get().record(contentsOf: url).children.map(\.value) == ["Lakeside"])
        #expect(throws: XFormReadError(.tooLarge, "the file is \(bytes.count) bytes, over the limit of 100 bytes", file: "record.xml")) {
            try Self.households.get().record(contentsOf: url, options: XFormReadOptions(maximumBytes: 100))
        }
        #expect(throws: XFormReadError(.unreadableFile, "the path is not a regular file", file: folderURL.lastPathComponent)) {
            try Self.households.get().record(contentsOf: folderURL)
        }
    }
}
