import Foundation
import FormContextXForms
import TestSupport
import Testing

// The "Submission XML" examples of Docs/XForms.md, compiled with a plain `import FormContextXForms`
// (no `@testable`), as an app imports the module, and run here: what they print is checked against
// what the guide says they print.

@Suite("Docs/XForms.md: the submission examples run and print what the guide says")
struct SubmissionGuideTests {
    @Test("writing a record, reading it back, editing it")
    func submission() throws {
        var printed: [String] = []
        func print(_ items: Any...) { printed.append(items.map { "\($0)" }.joined(separator: " ")) }
        // --- Docs/XForms.md: Submission XML
        let form = try XFormDocument(data: Data("""
            <h:html xmlns="http://www.w3.org/2002/xforms" xmlns:h="http://www.w3.org/1999/xhtml"
                    xmlns:jr="http://openrosa.org/javarosa" xmlns:orx="http://openrosa.org/xforms">
              <h:head>
                <h:title>Visits</h:title>
                <model>
                  <instance>
                    <data id="visits" version="3">
                      <child jr:template=""><name/></child>
                      <note>Ama &amp; Kofi</note>
                      <meta><instanceID/></meta>
                    </data>
                  </instance>
                </model>
              </h:head>
              <h:body/>
            </h:html>
            """.utf8))
        // The record as the form starts it, with a first instance ID from a seeded random source.
        let seeded = XPathEnvironment.seeded(1, now: Date(timeIntervalSince1970: 0))
        var record = form.primaryInstance
        try record.renewInstanceID(XFormInstanceID(environment: seeded))
        let xml = try form.submissionXML(for: record)
        print(String(decoding: xml, as: UTF8.self))

        // Read back to be edited: the old ID becomes meta/deprecatedID.
        var edited = try form.record(fromXML: xml)
        let old = try edited.renewInstanceID(XFormInstanceID(environment: seeded))
        print(old == (try record.instanceID()))
        for field in edited.children.last?.children ?? [] { print(field.name.localName, field.value) }

        // A record that does not fit the form is refused, naming the path.
        do {
            _ = try form.record(fromXML: Data(#"<data id="visits" version="3"><child><nickname/></child></data>"#.utf8))
        } catch {
            print(error.kind, "-", error)
        }
        // --- end
        #expect(printed == [
            #"<?xml version='1.0' encoding='UTF-8' ?><data id="visits" version="3" xmlns:orx="http://openrosa.org/xforms" "#
                + #"xmlns:h="http://www.w3.org/1999/xhtml" xmlns:jr="http://openrosa.org/javarosa"><note>Ama &amp; Kofi</note>"#
                + "<meta><instanceID>uuid:91bef871-71c3-4085-89cb-679a74876f2a</instanceID></meta></data>",
            "true",
            "instanceID uuid:a5d0aee2-1014-4e1f-890c-83b60bff9996",
            "deprecatedID uuid:91bef871-71c3-4085-89cb-679a74876f2a",
            "recordMismatch - line 1, column 47: /data/child[1]/nickname is not in this form",
        ])
    }
}
