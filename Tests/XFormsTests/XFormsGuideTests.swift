import Foundation
import FormContextXForms
import TestSupport
import Testing

// The examples of Docs/XForms.md, compiled with a plain `import FormContextXForms` (no `@testable`),
// as an app imports the module, and run here: what they print is checked against what the guide says
// they print.

// --- Docs/XForms.md: A data tree of your own
/// A record held as a flat list of nodes: node 0 is the document node, every other one has a name, a
/// value, a parent and children, and may be switched off (not relevant).
struct Record: XPathDataTree {
    struct Entry {
        var name: String
        var value: String
        var parent: Int?
        var children: [Int] = []
        var isRelevant = true
    }

    var entries = [Entry(name: "", value: "", parent: nil)]

    /// Adds an element under `parent` and returns it.
    @discardableResult
    mutating func add(_ name: String, _ value: String = "", under parent: Int) -> Int {
        entries.append(Entry(name: name, value: value, parent: parent))
        entries[parent].children.append(entries.count - 1)
        return entries.count - 1
    }

    func document(_ instance: String?) -> Int? { instance == nil ? 0 : nil }
    func children(of node: Int, named name: String?) -> [Int] {
        entries[node].children.filter { name == nil || entries[$0].name == name }
    }
    func attributes(of node: Int, named name: String?) -> [Int] { [] }
    func parent(of node: Int) -> Int? { entries[node].parent }
    func name(of node: Int) -> String { entries[node].name }
    func value(of node: Int) -> String { entries[node].value }
    func isRelevant(_ node: Int) -> Bool {
        var at: Int? = node
        while let current = at {
            if !entries[current].isRelevant { return false }
            at = entries[current].parent
        }
        return true
    }
}
// --- end

@Suite("Docs/XForms.md: the guide's examples run and print what it says")
struct XFormsGuideTests {
    @Test("reading the example form")
    func readingAForm() throws {
        var printed: [String] = []
        func print(_ items: Any...) { printed.append(items.map { "\($0)" }.joined(separator: " ")) }
        let formURL = XFormExampleFormTests.forms.appendingPathComponent("households.xml")
        // --- Docs/XForms.md: Reading a form
        let document = try XFormDocument(contentsOf: formURL)
        print(document.title ?? "untitled", document.primaryInstance.attribute("id") ?? "")
        print(document.translations.map(\.language))
        for bind in document.binds {
            if let relevant = bind.relevant { print(bind.nodeset, "relevant:", relevant.debugDescription) }
            if let calculate = bind.calculate { print(bind.nodeset, "calculate:", calculate.debugDescription) }
        }
        for part in document.translation("Français (fr)")?.texts["/data/members/age:label"]?.parts() ?? [] {
            switch part {
            case .text(let text): print("text", text.debugDescription)
            case .output(let expression): print("output", expression.debugDescription)
            }
        }
        // --- end
        #expect(printed == [
            "Households households",
            #"["English (en)", "Français (fr)"]"#,
            #"/data/followup relevant: " /data/visits  > 0""#,
            #"/data/members/at_school relevant: " ../age  >= 5 and  ../age  < 19""#,
            #"/data/member_count calculate: "count( /data/members )""#,
            #"/data/children calculate: "count( /data/members [age < 18])""#,
            #"text " Âge de ""#,
            #"output " ../name ""#,
            #"text " ""#,
        ])
    }

    @Test("reading an inline form: its body and its repeat template")
    func readingInline() throws {
        var printed: [String] = []
        func print(_ items: Any...) { printed.append(items.map { "\($0)" }.joined(separator: " ")) }
        // --- Docs/XForms.md: Reading an inline form
        let xml = """
            <h:html xmlns="http://www.w3.org/2002/xforms" xmlns:h="http://www.w3.org/1999/xhtml"
                    xmlns:jr="http://openrosa.org/javarosa">
              <h:head>
                <h:title>Visits</h:title>
                <model>
                  <instance>
                    <data id="visits"><child jr:template=""><name/><age/></child><total/></data>
                  </instance>
                  <bind nodeset="/data/child/age" type="int" constraint=". &lt; 18"
                        jr:constraintMsg="Children only"/>
                  <bind nodeset="/data/total" calculate="count(/data/child)"/>
                </model>
              </h:head>
              <h:body>
                <repeat nodeset="/data/child">
                  <input ref="/data/child/name"><label>Name</label></input>
                  <input ref="/data/child/age"><label>Age of <output value="../name"/></label></input>
                </repeat>
              </h:body>
            </h:html>
            """
        let form = try XFormDocument(data: Data(xml.utf8))
        let child = form.primaryInstance.children[0]
        print(child.name.localName, child.isTemplate, child.children.map(\.name.localName))
        print(form.binds[0].constraint ?? "", form.binds[0].constraintMessage == .inline([.text("Children only")]))
        let row = form.body[0]
        print(row.kind, row.ref ?? "", row.children.map { $0.ref ?? "" })
        print(row.children[1].label == .inline([.text("Age of "), .output("../name")]))
        // --- end
        #expect(printed == [
            #"child true ["name", "age"]"#,
            ". < 18 true",
            #"repeat /data/child ["/data/child/name", "/data/child/age"]"#,
            "true",
        ])
    }

    @Test("running a form: a live record")
    func runningAForm() throws {
        var printed: [String] = []
        func print(_ items: Any...) { printed.append(items.map { "\($0)" }.joined(separator: " ")) }
        // --- Docs/XForms.md: Running a form
        let xml = """
            <h:html xmlns="http://www.w3.org/2002/xforms" xmlns:h="http://www.w3.org/1999/xhtml"><h:head><model>
            <instance><data><age/><adult/><kids><name/></kids></data></instance>
            <bind nodeset="/data/age" type="int" constraint=". &lt; 130"/>
            <bind nodeset="/data/adult" calculate="/data/age &gt;= 18"/>
            <bind nodeset="/data/kids" relevant="/data/adult = 1"/>
            </model></h:head><h:body><repeat nodeset="/data/kids"><input ref="name"/></repeat></h:body></h:html>
            """
        let survey = try XForm(XFormDocument(data: Data(xml.utf8)), environment: .seeded(1, now: Date(timeIntervalSince1970: 0)))
        let record = try XFormRecord(survey)
        try record.set("41", at: "/data/age")
        try record.addRepeat(at: "/data/kids")
        try record.set("Ama", at: "/data/kids[2]/name")
        print(try record.answer("200", at: "/data/age"))   // constraint: nothing stored
        for node in record.nodes { print(node) }
        // --- end
        #expect(printed == [
            "constraint", "/data", "/data/age = \"41\"", "/data/adult = \"1\"", "/data/kids[1]", "/data/kids[1]/name", "/data/kids[2]",
            "/data/kids[2]/name = \"Ama\"",
        ])
    }

    @Test("evaluating expressions over a tree of one's own")
    func evaluating() throws {
        var printed: [String] = []
        func print(_ items: Any...) { printed.append(items.map { "\($0)" }.joined(separator: " ")) }
        // --- Docs/XForms.md: Evaluating an expression
        var record = Record()
        let data = record.add("data", under: 0)
        for (name, age) in [("Ama", "34"), ("Kofi", "9"), ("Yaw", "")] {
            let member = record.add("member", under: data)
            record.add("name", name, under: member)
            record.add("age", age, under: member)
        }
        let children = try XPathExpression("count(/data/member[age != '' and age < 18])")
        let names = try XPathExpression("join(', ', /data/member/name)")
        let ages = try XPathExpression("sum(/data/member/age)")
        print(try children.evaluate(in: record, context: data).string(in: record))
        print(try names.evaluate(in: record, context: data).string(in: record))
        print(try ages.evaluate(in: record, context: data).string(in: record))

        // Kofi's row is switched off: it drops out of every path, so count() and sum() skip it.
        record.entries[record.children(of: data, named: "member")[1]].isRelevant = false
        print(try names.evaluate(in: record, context: data).string(in: record))
        print(try ages.evaluate(in: record, context: data).string(in: record))

        // A relative path starts at the context node: here Ama's age.
        let age = record.children(of: record.children(of: data, named: "member")[0], named: "age")[0]
        let adult = try XPathExpression("if(. >= 18, 'adult', 'child')")
        print(try adult.evaluate(in: record, context: age).string(in: record))
        // --- end
        #expect(printed == ["1", "Ama, Kofi, Yaw", "43", "Ama, Yaw", "34", "adult"])
    }

    @Test("a fixed clock and seed, and the errors of a bad expression")
    func environmentAndErrors() throws {
        var printed: [String] = []
        func print(_ items: Any...) { printed.append(items.map { "\($0)" }.joined(separator: " ")) }
        var record = Record()
        let data = record.add("data", under: 0)
        // --- Docs/XForms.md: A fixed clock and a seeded random source
        let noon = Date(timeIntervalSince1970: 1_592_222_400)  // 2020-06-15 12:00 UTC
        let fixed = XPathEnvironment.seeded(7, now: noon)
        let due = try XPathExpression("format-date(today() + 30, '%e %b %Y')")
        print(try due.evaluate(in: record, context: data, environment: fixed).string(in: record))
        // --- end
        // --- Docs/XForms.md: Errors in expressions
        do {
            _ = try XPathExpression("if(/data/a, 1")
        } catch {
            print(error)
        }
        do {
            _ = try XPathExpression("lower-case(/data/name)")
        } catch {
            print(error)
        }
        do {
            _ = try XPathExpression("instance('cities')/root/item").evaluate(in: record, context: data)
        } catch {
            print(error.reason)
        }
        // --- end
        #expect(printed == [
            "15 Jul 2020",
            #"expected ')', found the end at 14 in "if(/data/a, 1""#,
            #"unknown function 'lower-case' at 1 in "lower-case(/data/name)""#,
            "instance(): no instance named 'cities'",
        ])
    }

    @Test("hostile input gets an error naming what and where")
    func limits() throws {
        var printed: [String] = []
        func print(_ items: Any...) { printed.append(items.map { "\($0)" }.joined(separator: " ")) }
        // --- Docs/XForms.md: Limits on untrusted input
        let withDTD = """
            <?xml version="1.0"?>
            <!DOCTYPE h:html [<!ENTITY lol "lol">]>
            <h:html xmlns:h="http://www.w3.org/1999/xhtml"/>
            """
        let deep = "<h:html xmlns:h='http://www.w3.org/1999/xhtml'>" + String(repeating: "<a>", count: 100)
        let strict = XFormReadOptions(maximumBytes: 64 * 1024, maximumDepth: 32)
        for bytes in [Data(withDTD.utf8), Data(deep.utf8), Data([0x3C, 0x61, 0xFF, 0x3E]), Data(count: 100_000)] {
            do {
                _ = try XFormDocument(data: bytes, options: strict)
            } catch {
                print(error.kind, "-", error)
            }
        }
        // --- end
        #expect(printed == [
            "refusedDTD - line 2, column 1: a DOCTYPE with a DTD (entity or attribute declarations, or an external DTD) is refused: "
                + "XForms need none, and entities could expand without bound or fetch files",
            "tooDeep - line 1, column 143: <a> is nested 33 elements deep, over the limit of 32",
            "invalidEncoding - line 1, column 3: invalid UTF-8: byte 0xFF at offset 2",
            "tooLarge - the document is 100000 bytes, over the limit of 65536 bytes",
        ])
    }

    @Test("the body on screen: languages and prompts")
    func bodyOnScreen() throws {
        var printed: [String] = []
        func print(_ items: Any...) { printed.append(items.map { "\($0)" }.joined(separator: " ")) }
        // --- Docs/XForms.md: The body on screen
        let xml = """
            <h:html xmlns="http://www.w3.org/2002/xforms" xmlns:h="http://www.w3.org/1999/xhtml" xmlns:jr="http://openrosa.org/javarosa">
            <h:head><model><itext>
            <translation lang="en" default="true()"><text id="age"><value>Age of <output value="/data/name"/></value></text></translation>
            <translation lang="fr"><text id="age"><value>Âge de <output value="/data/name"/></value></text></translation>
            </itext>
            <instance><data><name/><age/></data></instance>
            <bind nodeset="/data/age" type="int" relevant="/data/name != ''"/>
            </model></h:head>
            <h:body><input ref="/data/name"><label>Name</label></input>
            <input ref="/data/age"><label ref="jr:itext('age')"/></input></h:body></h:html>
            """
        let record = try XFormRecord(XForm(XFormDocument(data: Data(xml.utf8))))
        print(record.form.languages, try record.prompts().count)
        try record.set("Ann", at: "/data/name")
        try record.setLanguage("fr")
        for prompt in try record.prompts() { print(prompt) }
        // --- end
        #expect(printed == [#"["en", "fr"] 1"#, #"input /data/name "Name" = "Ann""#, #"input /data/age "Âge de Ann""#])
    }
}
