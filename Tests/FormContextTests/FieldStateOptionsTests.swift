import Foundation
import Testing

@testable import FormContextCore
import TestSupport

/// Resets with keep options (whole form and one field), errors on the form set from outside, the
/// submit state a reset returns, and per-field dirtiness since the last submit. A seeded property
/// test drives random edits, blurs, errors, submits and resets against a plain model; run one seed
/// alone with `FORMCONTEXT_SEED=<seed> swift test --filter FieldStateOptionsTests`.
@Suite("Reset options, form errors and dirty since the last submit")
struct FieldStateOptionsTests {
    // MARK: Form-level errors

    @Test func formErrorsLastUntilTheNextSubmit() async throws {
        let definition = try FormDefinition([FieldDefinition(FormKey<String>("name"), validators: [.required()])])
        let form = FormContextObject(definition: definition, values: ["name": "Ada"], options: ValidationOptions(mode: .onChange))
        let counter = FireCounter.tracking { _ = form.formErrors }
        form.setFormErrors(["busy", "later"])
        #expect(counter.count == 1)
        #expect(form.formErrors == [
            ValidationIssue(key: nil, rule: "server", message: "busy"), ValidationIssue(key: nil, rule: "server", message: "later"),
        ])
        #expect(!form.isValid)
        #expect(form.errorCount == 2)
        form.set("Grace", for: "name", origin: .user)
        form.validate()
        #expect(form.formErrors.map(\.message) == ["busy", "later"], "editing and validating keep them")
        form.setFormErrors(["closed"], rule: "app")
        #expect(form.formErrors == [ValidationIssue(key: nil, rule: "app", message: "closed")], "they replace the ones before")
        let result = await form.submit { _ in .accepted }
        #expect(result.isSuccess, "the submit drops them before it validates")
        #expect(form.formErrors.isEmpty)
        form.setFormErrors(["again"])
        form.setFormErrors([])
        #expect(form.formErrors.isEmpty && form.isValid, "an empty list removes them")
    }

    @Test func serverFormErrorsSurviveEditsUntilTheNextSubmit() async {
        let form = FormContextObject(definition: try! FormDefinition([FieldDefinition(FormKey<String>("a"))]), options: ValidationOptions(mode: .onChange))
        await form.submit { _ in .rejected([:], formErrors: ["try later"]) }
        form.set("x", for: "a", origin: .user)
        #expect(form.formErrors.map(\.message) == ["try later"])
        form.reset(keeping: [.errors])
        #expect(form.formErrors.map(\.message) == ["try later"], "a reset keeping errors keeps them")
        form.reset()
        #expect(form.formErrors.isEmpty)
    }

    // MARK: Resets

    @Test func aResetReturnsTheSubmitStateUnlessKept() async throws {
        let definition = try FormDefinition([FieldDefinition(FormKey<String>("name"), validators: [.minLength(3)])])
        let form = FormContextObject(definition: definition, options: ValidationOptions(mode: .onSubmit, revalidateMode: .onChange))
        await form.submit { _ in .accepted }
        #expect(form.submitCount == 1 && form.submitPhase == .succeeded)
        form.reset(keeping: [.submitState, .submitCount])
        #expect(form.submitCount == 1 && form.submitPhase == .succeeded)
        form.set("Al", for: "name", origin: .user)
        #expect(form.fieldState(for: "name").errors.map(\.rule) == ["minLength(3)"], "the re-validate mode stays in force")
        #expect(form.fieldState(for: "name").isDirtySinceLastSubmit)
        form.reset(keeping: [.submitCount])
        #expect(form.submitCount == 1 && form.submitPhase == .idle)
        form.set("Al", for: "name", origin: .user)
        #expect(form.fieldState(for: "name").errors.isEmpty, "the mode before a submit is in force again")
        form.reset()
        #expect(form.submitCount == 0 && form.submitPhase == .idle && !form.isDirtySinceLastSubmit)
    }

    @Test func aFieldResetTouchesNoOtherField() {
        let form = FormContextObject(["a": 1, "b": 1])
        form.set(2, for: "a", origin: .user)
        form.set(2, for: "b", origin: .user)
        form.blur("a")
        form.blur("b")
        form.setErrors(["bad"], for: "a")
        form.setErrors(["bad"], for: "b")
        let recorder = ChangeRecorder()
        let subscription = form.observeAll(recorder.record)
        form.reset("a")
        #expect(recorder.changes == [FormChange(key: "a", oldValue: 2, newValue: 1, origin: .reset)])
        #expect(form.fieldState(for: "a") == FieldState(key: "a", value: 1, initialValue: 1))
        #expect(form.fieldState(for: "b").isDirty && form.fieldState(for: "b").isTouched)
        #expect(form.fieldState(for: "b").errors.map(\.message) == ["bad"])
        form.reset("b", keeping: [.errors, .touched])
        #expect(form.fieldState(for: "b").value == AnyHashable(1))
        #expect(form.fieldState(for: "b").isTouched)
        #expect(form.fieldState(for: "b").errors.map(\.message) == ["bad"], "kept although the value changed")
        form.reset("unknown")
        #expect(form.context == ["a": 1, "b": 1])
        subscription.cancel()
    }

    @Test func aFieldResetKeepingEditsResetsOnlyTheState() throws {
        let definition = try FormDefinition([FieldDefinition(FormKey<String>("name"), validators: [.minLength(3)])])
        let form = FormContextObject(definition: definition, options: ValidationOptions(mode: .onBlur))
        form.set("Al", for: "name", origin: .user)
        form.blur("name")
        #expect(!form.fieldState(for: "name").errors.isEmpty)
        form.reset("name", keeping: [.edits])
        let state = form.fieldState(for: "name")
        #expect(state.value == AnyHashable("Al") && state.isDirty && state.isTouched && state.errors.isEmpty)
        form.reset("name", keeping: [.errors])
        #expect(form.fieldState(for: "name").value == nil)
        #expect(!form.fieldState(for: "name").isTouched)
    }

    @Test func aResetKeepingErrorsKeepsEveryIssue() throws {
        let definition = try FormDefinition([
            FieldDefinition(FormKey<String>("name"), validators: [.minLength(3)]),
            FieldDefinition(FormKey<String>("code")),
        ])
        let form = FormContextObject(definition: definition, options: ValidationOptions(mode: .onChange))
        form.set("Al", for: "name", origin: .user)
        form.set("x", for: "code", origin: .user)
        form.setErrors(["taken"], for: "code")
        form.reset(keeping: [.errors])
        #expect(form.context.isEmpty)
        #expect(form.fieldState(for: "name").errors.map(\.rule) == ["minLength(3)"])
        #expect(form.fieldState(for: "code").errors.map(\.message) == ["taken"])
        #expect(form.errorCount == 2)
    }

    /// `price` at most 5 and `total`, calculated as twice the price, at most 6, validated on change.
    static func pricedForm() throws -> FormContextObject {
        let price = FormKey<Int>("price")
        let definition = try FormDefinition([
            FieldDefinition(price, validators: [.maximum(5)]),
            FieldDefinition(FormKey<Int>("total"), validators: [.maximum(6)]).calculated { $0[price].map { $0 * 2 } },
        ])
        return FormContextObject(definition: definition, values: ["price": 1], options: ValidationOptions(mode: .onChange))
    }

    @Test func aFieldResetKeepingErrorsValidatesTheCalculationsThatReadIt() throws {
        let form = try Self.pricedForm()
        form.set(8, for: "price", origin: .user)
        #expect(form.fieldState(for: "total").errors.map(\.rule) == ["maximum(6)"])
        form.reset("price", keeping: [.errors])
        #expect(form[FormKey<Int>("total")] == 2)
        #expect(form.fieldState(for: "price").errors.map(\.rule) == ["maximum(5)"], "the reset field keeps its error")
        #expect(form.fieldState(for: "total").errors.isEmpty, "the total, now 2, is validated as usual")
        #expect(form.errorCount == 1)
        form.set(8, for: "price", origin: .user)
        form.reset(keeping: [.errors])
        #expect(form.fieldState(for: "price").errors.map(\.rule) == ["maximum(5)"])
        #expect(form.fieldState(for: "total").errors.map(\.rule) == ["maximum(6)"], "a whole-form reset keeping errors keeps every one")
    }

    @Test("random edits and field resets keep only the reset field's errors", arguments: RulePropertyTests.seeds)
    func fieldResetsKeepOnlyTheirOwnErrors(seed: UInt64) throws {
        var generator = SplitMix64(seed: seed)
        let form = try Self.pricedForm()
        // The model: the price and whether it holds its error; the total is validated on every change.
        var price = 1
        var priceError = false
        for step in 0..<60 {
            var action = ""
            switch Int.random(in: 0..<3, using: &generator) {
            case 0, 1:
                let value = Int.random(in: 0...8, using: &generator)
                form.set(value, for: "price", origin: .user)
                if value != price { priceError = value > 5 }
                price = value
                action = "set price = \(value)"
            default:
                let kept: ResetOptions = Bool.random(using: &generator) ? [.errors] : []
                form.reset("price", keeping: kept)
                if !kept.contains(.errors) { priceError = false }
                price = 1
                action = "reset price keeping \(kept.rawValue)"
            }
            let label = "seed \(seed) step \(step): \(action)"
            #expect(form[FormKey<Int>("price")] == price, "\(label): price")
            #expect(form[FormKey<Int>("total")] == price * 2, "\(label): total")
            #expect(form.fieldState(for: "price").errors.isEmpty == !priceError, "\(label): errors of price")
            #expect(form.fieldState(for: "total").errors.isEmpty == (price * 2 <= 6), "\(label): errors of total")
        }
    }

    // MARK: Dirty since the last submit

    @Test func dirtySinceTheLastSubmitIsObservedPerField() async {
        let form = FormContextObject(["a": 1, "b": 1])
        form.set(2, for: "a", origin: .user)
        #expect(form.fieldState(for: "a").isDirtySinceLastSubmit, "before a submit, as dirty")
        // Touched now, so that the submit changes nothing else about them.
        form.blur("a")
        form.blur("b")
        let a = FireCounter.tracking { _ = form.fieldState(for: "a") }
        let b = FireCounter.tracking { _ = form.fieldState(for: "b") }
        await form.submit { _ in .accepted }
        #expect(!form.fieldState(for: "a").isDirtySinceLastSubmit && form.fieldState(for: "a").isDirty)
        #expect(a.count == 1, "the submit changed what the field is compared with")
        #expect(b.count == 0)
        let afterSubmit = FireCounter.tracking { _ = form.fieldState(for: "a") }
        form.set(2, for: "b", origin: .user)
        #expect(form.fieldState(for: "b").isDirtySinceLastSubmit)
        #expect(afterSubmit.count == 0)
        form.set(1, for: "a", origin: .user)
        #expect(form.fieldState(for: "a").isDirtySinceLastSubmit && !form.fieldState(for: "a").isDirty)
        #expect(afterSubmit.count == 1)
    }

    // MARK: Against a model

    /// A plain model of a form without a definition: values, touched flags, errors set from outside
    /// (on the fields and on the form), the last submitted values, the submit count and phase.
    struct Model {
        let initial: [String: Int]
        var values: [String: Int]
        var touched: Set<String> = []
        var fieldErrors: [String: [String]] = [:]
        var formErrors: [String] = []
        var submitted: [String: Int]?
        var count = 0
        var phase = SubmitPhase.idle

        init(_ initial: [String: Int]) {
            self.initial = initial
            values = initial
        }

        func isDirty(_ key: String) -> Bool { values[key] != initial[key] }

        mutating func set(_ value: Int, for key: String) {
            if values[key] != value { fieldErrors[key] = nil }
            values[key] = value
        }

        mutating func reset(_ key: String, keeping: ResetOptions) {
            if !keeping.contains(.edits) || !isDirty(key) {
                if values[key] != initial[key] && !keeping.contains(.errors) { fieldErrors[key] = nil }
                values[key] = initial[key]
                if !keeping.contains(.touched) { touched.remove(key) }
            }
            if !keeping.contains(.errors) { fieldErrors[key] = nil }
        }

        mutating func reset(keeping: ResetOptions) {
            if !keeping.contains(.edits) {
                values = initial
                if !keeping.contains(.touched) { touched = [] }
            } else if !keeping.contains(.touched) {
                touched = touched.filter(isDirty)
            }
            if !keeping.contains(.errors) {
                fieldErrors = [:]
                formErrors = []
            }
            if !keeping.contains(.submitState) {
                phase = .idle
                submitted = nil
            }
            if !keeping.contains(.submitCount) { count = 0 }
        }

        mutating func submit() {
            count += 1
            touched.formUnion(values.keys)
            fieldErrors = [:]
            formErrors = []
            submitted = values
            phase = .succeeded
        }
    }

    @Test("random edits, blurs, errors, submits and resets agree with a model", arguments: RulePropertyTests.seeds)
    func agreesWithTheModel(seed: UInt64) async {
        var generator = SplitMix64(seed: seed)
        let keys = ["a", "b", "c", "d"]
        let initial = Dictionary(uniqueKeysWithValues: keys.map { ($0, 0) })
        let form = FormContextObject(FormContext(initial.mapValues { $0 as any Hashable & Sendable }))
        var model = Model(initial)
        let options: [ResetOptions] = [.edits, .errors, .touched, .submitState, .submitCount]
        func randomOptions(_ generator: inout SplitMix64) -> ResetOptions {
            options.reduce(into: ResetOptions()) { kept, option in if Bool.random(using: &generator) { kept.insert(option) } }
        }
        for step in 0..<150 {
            let key = keys.randomElement(using: &generator)!
            var action = ""
            switch Int.random(in: 0..<20, using: &generator) {
            case 0..<7:
                let value = Int.random(in: 0...2, using: &generator)
                form.set(value, for: key, origin: .user)
                model.set(value, for: key)
                action = "set \(key) = \(value)"
            case 7..<9:
                form.blur(key)
                model.touched.insert(key)
                action = "blur \(key)"
            case 9..<11:
                let messages = Bool.random(using: &generator) ? ["bad \(step)"] : []
                form.setErrors(messages, for: key)
                model.fieldErrors[key] = messages.isEmpty ? nil : messages
                action = "setErrors \(messages) for \(key)"
            case 11:
                let messages = Bool.random(using: &generator) ? ["busy \(step)"] : []
                form.setFormErrors(messages)
                model.formErrors = messages
                action = "setFormErrors \(messages)"
            case 12..<14:
                await form.submit { _ in .accepted }
                model.submit()
                action = "submit"
            case 14..<17:
                let kept = randomOptions(&generator)
                form.reset(key, keeping: kept)
                model.reset(key, keeping: kept)
                action = "reset \(key) keeping \(kept.rawValue)"
            default:
                let kept = randomOptions(&generator)
                form.reset(keeping: kept)
                model.reset(keeping: kept)
                action = "reset keeping \(kept.rawValue)"
            }
            let label = "seed \(seed) step \(step): \(action)"
            for key in keys {
                let state = form.fieldState(for: key)
                #expect(state.value == model.values[key].map(AnyHashable.init), "\(label): value of \(key)")
                #expect(state.isDirty == model.isDirty(key), "\(label): dirty \(key)")
                #expect(state.isTouched == model.touched.contains(key), "\(label): touched \(key)")
                #expect(state.errors.map(\.message) == model.fieldErrors[key] ?? [], "\(label): errors of \(key)")
                let sinceSubmit = model.submitted.map { $0[key] != model.values[key] } ?? model.isDirty(key)
                #expect(state.isDirtySinceLastSubmit == sinceSubmit, "\(label): dirty since submit \(key)")
            }
            #expect(form.formErrors.map(\.message) == model.formErrors, "\(label): form errors")
            #expect(form.submitCount == model.count, "\(label): submit count")
            #expect(form.submitPhase == model.phase, "\(label): phase")
            #expect(form.isDirtySinceLastSubmit == keys.contains { state in form.fieldState(for: state).isDirtySinceLastSubmit }, "\(label)")
        }
    }
}
