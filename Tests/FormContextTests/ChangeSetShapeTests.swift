import Synchronization
import Testing

@testable import FormContextCore

@Suite("A change set carries the change only: each stage keeps its own requests and progress")
struct ChangeSetShapeTests {
    @Test("a change set holds what changed and nothing a stage asked for or has got through")
    func changeSetHoldsTheChangeOnly() {
        let labels = Mirror(reflecting: ChangeSet(isSettling: true)).children.compactMap(\.label)
        #expect(labels == ["id", "isSettling", "recordsValues", "values", "activity", "blurred", "concealment", "readOnly"])
    }

    @Test("validating, from the program or from a validator while the form settles, leaves no request behind")
    func validationRequestsAreTakenByTheirSettle() throws {
        let code = FormKey<String>("code")
        let other = FormKey<String>("other")
        let runs = Mutex(0)
        let formBox = Mutex<FormContextObject?>(nil)
        let definition = try FormDefinition([
            FieldDefinition(code, validators: [
                .custom("again", message: "bad code") { (value: String, _: FormValues) -> Bool in
                    // A validator asking for validation while the form settles: settled after its own run.
                    if runs.withLock({ $0 += 1; return $0 }) == 1, let form = formBox.withLock({ $0 }) { form.validate() }
                    return value != "bad"
                }
            ]),
            FieldDefinition(other, validators: [.required()]),
        ])
        let form = FormContextObject(definition: definition, options: ValidationOptions(mode: .onChange))
        formBox.withLock { $0 = form }
        form.set("bad", for: code.name)
        #expect(form.read { $0.validation.requested.isEmpty })
        let report = form.validate()
        #expect(form.read { $0.validation.requested.isEmpty })
        #expect(report.errors.compactMap(\.key).sorted() == ["code", "other"])
        #expect(runs.withLock { $0 } >= 2)
        formBox.withLock { $0 = nil }
    }
}
