import Foundation
@testable import FormContextXForms
import FormContextCore
import TestSupport
import Testing

/// The body as a record shows it: prompts with labels, hints, choices and messages in each of the
/// form's languages, outputs following the values, relevance and repeats.
@Suite("XForm records: the body's prompts in every language")
struct XFormPromptTests {
    static func record() throws -> XFormRecord {
        try XFormRecord(XFormRecordTests.form("body-languages"))
    }

    /// Every prompt of a tree, depth first.
    static func flat(_ prompts: [XFormPrompt]) -> [XFormPrompt] {
        prompts.flatMap { [$0] + flat($0.children) }
    }

    static func prompt(_ record: XFormRecord, _ path: String) throws -> XFormPrompt? {
        flat(try record.prompts()).first { $0.path == path }
    }

    @Test("the languages are the form's, the default one marked default=\"true()\" though it is not first")
    func languages() throws {
        let record = try Self.record()
        #expect(record.form.languages == ["Français (fr)", "English (en)"])
        #expect(record.form.defaultLanguage == "English (en)")
        #expect(record.language == "English (en)")
        #expect(throws: XFormError.self) { try record.setLanguage("de") }
        #expect(record.language == "English (en)")
        try record.setLanguage("Français (fr)")
        #expect(record.language == "Français (fr)")
    }

    @Test("an unknown language is refused with the languages the form has")
    func unknownLanguage() throws {
        let record = try Self.record()
        do {
            try record.setLanguage("de")
            Issue.record("no error")
        } catch {
            #expect(error.kind == .invalidValue)
            #expect(error.message == #""de" is no language of the form: it has "Français (fr)", "English (en)""#)
        }
    }

    @Test("labels and hints in each language, their outputs following the values")
    func labelsFollowValues() throws {
        let record = try Self.record()
        try record.set("Ann", at: "/data/name")
        var age = try #require(try Self.prompt(record, "/data/age"))
        #expect(age.label == "Age of Ann")
        #expect(age.hint == "In years")
        #expect(age.control.appearance == "numbers")
        #expect(age.constraintMessage == "Between 0 and 129")
        try record.set("Bea", at: "/data/name")
        age = try #require(try Self.prompt(record, "/data/age"))
        #expect(age.label == "Age of Bea")
        try record.setLanguage("Français (fr)")
        age = try #require(try Self.prompt(record, "/data/age"))
        #expect(age.label == "Âge de Bea")
        #expect(age.hint == "En années")
        #expect(age.constraintMessage == "Entre 0 et 129")
        // A text French lacks falls back to the default language's.
        #expect(try Self.prompt(record, "/data/details/note")?.label == "Note (kept)")
        #expect(try Self.prompt(record, "/data/name")?.requiredMessage == "A name, please")
        #expect(try Self.prompt(record, "/data/details")?.label == "Details for Bea")
    }

    @Test("choice labels in each language, from prompts and from choices(at:)")
    func choiceLabels() throws {
        let record = try Self.record()
        #expect(try record.choices(at: "/data/color").map(\.label) == ["Red", "Blue"])
        #expect(try Self.prompt(record, "/data/color")?.choices.map(\.label) == ["Red", "Blue"])
        try record.setLanguage("Français (fr)")
        #expect(try record.choices(at: "/data/color").map(\.label) == ["Rouge", "Bleu"])
        #expect(try Self.prompt(record, "/data/color")?.choices == [XFormChoice(value: "red", label: "Rouge"), XFormChoice(value: "blue", label: "Bleu")])
    }

    @Test("jr:itext() and jr:choice-name() in calculations read the record's language, and follow it when it changes")
    func itextInExpressions() throws {
        let record = try Self.record()
        try record.set("Ann", at: "/data/name")
        try record.set("blue", at: "/data/color")
        #expect(try record.value(at: "/data/welcome") == "Hello Ann")
        #expect(try record.value(at: "/data/color_name") == "Blue")
        try record.setLanguage("Français (fr)")
        #expect(try record.value(at: "/data/welcome") == "Bonjour Ann")
        #expect(try record.value(at: "/data/color_name") == "Bleu")
        try record.setLanguage("English (en)")
        #expect(try record.value(at: "/data/welcome") == "Hello Ann")
    }

    @Test("only relevant prompts, repeat instances expanded with their positions and their own labels")
    func relevanceAndRepeats() throws {
        let record = try Self.record()
        // Age is relevant only once a name is given.
        #expect(try Self.prompt(record, "/data/age") == nil)
        try record.set("Ann", at: "/data/name")
        #expect(try Self.prompt(record, "/data/age") != nil)
        try record.addRepeat(at: "/data/members")
        try record.addRepeat(at: "/data/members")
        try record.set("Bo", at: "/data/members[2]/who")
        let members = try #require(Self.flat(try record.prompts()).first { $0.path == "/data/members" })
        #expect(members.control.kind == .repeat)
        #expect(members.instance == nil)
        #expect(members.children.map(\.path) == ["/data/members[1]", "/data/members[2]"])
        #expect(members.children.map(\.instance) == [1, 2])
        #expect(members.children.map(\.label) == ["Member", "Member"])
        let first = members.children[0].children
        let second = members.children[1].children
        #expect(first.map(\.path) == ["/data/members[1]/who"])
        #expect(first.map(\.label) == ["Name of member 1"])
        #expect(second.map(\.path) == ["/data/members[2]/who", "/data/members[2]/pet"])
        #expect(second.map(\.label) == ["Name of member 2", "Pet of Bo"])
        // The group without a ref holding the repeat is there with its label.
        let group = try #require(try record.prompts().first { $0.label == "Members" })
        #expect(group.path == nil && group.control.kind == .group)
    }

    @Test("read-only nodes are marked, inherited down the instance, and follow their condition")
    func readOnlyPrompts() throws {
        let record = try Self.record()
        #expect(try Self.prompt(record, "/data/details/note")?.isReadOnly == true)
        #expect(try Self.prompt(record, "/data/details")?.isReadOnly == true)
        try record.set("no", at: "/data/details/signed")
        #expect(try Self.prompt(record, "/data/details/note")?.isReadOnly == false)
    }

    @Test("a group around a repeat of the same node (as pyxform writes repeats) holds the repeat, with or without instances")
    func groupAroundRepeat() throws {
        let record = try XFormRecord(XFormRecordTests.form("households"))
        func group() throws -> XFormPrompt? { try record.prompts().first { $0.control.kind == .group && $0.path == "/data/members" } }
        var members = try #require(try group())
        #expect(members.label == "Member")
        #expect(members.children.map(\.path) == ["/data/members"])
        #expect(members.children.first?.children.map(\.path) == ["/data/members[1]"])
        try record.set("Ama", at: "/data/members[1]/name")
        try record.setLanguage("Français (fr)")
        members = try #require(try group())
        #expect(members.children.first?.children.first?.children.map(\.label) == ["Nom", " Âge de Ama "])
        try record.removeRepeat(at: "/data/members[1]")
        members = try #require(try group())
        #expect(members.children.map(\.path) == ["/data/members"])
        #expect(members.children.first?.children.isEmpty == true)
    }

    @Test("a repeat with no relevant instance is shown while its own relevance holds for a new instance, in a group or alone")
    func repeatRelevanceWithoutInstances() throws {
        let xml = """
            <h:html xmlns="http://www.w3.org/2002/xforms" xmlns:h="http://www.w3.org/1999/xhtml" xmlns:jr="http://openrosa.org/javarosa">
            <h:head><model><instance><data id="r"><any/><child jr:template=""><name/></child><pet jr:template=""><kind/></pet></data></instance>
            <bind nodeset="/data/child" relevant="/data/any = 'yes'"/>
            <bind nodeset="/data/pet" relevant="/data/any = 'pets'"/>
            </model></h:head>
            <h:body><input ref="/data/any"><label>Any?</label></input>
            <group ref="/data/child"><label>Child</label><repeat nodeset="/data/child"><input ref="/data/child/name"><label>Name</label></input></repeat></group>
            <repeat nodeset="/data/pet"><input ref="/data/pet/kind"><label>Kind</label></input></repeat>
            </h:body></h:html>
            """
        let record = try XFormRecord(XForm(XFormDocument(data: Data(xml.utf8))))
        func shown() throws -> [String?] { try record.prompts().map(\.path) }
        #expect(try shown() == ["/data/any"])
        try record.set("yes", at: "/data/any")
        #expect(try shown() == ["/data/any", "/data/child"])
        try record.addRepeat(at: "/data/child")
        #expect(try shown() == ["/data/any", "/data/child"])
        try record.set("pets", at: "/data/any")
        #expect(try shown() == ["/data/any", "/data/pet"])
    }
}
