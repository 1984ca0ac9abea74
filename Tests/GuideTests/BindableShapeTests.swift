import FormContext
import Testing

/// The shape of SwiftUI's `Bindable`: dynamic member lookup through a `ReferenceWritableKeyPath`,
/// which is how `$form[edit: key, default: …]` reaches the accessor and becomes a binding.
@dynamicMemberLookup
struct BindableShape<Model: AnyObject> {
    /// A get/set pair, as SwiftUI's `Binding` is.
    struct Binding<Value> {
        let get: () -> Value
        let set: (Value) -> Void
    }

    let model: Model

    subscript<Value>(dynamicMember path: ReferenceWritableKeyPath<Model, Value>) -> Binding<Value> {
        Binding(get: { model[keyPath: path] }, set: { model[keyPath: path] = $0 })
    }
}

@Suite("Docs/SwiftUI.md: the expressions the views write")
struct SwiftUIGuideBindingTests {
    @Test("$form[edit: key, default: …] through a Bindable-shaped wrapper reads and writes the field")
    func bindableSyntax() throws {
        let form = try HotspotForm.makeForm(editing: Hotspot())
        let bindable = BindableShape(model: form)
        let text: BindableShape<FormContextObject>.Binding<String> = bindable[edit: HotspotForm.networkName, default: ""]
        let choice = bindable[edit: HotspotForm.showPreview, default: .always]
        #expect(text.get() == "my network")
        text.set("office")
        choice.set(.whenUnlocked)
        #expect(form[HotspotForm.networkName] == "office")
        #expect(form[HotspotForm.showPreview] == .whenUnlocked)
        #expect(form.dirtyKeys == ["networkName", "showPreview"])
    }
}
