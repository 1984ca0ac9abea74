import Foundation
@_spi(Diagnostics) @testable import FormContextCore
@testable import FormContextXForms
import TestSupport
import Testing

/// Live records of our own forms (Tests/XFormsTests/Forms), against what JavaRosa 5.1.0 gave for
/// the same scripts (`../shared/oracle/run FORM.xml FORM.script`, kept as `FORM.expected`).
@Suite("XForm records: live forms with JavaRosa's semantics")
struct XFormRecordTests {
    static let forms = DocSnippet.packageRoot.appendingPathComponent("Tests/XFormsTests/Forms")
    static let clock = Date(timeIntervalSince1970: 946_684_800)

    static func form(_ name: String, seed: UInt64 = 1) throws -> XForm {
        try XForm(XFormDocument(contentsOf: forms.appendingPathComponent(name + ".xml")), environment: .seeded(seed, now: clock))
    }

    static func text(_ name: String, _ ext: String) throws -> String {
        try String(contentsOf: forms.appendingPathComponent(name + "." + ext), encoding: .utf8)
    }

    @Test("our forms' scripts give JavaRosa's output line for line (instance ids aside)", arguments: ["live-survey", "body-languages", "repeat-preloads"])
    func scriptMatchesJavaRosa(_ name: String) throws {
        let result = ConformanceRunner.check(name, in: Self.forms, with: LiveRecordEngine.self, expected: [])
        #expect(result.passes, "\(ConformanceResult.table([result]))\n\(result.unexplained.map { "\($0.difference)" }.joined(separator: "\n"))")
    }

    @Test("values are stored as JavaRosa stores them")
    func storedAsJavaRosaStores() throws {
        let record = try XFormRecord(Self.form("live-survey"))
        // JavaRosa gave: a false comparison in a string node is "0", sum() of no instances "0".
        #expect(try record.value(at: "/data/adult") == "0")
        #expect(try record.value(at: "/data/total_area") == "0")
        try record.set("7", at: "/data/age")
        // 7 div 2 truncates in an int node; 7 div 4 is 1.75 in a decimal one; "0" stays a boolean
        // false when read back (the consent group is not relevant).
        #expect(try record.value(at: "/data/half") == "3")
        #expect(try record.value(at: "/data/ratio") == "1.75")
        #expect(record.nodes.first { $0.path == "/data/consent" }?.isRelevant == false)
        try record.set("41", at: "/data/age")
        #expect(try record.value(at: "/data/adult") == "1")
        #expect(record.nodes.first { $0.path == "/data/consent/signed" }?.isRelevant == true)
        // A typed-in decimal 4 is "4.0"; a calculated integral decimal is "4".
        try record.addRepeat(at: "/data/plots")
        try record.set("4", at: "/data/plots[1]/area")
        #expect(try record.value(at: "/data/plots/area") == "4.0")
        #expect(try record.value(at: "/data/total_area") == "4")
        // The engine holds an int node's value as an Int, keyed by its path below the root.
        #expect(record.object["age"] as? Int == 41)
        #expect(record.object["consent/signed#relevant"] == nil)
        #expect(record.object["consent#relevant"] as? Bool == true)
    }

    @Test("a new record has a uuid instance id from the seeded environment, the same for the same seed")
    func instanceIDIsSeeded() throws {
        let first = try XFormRecord(Self.form("live-survey", seed: 7)).value(at: "/data/meta/instanceID")
        let again = try XFormRecord(Self.form("live-survey", seed: 7)).value(at: "/data/meta/instanceID")
        let other = try XFormRecord(Self.form("live-survey", seed: 8)).value(at: "/data/meta/instanceID")
        #expect(first == again)
        #expect(first != other)
        #expect(first?.hasPrefix("uuid:") == true && first?.count == 41)
    }

    @Test("text the type cannot hold, a group, an unknown path or position is refused and nothing changes")
    func refusals() throws {
        let record = try XFormRecord(Self.form("live-survey"))
        try record.set("12", at: "/data/age")
        let before = record.nodes
        for (text, path) in [("12a", "/data/age"), ("x", "/data/consent"), ("1", "/data/nowhere"), ("1", "/data/plots[1]/area"), ("east", "/data/region")] {
            #expect(throws: XFormError.self) { try record.set(text, at: path) }
        }
        #expect(throws: XFormError.self) { try record.removeRepeat(at: "/data/plots[1]") }
        #expect(throws: XFormError.self) { try record.addRepeat(at: "/data/age") }
        #expect(record.nodes == before)
        let error = try #require(throws: XFormError.self) { try record.set("12a", at: "/data/age") }
        #expect(error.description == #""12a" is no value for "/data/age" (int): expected a whole number from -2147483648 to 2147483647"#)
    }

    @Test("a change re-runs only the rules that read it")
    func changesRunOnlyTheirReaders() throws {
        let record = try XFormRecord(Self.form("live-survey"))
        try record.addRepeat(at: "/data/plots")
        try record.addRepeat(at: "/data/plots")
        try record.set("3", at: "/data/plots[2]/area")
        let rules = Set(record.object.lastRuleRuns.map(\.rule))
        // The area's readers: its row's crop relevance (and the crop's visibility, which reads it)
        // and the total; nothing of the other row or of the form's other nodes.
        #expect(rules == ["plots.r2.crop#relevant", "plots.r2.crop (visible)", "total_area"], "\(rules)")
        try record.set("41", at: "/data/age")
        let ageRules = Set(record.object.lastRuleRuns.map(\.rule))
        #expect(ageRules.isSuperset(of: ["adult", "half", "ratio", "consent#relevant"]), "\(ageRules)")
        #expect(ageRules.allSatisfy { ["adult", "half", "ratio"].contains($0) || $0.hasPrefix("consent") }, "\(ageRules)")
    }

    @Test("errors in a form name the bind, the attribute and the position", arguments: [
        (#"<bind nodeset="/data/a" calculate="1 +"/>"#, XFormError.Kind.invalidExpression, #"bind for /data/a, calculate: "#),
        (#"<bind nodeset="/data/zzz" required="true()"/>"#, .unmatchedBind, #"bind for "/data/zzz" selects no node"#),
        (#"<bind nodeset="/data/n" type="int"/>"#, .invalidDefault, #"/data/n has the default "x1", which its type int cannot hold"#),
        (#"<bind nodeset="/data/a" calculate="/data/b"/><bind nodeset="/data/b" relevant="/data/a = 1"/>"#, .cycle,
         "in a loop: /data/a → /data/b → /data/a"),
    ])
    func formErrors(_ binds: String, _ kind: XFormError.Kind, _ message: String) throws {
        let xml = """
            <h:html xmlns="http://www.w3.org/2002/xforms" xmlns:h="http://www.w3.org/1999/xhtml"><h:head><model>\
            <instance><data><a/><b/><n>x1</n></data></instance>\(binds)</model></h:head><h:body/></h:html>
            """
        let document = try XFormDocument(data: Data(xml.utf8))
        let error = try #require(throws: XFormError.self) { try XForm(document) }
        #expect(error.kind == kind)
        #expect(error.message.contains(message), "\(error)")
    }

    @Test("an expression's bad text is quoted safely in the error")
    func hostileExpressionQuoted() throws {
        let xml = """
            <h:html xmlns="http://www.w3.org/2002/xforms" xmlns:h="http://www.w3.org/1999/xhtml"><h:head><model>\
            <instance><data><a/></data></instance><bind nodeset="/data/a" relevant="1 + &#x202E;[2J"/></model></h:head><h:body/></h:html>
            """
        let error = try #require(throws: XFormError.self) { try XForm(XFormDocument(data: Data(xml.utf8))) }
        #expect(!error.description.unicodeScalars.contains { $0.value == 0x202E }, "\(error)")
        #expect(error.description.contains(#"\u{202e}"#), "\(error)")
    }

    @Test("elements with dots in their names are keyed with ~ and still run")
    func dottedNames() throws {
        let xml = """
            <h:html xmlns="http://www.w3.org/2002/xforms" xmlns:h="http://www.w3.org/1999/xhtml"><h:head><model>\
            <instance><data><a.b/><r.s jr:template="" xmlns:jr="http://openrosa.org/javarosa"><x.y/><z/></r.s></data></instance>\
            <bind nodeset="/data/r.s/z" calculate="../x.y * 2"/></model></h:head>\
            <h:body><repeat nodeset="/data/r.s"><input ref="x.y"/></repeat></h:body></h:html>
            """
        let record = try XFormRecord(XForm(XFormDocument(data: Data(xml.utf8))))
        try record.set("v", at: "/data/a.b")
        try record.addRepeat(at: "/data/r.s")
        try record.set("4", at: "/data/r.s[1]/x.y")
        #expect(record.object["a~b"] as? String == "v")
        #expect(try record.value(at: "/data/r.s[1]/z") == "8")
    }

    @Test("the record as an instance tree leaves out nodes that are not relevant")
    func instanceTree() throws {
        let record = try XFormRecord(Self.form("live-survey"))
        try record.set("7", at: "/data/age")
        try record.addRepeat(at: "/data/plots")
        let tree = record.instance
        let names = tree.children.map(\.name.localName)
        #expect(names == ["region", "town", "age", "adult", "half", "ratio", "locked", "plots", "plot_count", "total_area", "last_region", "meta"])
        #expect(tree.attribute("version") == "3")
        let plot = try #require(tree.children.first { $0.name.localName == "plots" })
        #expect(plot.children.map(\.name.localName) == ["area", "number"])
        #expect(tree.children.first { $0.name.localName == "half" }?.text == "3")
    }

    @Test("jr:choice-name(value, 'path') gives the label of the select at the path; geopoints get 0.0 altitude and accuracy")
    func choiceNameAndGeopoints() throws {
        let xml = """
            <h:html xmlns="http://www.w3.org/2002/xforms" xmlns:h="http://www.w3.org/1999/xhtml"><h:head><model>\
            <instance><data><color/><name/><where/></data></instance><bind nodeset="/data/where" type="geopoint"/>\
            <bind nodeset="/data/name" calculate="jr:choice-name(/data/color, '/data/color')"/></model></h:head>\
            <h:body><select1 ref="/data/color"><item><label>Red</label><value>r</value></item>\
            <item><label>Green</label><value>g</value></item></select1></h:body></h:html>
            """
        let record = try XFormRecord(XForm(XFormDocument(data: Data(xml.utf8))))
        try record.set("g", at: "/data/color")
        // JavaRosa gives "Green", and "-1.5 36.8 0.0 0.0" for the point.
        #expect(try record.value(at: "/data/name") == "Green")
        try record.set("-1.5 36.8", at: "/data/where")
        #expect(try record.value(at: "/data/where") == "-1.5 36.8 0.0 0.0")
    }
}
