import Foundation
import Testing
import TestSupport

@testable import ContextDemo
@testable import FormContextCore

/// The interactive XForm demo without a terminal: a session over the example form (or a form of the
/// test's own) fed with commands, its picture read.
@Suite("Interactive XForm demo: session")
struct XFormSessionTests {
    static func session(_ file: String = XFormDemoRun.example, language: String? = nil) throws -> XFormSession {
        var options = XFormDemo.Options()
        options.file = file
        options.language = language
        return XFormSession(try XFormDemo.load(options))
    }

    static func rows(_ session: XFormSession) -> [String] {
        session.picture.sections.flatMap(\.rows).map { ($0.isFocused ? "> " : "  ") + $0.title + " | " + ScreenDrawing.right(of: $0) }
    }

    static func type(_ text: String, into session: XFormSession) {
        _ = session.handle(.activate)
        _ = session.handle(.insert(text))
        _ = session.handle(.commit)
    }

    @Test("questions in the chosen language; a refused answer keeps the text and shows the form's message; skip logic follows the answers")
    func answers() throws {
        let session = try Self.session(language: "fr")
        #expect(Self.rows(session) == ["> Village * | ", "  Adultes du ménage * | ", "  Des enfants de moins de 18 ans ? * | ›", "  personnes à | "])
        #expect(session.picture.sections.first?.footer == "Où vit le ménage")
        Self.type("Lakeside", into: session)
        _ = session.handle(.next)
        Self.type("0", into: session)
        #expect(session.isEditing)
        #expect(session.picture.messages == ["De 1 à 30"])
        #expect(try session.loaded.record.value(at: "/data/adults") == nil, "a refused answer is not stored")
        _ = session.handle(.deleteBackward)
        _ = session.handle(.insert("3"))
        _ = session.handle(.commit)
        #expect(!session.isEditing)
        #expect(session.picture.messages.isEmpty)
        _ = session.handle(.next)
        _ = session.handle(.activate)
        #expect(Self.rows(session) == ["> Oui | ", "  Non | "])
        _ = session.handle(.activate)
        #expect(
            Self.rows(session) == [
                "  Village * | Lakeside", "  Adultes du ménage * | 3", "> Des enfants de moins de 18 ans ? * | Oui ›", "  Enfant | 1 instance ›",
                "  4 personnes à Lakeside | ",
            ])
    }

    @Test("a repeat's instances open screens of their own; + Add adds one; s prints the record only when it is complete")
    func repeats() throws {
        let session = try Self.session()
        try session.loaded.record.set("Lakeside", at: "/data/village")
        try session.loaded.record.set("2", at: "/data/adults")
        try session.loaded.record.set("yes", at: "/data/has_children")
        for _ in 0..<3 { _ = session.handle(.next) }
        _ = session.handle(.activate)
        #expect(Self.rows(session) == ["> Child 1 | ›", "  + Add Child | "])
        _ = session.handle(.next)
        _ = session.handle(.activate)
        #expect(Self.rows(session) == ["  Child 1 | ›", "> Child 2 | ›", "  + Add Child | "])
        _ = session.handle(.activate)
        #expect(session.picture.path == ["Household visit", "Child", "Child 2"])
        Self.type("Ben", into: session)
        #expect(try session.loaded.record.value(at: "/data/child[2]/name") == "Ben")
        #expect(session.handle(.submit) == nil)
        #expect(session.picture.messages == ["/data/child[1]/name: is required"])
        try session.loaded.record.set("Ann", at: "/data/child[1]/name")
        try session.loaded.record.set("3", at: "/data/child[1]/age")
        try session.loaded.record.set("12", at: "/data/child[2]/age")
        let done = try #require(session.handle(.submit))
        #expect(done.status == 0)
        #expect(done.output.contains("/data/child[2]/name: Ben\n/data/child[2]/age: 12\n/data/size: 4\n"))
    }

    @Test("labels, hints and values from the form are escaped in the picture")
    func escaping() throws {
        let folder = try ScratchFolder("xform-session")
        defer { folder.remove() }
        let file = folder.file("hostile.xml")
        try """
            <?xml version="1.0"?>
            <h:html xmlns="http://www.w3.org/2002/xforms" xmlns:h="http://www.w3.org/1999/xhtml">
            <h:head><h:title>T&#x9B;2J</h:title><model><instance><data id="h"><name>v&#x202E;x</name></data></instance></model></h:head>
            <h:body><input ref="/data/name"><label>L&#x9B;1m</label><hint>H&#x85;x</hint></input></h:body></h:html>
            """.write(toFile: file, atomically: true, encoding: .utf8)
        let session = try Self.session(file)
        let picture = session.picture
        #expect(picture.path == ["T\\u{9B}2J"])
        #expect(Self.rows(session) == ["> L\\u{9B}1m | v\\u{202E}x"])
        #expect(picture.sections.first?.footer == "H\\u{85}x")
        _ = session.handle(.activate)
        _ = session.handle(.insert("\u{1B}[2J"))
        #expect(session.picture.sections.first?.rows.first?.value == "v\\u{202E}x\\u{1B}[2J")
    }

    @Test("a select's choices toggle in the order chosen; what its filter no longer keeps is dropped at the next toggle")
    func multipleChoices() throws {
        let folder = try ScratchFolder("xform-session")
        defer { folder.remove() }
        let file = folder.file("cities.xml")
        try """
            <h:html xmlns="http://www.w3.org/2002/xforms" xmlns:h="http://www.w3.org/1999/xhtml">
            <h:head><h:title>Trips</h:title><model>
              <instance><data id="trips"><country/><cities/></data></instance>
              <instance id="cities"><root>
                <item><name>acc</name><label>Accra</label><country>gh</country></item>
                <item><name>kum</name><label>Kumasi</label><country>gh</country></item>
                <item><name>lom</name><label>Lomé</label><country>tg</country></item>
                <item><name>tam</name><label>Tamale</label><country>gh</country></item>
              </root></instance>
              <bind nodeset="/data/cities" type="select"/>
            </model></h:head>
            <h:body>
              <input ref="/data/country"><label>Country</label></input>
              <select ref="/data/cities"><label>Cities</label>
                <itemset nodeset="instance('cities')/root/item[country = /data/country or /data/country = 'all']">
                  <value ref="name"/><label ref="label"/>
                </itemset>
              </select>
            </h:body></h:html>
            """.write(toFile: file, atomically: true, encoding: .utf8)
        let session = try Self.session(file)
        let record = session.loaded.record
        try record.set("all", at: "/data/country")
        func choose(_ rows: [Int]) {
            _ = session.handle(.next)
            _ = session.handle(.activate)
            for row in rows {
                while session.focusIndex < row { _ = session.handle(.next) }
                while session.focusIndex > row { _ = session.handle(.previous) }
                _ = session.handle(.activate)
            }
            _ = session.handle(.back)
        }
        choose([3, 2, 0])
        #expect(try record.value(at: "/data/cities") == "tam lom acc")
        // The row shows the labels in the order of the choices, as the record's screen does.
        #expect(Self.rows(session) == ["  Country | all", "> Cities | Accra, Lomé, Tamale ›"])
        try record.set("gh", at: "/data/country")
        choose([1])
        #expect(try record.value(at: "/data/cities") == "tam acc kum")
        choose([0])
        #expect(try record.value(at: "/data/cities") == "tam kum")
    }

    @Test("an answer with spaces is shown as it is; a select value its choices do not hold is shown after the labels")
    func valuesAsTheyAre() throws {
        let session = try Self.session()
        Self.type("Lake side", into: session)
        #expect(Self.rows(session).first == "> Village * | Lake side")
        let prompt = try #require(XFormRow.prompt(at: "/data/has_children", in: session.loaded.record.prompts()))
        #expect(XFormRow.shown("no gone yes", of: prompt) == "Yes, No, gone")
    }

    @Test("every corpus form JavaRosa loads can be walked: each row of each screen opened and left, without a trap")
    func corpusWalk() throws {
        guard OracleCorpus.folder != nil else { return }
        for (name, form, _) in try XFormDemoCorpusTests.loadedForms() {
            let session = try Self.session(form.path)
            var visited = 0
            func walk(depth: Int) {
                let level = session.levels.count
                for index in 0..<session.rows.count where visited < 400 {
                    // Choosing a single choice goes back by itself: this screen is done then.
                    guard session.levels.count == level else { return }
                    visited += 1
                    while session.focusIndex < index, session.rows.count > session.focusIndex + 1 { _ = session.handle(.next) }
                    _ = session.handle(.activate)
                    if session.isEditing { _ = session.handle(.cancel) }
                    if session.levels.count > level {
                        if depth < 3 { walk(depth: depth + 1) }
                        while session.levels.count > level { _ = session.handle(.back) }
                    }
                    _ = session.picture
                }
            }
            walk(depth: 0)
            #expect(session.levels.count == 1, "\(name)")
        }
    }
}
