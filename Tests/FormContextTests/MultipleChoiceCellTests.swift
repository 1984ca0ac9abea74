import Foundation
@testable import FormContextCore
import TestSupport
import Testing

/// A multiple-choice cell: several options selected at once, stored as a set or as separated text,
/// against a plain `Set` after random toggles; its screen of options; read-only fields.
@Suite("Multiple-choice cells")
struct MultipleChoiceCellTests {
    static let toppings = FormKey<Set<String>>("toppings")
    static let tags = FormKey<String>("tags")
    static let values = ["cheese", "olives", "ham", "basil", "egg"]
    static let options = values.map { CellOption($0.capitalized, value: $0) }

    @Test("random toggles select what a plain set selects, stored as a set and as text in the order chosen")
    func seededToggles() throws {
        let seed = ProcessInfo.processInfo.environment["FORMCONTEXT_SEED"].flatMap(UInt64.init) ?? 20_261_127
        var random = SplitMix64(seed: seed)
        let form = FormContextObject()
        let screen = Screen("Order") {
            MultipleChoiceCell("Toppings", key: Self.toppings, options: Self.options)
            MultipleChoiceCell("Tags", key: Self.tags, options: Self.options, separator: " ")
        }
        let setCell = try #require(screen.cell(at: CellPath(section: 0, row: 0)))
        let textCell = try #require(screen.cell(at: CellPath(section: 0, row: 1)))
        #expect(setCell.kind == .multipleChoice && textCell.kind == .multipleChoice)
        var oracle: Set<String> = []
        // The text's order: values chosen earlier first, as JavaRosa keeps a select's answer.
        var chosenOrder: [String] = []
        for step in 0..<400 {
            let option = Self.options.randomElement(using: &random)!
            #expect(setCell.toggle(option, in: form) == nil)
            #expect(textCell.toggle(option, in: form) == nil)
            let value = option.value.base as! String
            if oracle.contains(value) { oracle.remove(value) } else { oracle.insert(value) }
            if let index = chosenOrder.firstIndex(of: value) { chosenOrder.remove(at: index) } else { chosenOrder.append(value) }
            let inOrder = Self.values.filter(oracle.contains)
            #expect(Set(chosenOrder) == oracle)
            #expect(form[Self.toppings] == oracle, "seed \(seed), step \(step)")
            #expect(form[Self.tags] == (chosenOrder.isEmpty ? nil : chosenOrder.joined(separator: " ")), "seed \(seed), step \(step)")
            #expect(setCell.selectedOptions(in: form).map(\.value) == inOrder.map(AnyHashable.init), "seed \(seed), step \(step)")
            #expect(textCell.selectedOptions(in: form).map(\.value) == inOrder.map(AnyHashable.init), "seed \(seed), step \(step)")
            let shown = Self.options.filter { oracle.contains($0.value.base as! String) }.map(\.title).joined(separator: ", ")
            #expect(setCell.value(in: FormValues(form.context)) == .text(shown), "seed \(seed), step \(step)")
            #expect(textCell.value(in: FormValues(form.context)) == .text(shown), "seed \(seed), step \(step)")
        }
    }

    @Test("text already stored is read as the selection and keeps its order; values not offered are dropped")
    func readsStoredText() throws {
        let form = FormContextObject(["tags": "ham  anchovy cheese ham"])
        let cell = try #require(
            Screen("S") { MultipleChoiceCell("Tags", key: Self.tags, options: Self.options) }.cell(at: CellPath(section: 0, row: 0)))
        #expect(cell.selectedOptions(in: form).map(\.title) == ["Cheese", "Ham"])
        cell.toggle(Self.options[4], in: form)
        #expect(form[Self.tags] == "ham cheese egg")
        cell.toggle(Self.options[0], in: form)
        #expect(form[Self.tags] == "ham egg")
        cell.toggle(Self.options[0], in: form)
        #expect(form[Self.tags] == "ham egg cheese")
        #expect(cell.toggle(CellOption("Anchovy", value: "anchovy"), in: form) == nil)
        #expect(form[Self.tags] == "ham egg cheese")
    }

    @Test("a navigator opens the cell's screen of options; selecting one adds it, again takes it out")
    func navigatorOpensOptions() async throws {
        let form = FormContextObject()
        let screen = Screen("Order") { MultipleChoiceCell("Toppings", key: Self.toppings, options: Self.options) }
        let navigator = FormNavigator(root: screen, form: form)
        navigator.focus(on: CellPath(section: 0, row: 0))
        guard case .opened = await navigator.activate() else {
            Issue.record("the options' screen did not open")
            return
        }
        #expect(navigator.top.screen.title == "Toppings")
        #expect(navigator.top.sections[0].rows.map(\.cell.title) == Self.options.map(\.title))
        navigator.focus(on: CellPath(section: 0, row: 1))
        await navigator.activate()
        navigator.focus(on: CellPath(section: 0, row: 3))
        await navigator.activate()
        #expect(form[Self.toppings] == ["olives", "basil"])
        #expect(navigator.top.sections[0].rows.map(\.value) == [false, true, false, true, false].map(CellValue.checkmark))
        navigator.focus(on: CellPath(section: 0, row: 1))
        await navigator.activate()
        #expect(form[Self.toppings] == ["basil"])
        navigator.pop()
        #expect(navigator.top.sections[0].rows[0].value == .text("Basil"))
    }

    @Test("a read-only field's selection is left as it is, and the toggle says why")
    func readOnly() async throws {
        let locked = FormKey<Bool>("locked")
        let form = FormContextObject(
            definition: try FormDefinition([
                FieldDefinition(locked), FieldDefinition(Self.tags).readOnly(when: { $0[locked] == true }),
            ]))
        let screen = Screen("Order") { MultipleChoiceCell("Tags", key: Self.tags, options: Self.options) }
        let cell = try #require(screen.cell(at: CellPath(section: 0, row: 0)))
        #expect(cell.toggle(Self.options[0], in: form) == nil)
        form.set(true, for: "locked")
        #expect(cell.toggle(Self.options[1], in: form) == .readOnly(key: "tags"))
        #expect(form[Self.tags] == "cheese")
        let navigator = FormNavigator(root: screen, form: form)
        navigator.open(CellPath(section: 0, row: 0))
        navigator.focus(on: CellPath(section: 0, row: 1))
        guard case .refusedEdit(.readOnly(key: "tags")) = await navigator.activate() else {
            Issue.record("a read-only selection was changed")
            return
        }
        #expect(form[Self.tags] == "cheese")
    }

    @Test("the doc comment's example builds the cell it describes")
    func docExample() {
        let cell = MultipleChoiceCell("Toppings", key: FormKey<Set<String>>("toppings"), options: [
            CellOption("Cheese", value: "cheese"), CellOption("Olives", value: "olives"),
        ]).cells[0]
        #expect(cell.kind == .multipleChoice)
        #expect(cell.options.map(\.title) == ["Cheese", "Olives"])
    }
}
