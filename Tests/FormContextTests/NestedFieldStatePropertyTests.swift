import Foundation
import Testing

@testable import FormContextCore
import TestSupport

/// Field state at three depths (a field of the form, a field in each row, a field in each row
/// inside a row) under random edits, blurs, row inserts and removals, checked after every step
/// against a flat model of every live field: the `onTouched` validation mode (which fields show
/// errors) and the per-field reset with each combination of keep-options (values, touched flags,
/// dirty flags and errors). Each model also runs with a deliberate fault, which the comparison must
/// catch, so a comparison that checks nothing fails.
///
/// Run one seed alone with `FORMCONTEXT_SEED=<seed> swift test --filter NestedFieldStatePropertyTests`.
@Suite("Touched validation and per-field resets in nested rows against a model")
struct NestedFieldStatePropertyTests {
    /// A mistake the model can be told to make.
    enum Fault {
        case none
        /// A blur in a row inside a row does not count as a touch.
        case innerBlurIgnored
        /// A reset clears the touched flag even when told to keep it.
        case keptTouchedCleared
    }

    /// What the model holds of one field.
    struct Field {
        var value: String?
        var initial: String?
        var touched = false
        var showsErrors = false
        var isDirty: Bool { value != initial }
    }

    /// An outer row: its id and the ids of the rows inside it.
    struct Row {
        var id: RowID
        var inner: [RowID] = []
    }

    static let title = FormKey<String>("title")
    static let name = FormKey<String>("name")
    static let note = FormKey<String>("note")

    /// `title` at the top, `rows` of `name` and `inner` rows of `note`; every text at least three
    /// characters long, each depth starting from its own default.
    static func definition() throws -> FormDefinition {
        let inner = RepeatGroup("inner", fields: [FieldDefinition(note, default: "no", validators: [.minLength(3)])])
        let rows = RepeatGroup("rows", fields: [FieldDefinition(name, default: "name", validators: [.minLength(3)]), FieldDefinition(inner)])
        return try FormDefinition([FieldDefinition(title, default: "t", validators: [.minLength(3)]), FieldDefinition(rows)])
    }

    static func fails(_ value: String?) -> Bool { (value?.count ?? 0) > 0 && value!.count < 3 }

    /// The model of a form and its live fields, keyed by their full keys.
    struct Model {
        var rows: [Row] = []
        var fields: [String: Field] = ["title": Field(value: "t", initial: "t")]
        var depth: [String: Int] = ["title": 0]

        static func nameKey(_ row: RowID) -> String { row.scope(in: "rows").key("name") }
        static func innerGroup(_ row: RowID) -> String { row.scope(in: "rows").key("inner") }
        static func noteKey(_ inner: RowID, in row: RowID) -> String { inner.scope(in: innerGroup(row)).key("note") }

        /// A row added to a form holds its fields' defaults as values, not as initial values (the
        /// form had no such row to start with): its fields are dirty, and validate as any change
        /// does when `validatesChanges`.
        mutating func addRow(_ id: RowID, at position: Int, validatesChanges: Bool) {
            rows.insert(Row(id: id), at: position)
            fields[Self.nameKey(id)] = Field(value: "name", initial: nil)
            depth[Self.nameKey(id)] = 1
        }

        mutating func addInner(_ id: RowID, to r: Int, at position: Int, validatesChanges: Bool) {
            rows[r].inner.insert(id, at: position)
            let key = Self.noteKey(id, in: rows[r].id)
            fields[key] = Field(value: "no", initial: nil, showsErrors: validatesChanges && fails("no"))
            depth[key] = 2
        }

        mutating func removeInner(at i: Int, of r: Int) {
            let key = Self.noteKey(rows[r].inner.remove(at: i), in: rows[r].id)
            fields[key] = nil
            depth[key] = nil
        }

        mutating func removeRow(at r: Int) {
            while !rows[r].inner.isEmpty { removeInner(at: 0, of: r) }
            let key = Self.nameKey(rows.remove(at: r).id)
            fields[key] = nil
            depth[key] = nil
        }
    }

    /// One random step of the row structure (insert or remove a row at either depth), made on the
    /// form and the model alike. Returns false when it drew no row operation.
    static func rowStep(
        _ form: FormContextObject, _ model: inout Model, _ random: inout SplitMix64, validatesChanges: Bool
    ) throws -> Bool {
        switch Int.random(in: 0..<4, using: &random) {
        case 0:
            let at = Int.random(in: 0...model.rows.count, using: &random)
            model.addRow(try form.insertRows(into: "rows", at: at, [[:]])[0], at: at, validatesChanges: validatesChanges)
        case 1 where !model.rows.isEmpty:
            let r = Int.random(in: 0..<model.rows.count, using: &random)
            let at = Int.random(in: 0...model.rows[r].inner.count, using: &random)
            model.addInner(try form.insertRows(into: Model.innerGroup(model.rows[r].id), at: at, [[:]])[0], to: r, at: at, validatesChanges: validatesChanges)
        case 2 where !model.rows.isEmpty:
            let r = Int.random(in: 0..<model.rows.count, using: &random)
            guard !model.rows[r].inner.isEmpty else { return false }
            let i = Int.random(in: 0..<model.rows[r].inner.count, using: &random)
            try form.removeRows([model.rows[r].inner[i]], from: Model.innerGroup(model.rows[r].id))
            model.removeInner(at: i, of: r)
        case 3 where model.rows.count > 1:
            let r = Int.random(in: 0..<model.rows.count, using: &random)
            try form.removeRows([model.rows[r].id], from: "rows")
            model.removeRow(at: r)
        default:
            return false
        }
        return true
    }

    /// A random text of zero to four characters, or none.
    static func text(_ random: inout SplitMix64) -> String? {
        Int.random(in: 0..<6, using: &random) == 0 ? nil : String(repeating: "x", count: Int.random(in: 0...4, using: &random))
    }

    /// Where the form and the model differ: the live fields' values, touched and dirty flags and
    /// whether they show errors.
    static func differences(_ form: FormContextObject, _ model: Model, label: String) -> [String] {
        var found: [String] = []
        for (key, field) in model.fields.sorted(by: { $0.key < $1.key }) {
            let state = form.fieldState(for: key)
            if form[key] != field.value.map(AnyHashable.init) { found.append("\(label): \(key) value \(String(describing: form[key]))") }
            if state.isTouched != field.touched { found.append("\(label): \(key) touched \(state.isTouched)") }
            if state.isDirty != field.isDirty { found.append("\(label): \(key) dirty \(state.isDirty)") }
            if form.errors(for: key).isEmpty == field.showsErrors { found.append("\(label): \(key) errors \(form.errors(for: key))") }
        }
        if form.read({ $0.invariantViolations() }) != [] { found.append("\(label): invariants") }
        return found
    }

    /// Random edits, blurs, row steps and now and then a reset of the whole form, in the
    /// `onTouched` mode; returns every difference from the model of the mode.
    static func touchedRun(seed: UInt64, fault: Fault) throws -> [String] {
        var random = SplitMix64(seed: seed)
        let form = FormContextObject(definition: try definition(), options: ValidationOptions(mode: .onTouched, revalidateMode: .onTouched))
        var model = Model()
        var found: [String] = []
        var touchedAtDepth: Set<Int> = []
        for step in 0..<200 {
            let key = model.fields.keys.sorted().randomElement(using: &random)!
            switch Int.random(in: 0..<20, using: &random) {
            case 0..<7:
                let text = text(&random)
                form.set(text, for: key, origin: .user)
                // Only a change validates: writing the value a field holds is none.
                let changes = model.fields[key]!.value != text
                model.fields[key]!.value = text
                if changes && model.fields[key]!.touched { model.fields[key]!.showsErrors = fails(text) }
            case 7..<12:
                form.blur(key)
                if !(fault == .innerBlurIgnored && model.depth[key] == 2) {
                    model.fields[key]!.touched = true
                    model.fields[key]!.showsErrors = fails(model.fields[key]!.value)
                    touchedAtDepth.insert(model.depth[key]!)
                }
            case 19:
                form.reset()
                model = Model()
            default:
                _ = try rowStep(form, &model, &random, validatesChanges: false)
            }
            found += differences(form, model, label: "seed \(seed) step \(step)")
        }
        // A run that touched no field in a row inside a row would test little of the nesting.
        if fault == .none && touchedAtDepth != [0, 1, 2] { found.append("seed \(seed): touched only at depths \(touchedAtDepth.sorted())") }
        return found
    }

    /// Random edits (validating as they change), blurs, row steps and per-field resets with random
    /// keep-options at random depths; returns every difference from the model of the reset.
    static func resetRun(seed: UInt64, fault: Fault) throws -> [String] {
        var random = SplitMix64(seed: seed)
        let form = FormContextObject(definition: try definition(), options: ValidationOptions(mode: .onChange))
        var model = Model()
        var found: [String] = []
        var seenKeeping: Set<Int> = []
        for step in 0..<200 {
            let key = model.fields.keys.sorted().randomElement(using: &random)!
            switch Int.random(in: 0..<20, using: &random) {
            case 0..<6:
                let text = text(&random)
                form.set(text, for: key, origin: .user)
                // Only a change validates: a field whose errors a reset kept keeps them through a
                // write of the value it holds.
                if model.fields[key]!.value != text { model.fields[key]!.showsErrors = fails(text) }
                model.fields[key]!.value = text
            case 6..<9:
                form.blur(key)
                model.fields[key]!.touched = true
                model.fields[key]!.showsErrors = fails(model.fields[key]!.value)
            case 9..<15:
                let keeping = ResetOptions(rawValue: Int.random(in: 0..<8, using: &random))
                form.reset(key, keeping: keeping)
                var field = model.fields[key]!
                let keepsValue = keeping.contains(.edits) && field.isDirty
                if !keepsValue { field.value = field.initial }
                let keepsTouched = keeping.contains(.touched) && fault != .keptTouchedCleared
                if !keepsValue && !keepsTouched { field.touched = false }
                if !keeping.contains(.errors) { field.showsErrors = false }
                model.fields[key] = field
                seenKeeping.insert(keeping.rawValue * 3 + model.depth[key]!)
            default:
                _ = try rowStep(form, &model, &random, validatesChanges: true)
            }
            found += differences(form, model, label: "seed \(seed) step \(step)")
        }
        // Most combinations of keep-options and depths came up along the way.
        if fault == .none && seenKeeping.count < 16 { found.append("seed \(seed): only \(seenKeeping.count) of 24 keep-options and depths") }
        return found
    }

    @Test("onTouched: random touches, edits, row inserts and removals at three depths agree with the model", arguments: NestedRepeatTests.seeds)
    func touchedAgreesWithTheModel(seed: UInt64) throws {
        let found = try Self.touchedRun(seed: seed, fault: .none)
        #expect(found == [], "\(found.prefix(5))")
    }

    @Test("per-field resets with every keep-option at three depths agree with the model", arguments: NestedRepeatTests.seeds)
    func resetAgreesWithTheModel(seed: UInt64) throws {
        let found = try Self.resetRun(seed: seed, fault: .none)
        #expect(found == [], "\(found.prefix(5))")
    }

    @Test("a model with a fault disagrees with the form", arguments: NestedRepeatTests.seeds)
    func aFaultyModelIsCaught(seed: UInt64) throws {
        #expect(try !Self.touchedRun(seed: seed, fault: .innerBlurIgnored).isEmpty, "a blur ignored in inner rows")
        #expect(try !Self.resetRun(seed: seed, fault: .keptTouchedCleared).isEmpty, "a kept touched flag cleared")
    }
}
