import Foundation
import Observation
import Synchronization
import Testing
import TestSupport

@testable import FormContextCore

/// Counts how often an observation of a value fires.
final class ObservationCounter: Sendable {
    private let count = Locked(0)
    var value: Int { count.withLock { $0 } }

    /// Tracks `read` and counts each invalidation, re-arming after each.
    func track(_ read: @escaping @Sendable () -> Void) {
        withObservationTracking(read) { [self] in
            count.withLock { $0 += 1 }
        }
    }
}

@Suite("Validation modes")
struct ValidationModeTests {
    static let definition = try! FormDefinition([
        FieldDefinition(FormKey<String>("name"), validators: [.required(), .minLength(3)]),
        FieldDefinition(FormKey<String>("password"), isSecure: true, validators: [.required(), .minLength(8)]),
        FieldDefinition(FormKey<String>("confirm"), isSecure: true, validators: [.equals("password")]),
    ])

    static func form(_ mode: ValidationMode, revalidate: ValidationMode = .onChange, values: FormContext = [:]) -> FormContextObject {
        FormContextObject(definition: definition, values: values, options: ValidationOptions(mode: mode, revalidateMode: revalidate))
    }

    @Test func onChangeValidatesEachEdit() {
        let form = Self.form(.onChange)
        #expect(form.isValid)
        form.set("Al", for: "name", origin: .user)
        #expect(form.errors(for: "name").map(\.description) == ["name: must be at least 3 characters"])
        #expect(!form.isValid)
        #expect(form.errorCount == 1)
        form.set("Ada", for: "name", origin: .user)
        #expect(form.errors(for: "name") == [])
        #expect(form.isValid)
        #expect(form.errorCount == 0)
        form.set(nil, for: "name")
        #expect(form.errors(for: "name").map(\.rule) == ["required"])
    }

    @Test func onChangeAlsoValidatesOnBlur() {
        let form = Self.form(.onChange)
        form.blur("name")
        #expect(form.isTouched("name"))
        #expect(form.errors(for: "name").map(\.rule) == ["required"])
    }

    @Test func onBlurWaitsForFocusToLeave() {
        let form = Self.form(.onBlur)
        form.set("Al", for: "name", origin: .user)
        #expect(form.errors(for: "name") == [])
        form.blur("name")
        #expect(form.errors(for: "name").map(\.rule) == ["minLength(3)"])
        form.set("Ada", for: "name", origin: .user)
        #expect(form.errors(for: "name").map(\.rule) == ["minLength(3)"], "an edit alone does not re-validate")
        form.blur("name")
        #expect(form.errors(for: "name") == [])
    }

    @Test func onSubmitValidatesOnlyWhenAsked() async {
        let form = Self.form(.onSubmit, revalidate: .onSubmit)
        form.set("Al", for: "name", origin: .user)
        form.blur("name")
        #expect(form.errors(for: "name") == [])
        #expect(form.isValid)
        let report = form.validate()
        #expect(report.lines == ["name: must be at least 3 characters", "password: is required"])
        #expect(!form.isValid)
        #expect(form.errorCount == 2)
        #expect(form.invalidKeys == ["name", "password"])
        form.set("Ada", for: "name", origin: .user)
        #expect(form.errorCount == 2, "onSubmit does not re-validate on change")
    }

    @Test func revalidateModeAppliesAfterTheFirstSubmit() async {
        let form = Self.form(.onSubmit, revalidate: .onChange)
        form.set("Al", for: "name", origin: .user)
        #expect(form.errors(for: "name") == [])
        let result = await form.submit { _ in .accepted }
        #expect(result.report?.lines == ["name: must be at least 3 characters", "password: is required"])
        form.set("Ada", for: "name", origin: .user)
        #expect(form.errors(for: "name") == [], "after a submit, edits re-validate")
        #expect(form.errorCount == 1)
        form.set("Adalovelace", for: "password", origin: .user)
        #expect(form.isValid)
    }

    @Test func revalidateOnBlurAfterSubmit() async {
        let form = Self.form(.onChange, revalidate: .onBlur)
        await form.submit { _ in .accepted }
        #expect(form.errors(for: "name").map(\.rule) == ["required"])
        form.set("Ada", for: "name", origin: .user)
        #expect(form.errors(for: "name").map(\.rule) == ["required"])
        form.blur("name")
        #expect(form.errors(for: "name") == [])
    }

    @Test func crossFieldRuleFollowsTheFieldItReads() {
        let form = Self.form(.onChange)
        form.set("analytical", for: "password", origin: .user)
        #expect(form.errors(for: "confirm") == [], "not validated yet, so not re-validated")
        form.set("analytic", for: "confirm", origin: .user)
        #expect(form.errors(for: "confirm").map(\.description) == ["confirm: must match password"])
        form.set("analytic", for: "password", origin: .user)
        #expect(form.errors(for: "confirm") == [], "a change to password re-validates confirm")
        form.set("analytical engine", for: "password", origin: .user)
        #expect(form.errors(for: "confirm").map(\.rule) == ["equals(password)"])
    }

    @Test func formLevelValidatorsRunWithFieldValidation() throws {
        let definition = try FormDefinition(
            [FieldDefinition(FormKey<Int>("start")), FieldDefinition(FormKey<Int>("end"))],
            validators: [
                FormValidator("order", message: "The end must not come before the start") { values in
                    guard let start = values[FormKey<Int>("start")], let end = values[FormKey<Int>("end")] else { return true }
                    return start <= end
                },
                FormValidator("short", message: "A short span", severity: .warning) { values in
                    guard let start = values[FormKey<Int>("start")], let end = values[FormKey<Int>("end")] else { return true }
                    return end - start > 1
                },
            ])
        let form = FormContextObject(definition: definition, options: ValidationOptions(mode: .onChange))
        let counter = ObservationCounter()
        counter.track { _ = form.formErrors }
        form.set(5, for: "start")
        form.set(3, for: "end")
        #expect(form.formErrors.map(\.description) == ["The end must not come before the start"])
        #expect(form.formWarnings.map(\.message) == ["A short span"])
        #expect(!form.isValid)
        #expect(form.errorCount == 1)
        #expect(counter.value == 1)
        form.set(6, for: "end")
        #expect(form.formErrors == [])
        #expect(form.formWarnings.map(\.message) == ["A short span"])
        #expect(form.isValid)
        #expect(form.validationReport.warnings.map(\.rule) == ["short"])
    }

    @Test func warningsDoNotBlock() async throws {
        let definition = try FormDefinition([
            FieldDefinition(FormKey<String>("password"), validators: [.required(), .minLength(12).warning("Longer is safer")])
        ])
        let form = FormContextObject(definition: definition, options: ValidationOptions(mode: .onChange))
        form.set("analytical", for: "password")
        #expect(form.isValid)
        #expect(form.warnings(for: "password").map(\.description) == ["password: Longer is safer"])
        #expect(form.fieldState(for: "password").isValid)
        let result = await form.submit { _ in .accepted }
        #expect(result.isSuccess)
    }

    @Test func severalErrorsPerFieldInDeclarationOrder() throws {
        let definition = try FormDefinition([
            FieldDefinition(FormKey<String>("code"), validators: [.minLength(4), .pattern("[0-9]+"), .oneOf(["1234", "5678"])])
        ])
        let form = FormContextObject(definition: definition, options: ValidationOptions(mode: .onChange))
        form.set("ab", for: "code")
        #expect(form.errors(for: "code").map(\.rule) == ["minLength(4)", "pattern([0-9]+)", "oneOf"])
        #expect(form.errorCount == 3)
        #expect(form.invalidKeys == ["code"])
    }

    @Test func wrongTypeInALiveForm() {
        let definition = try! FormDefinition([FieldDefinition(FormKey<Int>("age"), validators: [.range(0...150)])])
        let form = FormContextObject(definition: definition, options: ValidationOptions(mode: .onChange))
        form.set("forty", for: "age")
        #expect(form.errors(for: "age") == [ValidationIssue(key: "age", rule: "type", message: "expected Int, found String")])
    }

    @Test func hiddenAndDisabledFieldsAreNotValidated() {
        let form = Self.form(.onChange)
        form.set("Al", for: "name")
        #expect(form.errorCount == 1)
        form.setVisible(false, for: "name")
        #expect(form.errors(for: "name") == [])
        #expect(form.isValid)
        form.set("A", for: "name")
        #expect(form.isValid, "a hidden field is not validated")
        form.setVisible(true, for: "name")
        #expect(form.errors(for: "name").map(\.rule) == ["minLength(3)"], "shown again, it is validated again")
        form.setEnabled(false, for: "name")
        #expect(form.isValid)
        #expect(form.validate().isValid == false)
        #expect(form.validationReport.lines == ["password: is required"])
    }

    @Test func resetClearsIssues() {
        let form = Self.form(.onChange)
        form.set("Al", for: "name")
        form.validate()
        #expect(form.errorCount == 2)
        form.reset()
        #expect(form.errorCount == 0)
        #expect(form.isValid)
        #expect(form.errors(for: "name") == [])
    }

    @Test func setErrorsFromOutsideUntilTheValueChanges() {
        let form = Self.form(.onSubmit)
        form.setErrors(["is already taken"], for: "name")
        #expect(form.errors(for: "name") == [ValidationIssue(key: "name", rule: "server", message: "is already taken")])
        #expect(!form.isValid)
        form.set("Grace", for: "name")
        #expect(form.errors(for: "name") == [])
        #expect(form.isValid)
    }

    @Test func fieldStateCarriesIssuesAndIsObservedPerKey() {
        let form = Self.form(.onChange)
        let nameCounter = ObservationCounter()
        let passwordCounter = ObservationCounter()
        let validCounter = ObservationCounter()
        nameCounter.track { _ = form.fieldState(for: "name") }
        passwordCounter.track { _ = form.fieldState(for: "password") }
        validCounter.track { _ = form.isValid }
        form.set("Al", for: "name")
        #expect(nameCounter.value == 1)
        #expect(passwordCounter.value == 0)
        #expect(validCounter.value == 1)
        let state = form.fieldState(for: "name")
        #expect(state.errors.map(\.rule) == ["minLength(3)"])
        #expect(!state.isValid)
        #expect(!state.isValidating)
        #expect(state == FieldState(key: "name", value: "Al", isDirty: true, errors: [ValidationIssue(key: "name", rule: "minLength(3)", message: "must be at least 3 characters")], isRequired: true))
    }

    @Test func errorCountObservationFiresOnlyWhenTheCountChanges() {
        let form = Self.form(.onChange)
        form.set("Al", for: "name")
        let counter = ObservationCounter()
        counter.track { _ = form.errorCount }
        form.set("Bo", for: "name")
        #expect(counter.value == 0)
        form.set("Bob", for: "name")
        #expect(counter.value == 1)
    }

    @Test func attachMarksSecretFields() {
        let form = FormContextObject(["password": "hello", "name": "Ada"])
        form.attach(Self.definition)
        #expect(form.context.description == #"["name": "Ada", "password": ••••••]"#)
        #expect(form.definition?.keys == ["name", "password", "confirm"])
        #expect(form.validationOptions.mode == .onSubmit)
    }
}

@Suite("Validation running counts")
struct ValidationInvariantTests {
    /// Checks the running counts against the stored issues.
    static func check(_ form: FormContextObject, sourceLocation: SourceLocation = #_sourceLocation) {
        let violations = form.read { $0.invariantViolations() }
        #expect(violations == [], sourceLocation: sourceLocation)
    }

    @Test func countsStayExactThroughEveryKindOfMutation() async {
        let form = ValidationModeTests.form(.onChange)
        let steps: [@Sendable (FormContextObject) -> Void] = [
            { $0.set("A", for: "name") },
            { $0.set("secret", for: "password") },
            { $0.set("secreT", for: "confirm") },
            { $0.setVisible(false, for: "password") },
            { $0.setErrors(["is reserved"], for: "name") },
            { $0.setVisible(true, for: "password") },
            { $0.setEnabled(false, for: "name") },
            { $0.validate() },
            { $0.setEnabled(true, for: "name") },
            { $0.transaction { batch in batch.set("Ada", for: "name"); batch.set("secreT", for: "password") } },
            { $0.setErrors(["elsewhere"], for: "undefined") },
            { $0.reset() },
            { $0.set(nil, for: "name") },
            { $0.blur("name") },
        ]
        for step in steps {
            step(form)
            Self.check(form)
        }
        #expect(form.errors(for: "name").map(\.rule) == ["required"])
        await form.submit { _ in .rejected(["password": ["too common"]], formErrors: ["later"]) }
        Self.check(form)
    }

    @Test func controlLosingFocusValidates() throws {
        let form = ValidationModeTests.form(.onBlur)
        let name = FieldControl<String>(key: "name", title: "Name")
        try name.connect(to: form)
        name.text = "Al"
        #expect(form.errors(for: "name") == [])
        name.blur()
        #expect(form.isTouched("name"))
        #expect(form.errors(for: "name").map(\.rule) == ["minLength(3)"])
        Self.check(form)
    }
}
