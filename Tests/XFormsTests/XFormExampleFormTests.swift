import Foundation
@testable import FormContextXForms
import TestSupport
import Testing

/// The team's example form: an XLSForm (Forms/households.md) converted by pyxform
/// (Forms/households.xml); skip logic, a repeat and two languages.
@Suite("XForm documents: the example form")
struct XFormExampleFormTests {
    static let forms = DocSnippet.packageRoot.appendingPathComponent("Tests/XFormsTests/Forms")

    @Test("the converted form reads with its skip logic, repeat and both languages")
    func reads() throws {
        let document = try XFormDocument(contentsOf: Self.forms.appendingPathComponent("households.xml"))
        #expect(document.title == "Households")
        #expect(document.primaryInstance.attribute("id") == "households")
        #expect(document.translations.map(\.language) == ["English (en)", "Français (fr)"])
        #expect(document.translations.map(\.isDefault) == [true, false])
        let followup = try #require(document.binds.first { $0.nodeset == "/data/followup" })
        #expect(followup.relevant?.contains("/data/visits") == true)
        let age = try #require(document.binds.first { $0.nodeset == "/data/members/age" })
        #expect(age.type == "int" && age.constraintMessage == .itext("/data/members/age:jr:constraintMsg"))
        let members = document.primaryInstance.children.filter { $0.name.localName == "members" }
        #expect(members.map(\.isTemplate) == [true, false])
        var repeats: [XFormControl] = []
        XFormCorpusTests.visit(document.body) { if $0.kind == .repeat { repeats.append($0) } }
        #expect(repeats.map(\.ref) == ["/data/members"])
        let french = try #require(document.translation("Français (fr)"))
        #expect(french.texts["/data/members/age:label"]?.parts() == [.text(" Âge de "), .output(" ../name "), .text(" ")])
    }

    @Test("the form's instance, labels and choices are those of its XLSForm source")
    func matchesSource() throws {
        let document = try XFormDocument(contentsOf: Self.forms.appendingPathComponent("households.xml"))
        let source = try String(contentsOf: Self.forms.appendingPathComponent("households.md"), encoding: .utf8)
        // The markdown tables: a header row names the columns of the rows under it.
        var sheet = ""
        var columns: [String] = []
        var rows: [(sheet: String, cells: [String: String])] = []
        for line in source.split(separator: "\n") where line.hasPrefix("|") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
                .map { $0.trimmingCharacters(in: .whitespaces) }
            if cells.count == 1 {
                sheet = cells[0]
            } else if cells.first == "" && (cells.contains("type") || cells.contains("list_name") || cells.contains("form_id")) {
                columns = cells
            } else {
                rows.append((sheet, Dictionary(zip(columns, cells), uniquingKeysWith: { first, _ in first })))
            }
        }
        let survey = rows.filter { $0.sheet == "survey" }.map(\.cells)
        var names: [String] = []
        func collect(_ element: XFormElement) {
            for child in element.children where !child.isTemplate && child.name.localName != "meta" {
                if !names.contains(child.name.localName) { names.append(child.name.localName) }
                collect(child)
            }
        }
        collect(document.primaryInstance)
        #expect(names == survey.compactMap { $0["name"].flatMap { $0.isEmpty ? nil : $0 } })
        for language in ["English (en)", "Français (fr)"] {
            let translation = try #require(document.translation(language))
            for row in survey {
                guard let name = row["name"], let label = row["label::" + language], !label.isEmpty, !label.contains("${") else { continue }
                let id = translation.texts.keys.first { $0.hasSuffix("/" + name + ":label") }
                #expect(id.flatMap { translation.texts[$0]?.parts() } == [.text(label)], "\(language) \(name)")
            }
            for (index, choice) in rows.filter({ $0.sheet == "choices" }).map(\.cells).enumerated() {
                let list = choice["list_name"] ?? ""
                let position = rows.filter { $0.sheet == "choices" }.prefix(index).filter { $0.cells["list_name"] == list }.count
                #expect(translation.texts["\(list)-\(position)"]?.parts() == [.text(choice["label::" + language] ?? "")])
            }
        }
    }
}
