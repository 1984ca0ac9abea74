import Foundation
import FormContextCore
@testable import FormContextXForms
import Testing

/// An XForm's `readonly` is the engine's read-only: the engine's controls refuse edits to a
/// read-only node (its own `readonly` or one of a node above it in the instance), while the record's
/// own `set` writes it as JavaRosa's `setValue` does.
@Suite("XForm records: readonly is the engine's read-only")
struct XFormReadOnlyTests {
    @Test("a control bound to a node under a read-only group refuses edits, and takes them once the condition fails")
    func controlsRefuseReadOnlyNodes() throws {
        let record = try XFormPromptTests.record()
        let note = FieldControl<String>(key: "details/note")
        try note.connect(to: record.object)
        #expect(record.object.fieldState(for: "details/note").isReadOnly)
        note.text = "typed"
        #expect(note.parseError == .readOnly(key: "details/note"))
        #expect(try record.value(at: "/data/details/note") == nil)
        // The record's own set is the program's write: it goes through, as JavaRosa's setValue does.
        try record.set("by the program", at: "/data/details/note")
        #expect(try record.value(at: "/data/details/note") == "by the program")
        try record.set("no", at: "/data/details/signed")
        #expect(!record.object.fieldState(for: "details/note").isReadOnly)
        note.text = "typed"
        #expect(note.parseError == nil)
        #expect(try record.value(at: "/data/details/note") == "typed")
    }

    @Test("the engine's read-only state is the record's, node for node, in and out of repeats")
    func engineStateMatchesNodes() throws {
        let xml = """
            <h:html xmlns="http://www.w3.org/2002/xforms" xmlns:h="http://www.w3.org/1999/xhtml" xmlns:jr="http://openrosa.org/javarosa">
              <h:head><model>
                <instance><data id="ro"><lock/><a/><g><b/></g><r jr:template=""><c/><d/></r></data></instance>
                <bind nodeset="/data/lock" type="string"/>
                <bind nodeset="/data/a" readonly="/data/lock = 'a'"/>
                <bind nodeset="/data/g" readonly="/data/lock = 'g'"/>
                <bind nodeset="/data/r" readonly="/data/lock = 'r'"/>
                <bind nodeset="/data/r/d" readonly="../c = 'x'"/>
              </model></h:head>
              <h:body>
                <input ref="/data/lock"/><input ref="/data/a"/>
                <group ref="/data/g"><input ref="b"/></group>
                <repeat nodeset="/data/r"><input ref="c"/><input ref="d"/></repeat>
              </h:body>
            </h:html>
            """
        let record = try XFormRecord(XForm(XFormDocument(data: Data(xml.utf8))))
        try record.addRepeat(at: "/data/r")
        try record.addRepeat(at: "/data/r")
        try record.set("x", at: "/data/r[2]/c")
        let rows = record.object.rows(of: "r")
        let keys = ["/data/a": "a", "/data/g/b": "g/b", "/data/r[1]/c": "r.\(rows[0]).c", "/data/r[1]/d": "r.\(rows[0]).d",
            "/data/r[2]/c": "r.\(rows[1]).c", "/data/r[2]/d": "r.\(rows[1]).d"]
        for lock in ["", "a", "g", "r", "none"] {
            try record.set(lock, at: "/data/lock")
            for node in record.nodes {
                guard let key = keys[node.path] else { continue }
                #expect(record.object.fieldState(for: key).isReadOnly == node.isReadonly, "\(lock): \(node.path)")
            }
        }
        #expect(record.nodes.first { $0.path == "/data/r[2]/d" }?.isReadonly == true)
    }
}
