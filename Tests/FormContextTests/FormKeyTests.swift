@testable import FormContextCore
import Testing

@Suite("FormKey: typed access")
struct FormKeyTests {
    enum Shade: String, Hashable, Sendable, CaseIterable { case light, dark }

    @Test func aKeyHasTheNameItWasMadeWith() {
        let age = FormKey<Int>("age")
        #expect(age.name == "age")
        #expect(age == FormKey<Int>("age"))
        #expect(age != FormKey<Int>("years"))
    }

    @Test func descriptionNamesTheKeyAndTheValueType() {
        #expect(FormKey<Int>("age").description == "age: Int")
        #expect(FormKey<String>("name").description == "name: String")
        #expect(FormKey<Shade>("shade").description == "shade: Shade")
        #expect(FormKey<Shade>.valueTypeName == "Shade")
        #expect(FormKey<[String]>.valueTypeName == "Array<String>")
    }

    @Test func typedSubscriptReadsAndWritesAContext() {
        let age = FormKey<Int>("age")
        var context = FormContext()
        #expect(context[age] == nil)
        context.set(36, for: age.name)
        #expect(context[age] == 36)
        #expect(context["age"] == AnyHashable(36))
        context.set(nil, for: age.name)
        #expect(!context.contains("age"))
    }

    @Test func typedSubscriptReadsNilForAnotherType() {
        let context: FormContext = ["age": "36"]
        #expect(context[FormKey<Int>("age")] == nil)
        #expect(context[FormKey<String>("age")] == "36")
    }

    @Test func typedReadsOfCustomTypes() throws {
        let shade = FormKey<Shade>("shade")
        var context = FormContext()
        context.set(Shade.dark, for: shade.name)
        #expect(context[shade] == .dark)
        #expect(try context.requiredValue(for: shade) == .dark)
        context.set("dark", for: "shade")
        #expect(throws: FormContextError.typeMismatch(key: "shade", expected: "Shade", found: "String")) {
            try context.value(for: shade)
        }
    }

    @Test func typedKeysOnALiveForm() throws {
        let age = FormKey<Int>("age")
        let form = FormContextObject()
        let recorder = ChangeRecorder()
        let subscription = form.observe("age", recorder.record)
        form.set(36, for: age.name)
        #expect(form[age] == 36)
        #expect(try form.value(for: age) == 36)
        #expect(try form.value(for: "age", as: Int.self) == 36)
        #expect(form[FormKey<Int>("age")] == 36)
        form.set(nil, for: age.name)
        #expect(form[age] == nil)
        #expect(try form.value(for: age) == nil)
        #expect(
            recorder.changes == [
                FormChange(key: "age", oldValue: nil, newValue: 36, origin: .program),
                FormChange(key: "age", oldValue: 36, newValue: nil, origin: .program),
            ])
        form.set("x", for: "age")
        #expect(form[age] == nil)
        #expect(throws: FormContextError.typeMismatch(key: "age", expected: "Int", found: "String")) {
            try form.value(for: age)
        }
        #expect(throws: FormContextError.missingValue(key: "name", expected: "String")) {
            try form.value(for: "name", as: String.self)
        }
        subscription.cancel()
    }
}
