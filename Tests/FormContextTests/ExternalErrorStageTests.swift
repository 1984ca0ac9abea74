import Synchronization
import Testing

@testable import FormContextCore

/// Errors set from outside are dropped by the outside-errors stage, which follows what each step of
/// a mutation wrote, not by the write itself; and by exactly the value changes made after they were
/// set, also when the changes and the errors come from mutations made while another one settles.
@Suite("The outside-errors stage")
struct ExternalErrorStageTests {
    @Test("the write leaves errors set from outside to the stage, which drops them before the mutation ends", arguments: [false, true])
    func writeLeavesThemToTheStage(defined: Bool) throws {
        let form =
            defined
            ? FormContextObject(definition: try FormDefinition([FieldDefinition(FormKey<String>("name"))]), values: ["name": "Ada"])
            : FormContextObject(["name": "Ada"] as FormContext)
        form.setErrors(["is taken"], for: "name")
        let heldAfterWrite = form.mutate { state, changes in
            _ = state.write(StoredValue("Grace"), for: "name", origin: .user, into: &changes)
            return state.validation.hasIssues(at: state.fields.slot(of: "name")!)
        }
        #expect(heldAfterWrite, "the write itself dropped the errors")
        #expect(form.errors(for: "name") == [])
        #expect(form.isValid)
    }

    /// What a validator does while the form settles the user's edit of `city`: writes made then are
    /// mutations of their own, settled by the settling thread after the edit's.
    enum Meanwhile: String, CaseIterable, Sendable, CustomTestStringConvertible {
        /// Sets new errors on `name`, whose old ones stay untouched: no change of `name`.
        case lands
        /// Writes `name`, then sets new errors on it: the write drops the old, the new stay.
        case writesThenLands
        /// Sets new errors on `name`, then writes it: the write drops both.
        case landsThenWrites

        var testDescription: String { rawValue }

        var expected: [String] {
            switch self {
            case .lands: ["new"]
            case .writesThenLands: ["new"]
            case .landsThenWrites: []
            }
        }
    }

    @Test("changes and errors made while the form settles drop what was set before them only", arguments: Meanwhile.allCases)
    func changesMadeWhileSettling(meanwhile: Meanwhile) throws {
        let (form, runs, release) = try Self.form(mode: .onChange) { form in
            switch meanwhile {
            case .lands:
                form.setErrors(["new"], for: "name")
            case .writesThenLands:
                form.set("Grace", for: "name")
                form.setErrors(["new"], for: "name")
            case .landsThenWrites:
                form.setErrors(["new"], for: "name")
                form.set("Grace", for: "name")
            }
        }
        defer { release() }
        form.setErrors(meanwhile == .lands ? [] : ["old"], for: "name")
        form.set("Paris", for: "city", origin: .user)
        #expect(runs() >= 1)
        #expect(form.errors(for: "name").map(\.message) == meanwhile.expected)
        #expect(form.errorCount == meanwhile.expected.count)
    }

    @Test("a settle with no value change that takes in a write made meanwhile with none leaves no progress behind")
    func settleWithoutValuesKeepsNoProgress() throws {
        let (form, runs, release) = try Self.form(mode: .onBlur) { form in form.setVisible(false, for: "name") }
        defer { release() }
        form.blur("city")
        #expect(runs() >= 1)
        // A debug invariant, checked as the mutation ends, names progress kept for an ended change set.
        #expect(!form.fieldState(for: "name").isVisible)
    }

    @Test("a calculated field's new value drops the errors set on it from outside")
    func calculationDropsThem() throws {
        let definition = try FormDefinition([
            FieldDefinition(FormKey<Int>("count")),
            FieldDefinition(FormKey<Int>("double")).calculated { $0[FormKey<Int>("count")].map { $0 * 2 } },
        ])
        let form = FormContextObject(definition: definition, values: ["count": 1])
        #expect(form[FormKey<Int>("double")] == 2)
        form.setErrors(["is too high"], for: "double")
        form.set(1, for: "count")
        #expect(form.errors(for: "double").map(\.message) == ["is too high"], "no change of the calculation, no drop")
        form.set(2, for: "count")
        #expect(form[FormKey<Int>("double")] == 4)
        #expect(form.errors(for: "double") == [])
        #expect(form.isValid)
    }

    /// A form with `name` and `city`, whose validator of `city` calls `meanwhile` with the form on its
    /// first run, while the form settles; how many times the validator has run; and a closure that
    /// lets the validator forget the form.
    private static func form(
        mode: ValidationMode, meanwhile: @escaping @Sendable (FormContextObject) -> Void
    ) throws -> (FormContextObject, runs: () -> Int, release: () -> Void) {
        let formBox = Mutex<FormContextObject?>(nil)
        let runs = Mutex(0)
        let definition = try FormDefinition([
            FieldDefinition(FormKey<String>("name")),
            FieldDefinition(
                FormKey<String>("city"),
                validators: [
                    .custom("meanwhile", message: "never fails") { (_: String, _: FormValues) -> Bool in
                        guard runs.withLock({ $0 += 1; return $0 }) == 1, let form = formBox.withLock({ $0 }) else { return true }
                        meanwhile(form)
                        return true
                    }
                ]),
        ])
        let form = FormContextObject(
            definition: definition, values: ["name": "Ada", "city": "London"], options: ValidationOptions(mode: mode))
        formBox.withLock { $0 = form }
        return (form, { runs.withLock { $0 } }, { formBox.withLock { $0 = nil } })
    }
}
