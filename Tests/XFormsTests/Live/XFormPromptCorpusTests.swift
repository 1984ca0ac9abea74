import Foundation
import FormContextCore
@testable import FormContextXForms
import TestSupport
import Testing

/// Every corpus form's body shown in every one of its languages: each label, hint, choice and
/// message renders (every `<output>` evaluates, every itext reference is found, and one that a
/// language gives as text shows text), before and after
/// an instance is added to each repeat a person can add to, and the body makes an engine screen.
@Suite("XForm records: the corpus forms' bodies in every language")
struct XFormPromptCorpusTests {
    @Test("the corpus is there (required under CI; elsewhere its absence skips these tests)")
    func corpusPresent() {
        guard OracleCorpus.folder == nil else { return }
        if OracleCorpus.isCI { Issue.record(Comment(rawValue: OracleCorpus.missing)) } else { print("note: \(OracleCorpus.missing); the corpus bodies are not shown") }
    }

    @Test("every label of every corpus form renders in every language", arguments: OracleCorpus.forms)
    func everyLabelRenders(name: String) throws {
        let folder = try #require(OracleCorpus.folder)
        let document = try XFormDocument(contentsOf: folder.appendingPathComponent(name + ".xml"))
        let record: XFormRecord
        do {
            record = try XFormRecord(XForm(document, environment: .seeded(1, now: Date(timeIntervalSince1970: 946_684_800))))
        } catch {
            // Only the forms JavaRosa refuses to load may be refused.
            let expected = try String(contentsOf: folder.appendingPathComponent(name + ".expected"), encoding: .utf8)
            #expect(expected.hasPrefix("{\"error\""), "\(name): \(error)")
            return
        }
        for language in record.form.languages.isEmpty ? [nil] : record.form.languages.map(Optional.some) {
            if let language { try record.setLanguage(language) }
            try check(record, name: name, language: language)
            for prompt in XFormPromptTests.flat(try record.prompts())
            where prompt.control.kind == .repeat && prompt.instance == nil && prompt.control.count == nil && prompt.control.noAddRemove == nil {
                if let path = prompt.path { try record.addRepeat(at: path) }
            }
            try check(record, name: name, language: language)
            _ = LiveScreen(try record.screen(), form: record.object)
        }
    }

    /// Every prompt's itext label, hint and message is found, and every choice has a label.
    private func check(_ record: XFormRecord, name: String, language: String?) throws {
        let prompts = XFormPromptTests.flat(try record.prompts())
        let place = "\(name) in \(language ?? "the form's one language")"
        // An itext id some language gives as text (not only as an image, audio or video) shows text.
        let translations = record.form.document.translations
        func hasText(_ text: XFormText?) -> Bool {
            guard case .itext(let id)? = text else { return false }
            #expect(translations.contains { $0.texts[id] != nil }, "\(place): no language has itext \(id)")
            return translations.contains { $0.texts[id]?.parts(nil) != nil || $0.texts[id]?.parts("long") != nil }
        }
        for prompt in prompts {
            if hasText(prompt.control.label) { #expect(prompt.label != nil, "\(place): label of \(prompt.path ?? "a group")") }
            if hasText(prompt.control.hint) { #expect(prompt.hint != nil, "\(place): hint of \(prompt.path ?? "a group")") }
            if let path = prompt.path, [.select1, .select].contains(prompt.control.kind), prompt.control.itemset == nil {
                #expect(prompt.choices.count == prompt.control.items.count, "\(place): choices of \(path)")
            }
        }
        #expect(record.form.languages.isEmpty || prompts.contains { $0.label != nil } || record.form.document.body.isEmpty, "\(place): no label at all")
    }
}
