import FormContext
import Testing

/// A front-end cell that holds its value through the property wrapper.
private final class SwitchCell {
    @FieldBinding var isOn: Bool

    init(isOn: FieldBinding<Bool>) {
        _isOn = isOn
    }
}

@Suite("FieldBinding: a headless two-way binding")
struct FieldBindingTests {
    @Test("a form's binding reads the field and writes user edits")
    func formBinding() {
        let name = FormKey<String>("networkName")
        let form = FormContextObject(["networkName": "my network"])
        let recorder = ChangeRecorder()
        let subscription = form.observe("networkName", recorder.record)
        let binding = form.binding(for: name, default: "")
        #expect(binding.wrappedValue == "my network")
        binding.wrappedValue = "office"
        form.set("lab", for: "networkName")
        #expect(binding.wrappedValue == "lab", "the binding reads the form's current value")
        #expect(recorder.changes.map(\.description) == [
            #"networkName: "my network" -> "office" (user)"#,
            #"networkName: "office" -> "lab" (program)"#,
        ])
        subscription.cancel()
    }

    @Test("a binding reads the default for an absent key or another type")
    func defaults() {
        let form = FormContextObject(["age": "old"])
        #expect(form.binding(for: FormKey<Int>("age"), default: 0).wrappedValue == 0)
        #expect(form.binding(for: FormKey<Int>("missing"), default: 7).wrappedValue == 7)
    }

    @Test("a binding is Sendable: written from a detached task, read here")
    func sendable() async {
        let form = FormContextObject()
        let isOn = form.binding(for: FormKey<Bool>("isOn"), default: false)
        await Task.detached { isOn.wrappedValue = true }.value
        #expect(isOn.wrappedValue)
        #expect(form[FormKey<Bool>("isOn")] == true)
    }

    @Test("as a property wrapper, and handed on through its projected value")
    func propertyWrapper() {
        let form = FormContextObject(["isEnabled": true])
        let cell = SwitchCell(isOn: form.binding(for: FormKey<Bool>("isEnabled"), default: false))
        #expect(cell.isOn)
        cell.isOn = false
        #expect(form[FormKey<Bool>("isEnabled")] == false)
        let other = SwitchCell(isOn: cell.$isOn)
        other.isOn = true
        #expect(cell.isOn && form[FormKey<Bool>("isEnabled")] == true)
    }

    @Test("constant ignores writes; map derives a binding that writes through")
    func constantAndMap() {
        let constant = FieldBinding.constant("fixed")
        constant.wrappedValue = "changed"
        #expect(constant.wrappedValue == "fixed")

        let form = FormContextObject(["showPreview": "When Unlocked"])
        let raw = form.binding(for: FormKey<String>("showPreview"), default: "Always")
        let text = raw.map(get: { $0.uppercased() }, set: { $0.capitalized })
        #expect(text.wrappedValue == "WHEN UNLOCKED")
        text.wrappedValue = "NEVER"
        #expect(form[FormKey<String>("showPreview")] == "Never")
    }
}
