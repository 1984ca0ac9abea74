import Foundation
@testable import FormContextXForms
import Testing

/// Expressions that fail only after the form loaded are reported per node, not silently blank.
@Suite("XForm records: expressions that fail after load are reported")
struct XFormEvaluationErrorTests {
    static func form() throws -> XForm {
        try XForm(XFormDocument(data: Data("""
            <h:html xmlns="http://www.w3.org/2002/xforms" xmlns:h="http://www.w3.org/1999/xhtml">
              <h:head>
                <h:title>Patterns</h:title>
                <model>
                  <instance>
                    <data id="patterns">
                      <pattern/>
                      <matches/>
                      <row jr:template="" xmlns:jr="http://openrosa.org/javarosa"><p/><ok/></row>
                    </data>
                  </instance>
                  <bind nodeset="/data/matches" calculate="regex('abc', /data/pattern)"/>
                  <bind nodeset="/data/row/ok" relevant="regex('x', ../p)"/>
                </model>
              </h:head>
              <h:body/>
            </h:html>
            """.utf8)))
    }

    @Test("a calculation whose regex comes from an answer names the bind, the attribute and the reason")
    func calculationFailure() throws {
        let record = try XFormRecord(Self.form())
        #expect(record.evaluationErrors().isEmpty)
        try record.set("b", at: "/data/pattern")
        #expect(record.evaluationErrors().isEmpty)
        // JavaRosa throws from this change: "Error evaluating field 'matches' (/data/matches[1]):
        // Unclosed group near index 1".
        try record.set("(", at: "/data/pattern")
        #expect(try record.value(at: "/data/matches") == nil)
        let errors = record.evaluationErrors()
        #expect(errors.map(\.kind) == [.evaluation])
        #expect(errors.map(\.path) == ["/data/matches"])
        #expect(errors.first?.message.contains("calculate") == true)
        #expect(errors.first?.message.contains("is no regular expression") == true)
        try record.set("a", at: "/data/pattern")
        #expect(record.evaluationErrors().isEmpty)
    }

    @Test("a failure inside a repeat names the instance it happens in")
    func repeatFailure() throws {
        let record = try XFormRecord(Self.form())
        let first = try record.addRepeat(at: "/data/row")
        let second = try record.addRepeat(at: "/data/row")
        try record.set("x", at: first + "/p")
        try record.set("[", at: second + "/p")
        let errors = record.evaluationErrors()
        #expect(errors.map(\.path) == ["/data/row[2]/ok"])
        #expect(errors.first?.message.contains("relevant") == true)
    }
}
