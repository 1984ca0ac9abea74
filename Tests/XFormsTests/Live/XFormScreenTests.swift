import Foundation
import FormContextCore
@testable import FormContextXForms
import Testing

/// An XForm's body as an engine screen: groups as sections, repeats as repeat sections, selects
/// with their labels, fields' relevance and read-only state from the form's binds.
@Suite("XForm records: the body as an engine screen")
struct XFormScreenTests {
    @Test("groups, questions, selects and repeats map to sections, cells and repeat sections")
    func screenShape() throws {
        let record = try XFormPromptTests.record()
        try record.set("Ann", at: "/data/name")
        let screen = try record.screen()
        #expect(screen.title == "Body and languages")
        let live = LiveScreen(screen, form: record.object)
        let titles = live.sections.filter { $0.rowID == nil }.map(\.title)
        #expect(titles == [nil, "Details for Ann", "Members", "Visits"])
        let first = live.sections[0].rows.map(\.cell)
        #expect(first.map(\.title) == ["Your name", "Age of Ann", "Colour"])
        #expect(first.map(\.key) == ["name", "age", "color"])
        #expect(first.map(\.kind) == [.text, .number, .choice])
        #expect(first[2].options.map(\.title) == ["Red", "Blue"])
        #expect(first[2].options.map(\.value) == ["red", "blue"])
        // The members repeat has an add button; the counted visits none, and grew to their count.
        #expect(live.sections[2].rows.map(\.cell.title) == ["Add"])
        let visits = live.sections.filter { $0.rowID != nil }
        #expect(visits.map { $0.rows.map(\.cell.title) } == [["Place"], ["Place"]])
    }

    @Test("a select1 with an itemset is a choice cell offering the choices its filter keeps, by label")
    func itemsetChoiceCell() throws {
        let record = try XFormRecord(XForm(XFormDocument(data: Data("""
            <h:html xmlns="http://www.w3.org/2002/xforms" xmlns:h="http://www.w3.org/1999/xhtml">
              <h:head>
                <h:title>Places</h:title>
                <model>
                  <instance><data id="places"><country/><city/></data></instance>
                  <instance id="cities">
                    <root>
                      <item><name>acc</name><label>Accra</label><country>gh</country></item>
                      <item><name>kum</name><label>Kumasi</label><country>gh</country></item>
                      <item><name>lom</name><label>Lomé</label><country>tg</country></item>
                    </root>
                  </instance>
                </model>
              </h:head>
              <h:body>
                <input ref="/data/country"><label>Country</label></input>
                <select1 ref="/data/city">
                  <label>City</label>
                  <itemset nodeset="instance('cities')/root/item[country = /data/country]">
                    <value ref="name"/><label ref="label"/>
                  </itemset>
                </select1>
              </h:body>
            </h:html>
            """.utf8))))
        try record.set("gh", at: "/data/country")
        let cells = LiveScreen(try record.screen(), form: record.object).sections.flatMap(\.rows).map(\.cell)
        let city = try #require(cells.first { $0.key == "city" })
        #expect(city.kind == .choice)
        #expect(city.options.map(\.title) == ["Accra", "Kumasi"])
        #expect(city.options.map(\.value) == ["acc", "kum"])
    }

    @Test("a select is a multiple-choice cell storing the chosen values as XForm text, in the order chosen")
    func selectMultipleChoiceCell() throws {
        let form = try XForm(XFormDocument(data: Data("""
            <h:html xmlns="http://www.w3.org/2002/xforms" xmlns:h="http://www.w3.org/1999/xhtml">
              <h:head>
                <h:title>Symptoms</h:title>
                <model>
                  <instance><data id="symptoms"><seen/><count/></data></instance>
                  <bind nodeset="/data/seen" type="select"/>
                  <bind nodeset="/data/count" type="int" calculate="count-selected(/data/seen)"/>
                </model>
              </h:head>
              <h:body>
                <select ref="/data/seen">
                  <label>Symptoms seen</label>
                  <item><label>Fever</label><value>fever</value></item>
                  <item><label>Cough</label><value>cough</value></item>
                  <item><label>Rash</label><value>rash</value></item>
                </select>
              </h:body>
            </h:html>
            """.utf8)))
        let record = try XFormRecord(form)
        let cells = LiveScreen(try record.screen(), form: record.object).sections.flatMap(\.rows).map(\.cell)
        let seen = try #require(cells.first { $0.key == "seen" })
        #expect(seen.kind == .multipleChoice)
        #expect(seen.options.map(\.title) == ["Fever", "Cough", "Rash"])
        seen.toggle(seen.options[2], in: record.object)
        seen.toggle(seen.options[0], in: record.object)
        // JavaRosa keeps a select's values in the order they were given (`set /data/seen rash fever`
        // writes `<seen>rash fever</seen>`), and Collect adds a checked choice last.
        #expect(record.nodes.first { $0.path == "/data/seen" }?.value == "rash fever")
        #expect(record.nodes.first { $0.path == "/data/count" }?.value == "2")
        #expect(seen.selectedOptions(in: record.object).map(\.title) == ["Fever", "Rash"])
        let xml = String(decoding: try form.document.submissionXML(for: record.instance), as: UTF8.self)
        #expect(xml.contains("<seen>rash fever</seen>"))
        seen.toggle(seen.options[1], in: record.object)
        #expect(record.nodes.first { $0.path == "/data/seen" }?.value == "rash fever cough")
        seen.toggle(seen.options[1], in: record.object)
        seen.toggle(seen.options[0], in: record.object)
        seen.toggle(seen.options[2], in: record.object)
        #expect(record.nodes.first { $0.path == "/data/seen" }?.value == nil)
        #expect(record.nodes.first { $0.path == "/data/count" }?.value == "0")
    }

    @Test("a cell is hidden while its node is not relevant, a row section is there per instance")
    func relevanceAndRows() throws {
        let record = try XFormPromptTests.record()
        let live = LiveScreen(try record.screen(), form: record.object)
        #expect(!live.sections[0].rows.contains { $0.cell.key == "age" })
        try record.set("Ann", at: "/data/name")
        #expect(live.sections[0].rows.contains { $0.cell.key == "age" })
        let before = live.sections.count
        try record.addRepeat(at: "/data/members")
        try record.set("Bo", at: "/data/members[1]/who")
        #expect(live.sections.count == before + 1)
        let rowSection = try #require(live.sections.first { $0.rowID != nil })
        #expect(rowSection.rows.map(\.cell.title).contains("Name of member 1"))
        #expect(rowSection.rows.contains { $0.cell.key?.hasSuffix(".who") == true })
    }

    @Test("a screen cell of a read-only node refuses edits; titles are in the record's language")
    func readOnlyCellsAndLanguage() throws {
        let record = try XFormPromptTests.record()
        try record.setLanguage("Français (fr)")
        let live = LiveScreen(try record.screen(), form: record.object)
        let note = try #require(live.sections.flatMap(\.rows).first { $0.cell.key == "details/note" })
        #expect(note.cell.title == "Note (kept)")
        #expect(live.sections[0].rows.first?.cell.title == "Votre nom")
        #expect(throws: FormControlError.readOnly(key: "details/note")) { try note.cell.commit(text: "typed", to: record.object) }
        #expect(try record.value(at: "/data/details/note") == nil)
        try record.set("no", at: "/data/details/signed")
        try note.cell.commit(text: "typed", to: record.object)
        #expect(try record.value(at: "/data/details/note") == "typed")
    }

    @Test("a repeat inside a repeat is a detail cell of the outer row that opens the inner repeat's rows")
    func nestedRepeats() throws {
        let xml = """
            <h:html xmlns="http://www.w3.org/2002/xforms" xmlns:h="http://www.w3.org/1999/xhtml">
              <h:head><h:title>Nested</h:title><model>
                <instance><data id="nested"><hh><name/><member><age/></member></hh></data></instance>
                <bind nodeset="/data/hh/member/age" type="int"/>
              </model></h:head>
              <h:body>
                <repeat nodeset="/data/hh"><label>Household</label><input ref="name"><label>Name</label></input>
                  <repeat nodeset="/data/hh/member"><label>Members</label><input ref="age"><label>Age</label></input></repeat>
                </repeat>
              </h:body>
            </h:html>
            """
        let record = try XFormRecord(XForm(XFormDocument(data: Data(xml.utf8))))
        try record.addRepeat(at: "/data/hh[1]/member")
        try record.set("7", at: "/data/hh[1]/member[2]/age")
        let live = LiveScreen(try record.screen(), form: record.object)
        let row = try #require(live.sections.first { $0.rowID != nil })
        #expect(row.rows.map(\.cell.title) == ["Name", "Members", "Remove"])
        #expect(row.rows.map(\.cell.kind) == [.text, .detail, .button])
        let inner = try #require(row.rows[1].cell.makeDestination())
        let innerLive = LiveScreen(inner, form: record.object)
        let innerRows = innerLive.sections.filter { $0.rowID != nil }
        #expect(innerRows.count == 2)
        #expect(innerRows.last?.rows.first?.cell.title == "Age")
        #expect(innerRows.last?.rows.first?.value == .text("7"))
    }
}
