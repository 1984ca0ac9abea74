@testable import FormContextCore
import Testing
@testable import ContextDemo

@Suite("ModelBinding")
struct BridgeLiveTests {
    /// A settings form bound to `settings`, with every form change and every model change recorded.
    struct Harness {
        let form = FormContextObject()
        let binding: ModelBinding<Settings>
        let formChanges = BridgeRecorder<FormChange>()
        let models = BridgeRecorder<Settings>()
        let errors = BridgeRecorder<FormBridgeError>()
        let subscriptions: [FormSubscription]

        init(_ settings: Settings = Settings()) {
            binding = ModelBinding(settings, bridge: Settings.bridge, form: form)
            subscriptions = [
                form.observeAll { [formChanges] in formChanges.append($0) },
                binding.onModelChange { [models] in models.append($0) },
                binding.onError { [errors] in errors.append($0) },
            ]
        }
    }

    @Test("binding writes the model into the form with origin bridge and marks the password secure")
    func initialFill() {
        let form = FormContextObject()
        let changes = BridgeRecorder<FormChange>()
        let subscription = form.observeAll { changes.append($0) }
        let binding = ModelBinding(Settings(), bridge: Settings.bridge, form: form)
        #expect(changes.values.map(\.key) == [
            "hotspot.isEnabled", "hotspot.password", "hotspot.networkName", "hotspot.showPreview",
        ])
        #expect(changes.values.allSatisfy { $0.origin == .bridge })
        #expect(form.context == Settings.bridge.context(from: Settings()))
        #expect(form.fieldState(for: "hotspot.password").isSecure)
        #expect(binding.model == Settings())
        subscription.cancel()
    }

    @Test("a form edit updates the model and calls back exactly once")
    func formEdit() {
        let harness = Harness()
        harness.form.set("secret", for: "hotspot.password", origin: .user)
        #expect(harness.binding.model.hotspot.password == "secret")
        #expect(harness.models.count == 1)
        #expect(harness.models.values.first?.hotspot.password == "secret")
        #expect(harness.formChanges.values.map(\.key) == ["hotspot.password"])
        #expect(harness.errors.count == 0)
    }

    @Test("each form edit calls back once, with the model as it is after that edit", arguments: [
        ("hotspot.isEnabled", false as any Hashable & Sendable),
        ("hotspot.networkName", "café 🛜"),
        ("hotspot.showPreview", "When Unlocked"),
        ("hotspot.showPreview", "Never"),
    ] as [(String, any Hashable & Sendable)])
    func editsOfEachKey(key: String, value: any Hashable & Sendable) throws {
        let harness = Harness()
        harness.form.set(value, for: key, origin: .user)
        let model = try #require(harness.models.values.first)
        #expect(harness.models.count == 1)
        #expect(Settings.bridge.storedValue(for: key, of: model) == AnyHashable(value))
        #expect(harness.binding.model == model)
    }

    @Test("an edit to the value the model already has calls no one")
    func sameValueEdit() {
        let harness = Harness()
        harness.form.set("hello", for: "hotspot.password", origin: .user)
        harness.form.set("unbound value", for: "notes", origin: .user)
        #expect(harness.models.count == 0)
        #expect(harness.formChanges.values.map(\.key) == ["notes"])
    }

    @Test("replacing the model notifies exactly the changed keys, once each, with origin bridge")
    func replaceModel() {
        let harness = Harness()
        let passwordChanges = BridgeRecorder<FormChange>()
        let enabledChanges = BridgeRecorder<FormChange>()
        let keyed = [
            harness.form.observe("hotspot.password") { passwordChanges.append($0) },
            harness.form.observe("hotspot.isEnabled") { enabledChanges.append($0) },
        ]
        var settings = Settings()
        settings.hotspot.password = "new"
        settings.hotspot.showPreview = .never
        let changes = harness.binding.replaceModel(settings)
        #expect(changes.map(\.description) == [
            "hotspot.password: •••••• -> •••••• (bridge)",
            "hotspot.showPreview: \"Always\" -> \"Never\" (bridge)",
        ])
        #expect(harness.formChanges.values == changes)
        #expect(passwordChanges.values.map(\.origin) == [.bridge])
        #expect(enabledChanges.count == 0)
        #expect(harness.models.count == 0)
        #expect(harness.form.context == Settings.bridge.context(from: settings))
        _ = keyed
    }

    @Test("changing the model in place and replacing it write only the changed keys")
    func modelSetter() {
        let harness = Harness()
        harness.binding.update { $0.hotspot.isEnabled = false }
        #expect(harness.formChanges.values.map(\.key) == ["hotspot.isEnabled"])
        #expect(harness.form[FormKey<Bool>("hotspot.isEnabled")] == false)
        harness.binding.replaceModel(harness.binding.model)
        #expect(harness.formChanges.count == 1)
        #expect(harness.models.count == 0)
    }

    @Test("no feedback loop: back-and-forth edits make exactly one notification each")
    func noFeedbackLoop() {
        let harness = Harness()
        for index in 0..<50 {
            harness.form.set("p\(index)", for: "hotspot.password", origin: .user)
            var settings = harness.binding.model
            settings.hotspot.networkName = "n\(index)"
            harness.binding.replaceModel(settings)
        }
        #expect(harness.models.count == 50)
        #expect(harness.formChanges.count == 100)
        #expect(harness.formChanges.values.filter { $0.origin == .bridge }.map(\.key)
            == Array(repeating: "hotspot.networkName", count: 50))
        #expect(harness.binding.model.hotspot.password == "p49")
        #expect(harness.binding.model.hotspot.networkName == "n49")
    }

    @Test("a form value of the wrong type is reported and leaves the model unchanged", arguments: [
        ("hotspot.isEnabled", "maybe" as (any Hashable & Sendable)?,
         "wrong type for key 'hotspot.isEnabled': expected Bool, found String"),
        ("hotspot.password", 42, "wrong type for key 'hotspot.password': expected String, found Int"),
        ("hotspot.showPreview", "sometimes",
         "unknown value for key 'hotspot.showPreview': 'sometimes' is not a raw value of ShowPreview"),
        ("hotspot.networkName", nil, "missing value for key 'hotspot.networkName': expected String"),
    ] as [(String, (any Hashable & Sendable)?, String)])
    func unwritableFormValue(key: String, value: (any Hashable & Sendable)?, message: String) {
        let harness = Harness()
        harness.form.set(value, for: key, origin: .user)
        #expect(harness.binding.model == Settings())
        #expect(harness.models.count == 0)
        #expect(harness.errors.values.map(\.description) == [message])
        #expect(harness.binding.lastError?.description == message)
        #expect(harness.binding.errors.mapValues(\.description) == [key: message])
        #expect(harness.form.context[key] == value.map { AnyHashable($0) })
    }

    @Test("a later valid value clears the key's error; replacing the model clears all")
    func errorsClear() {
        let harness = Harness()
        harness.form.set(1, for: "hotspot.password", origin: .user)
        harness.form.set(2, for: "hotspot.networkName", origin: .user)
        #expect(harness.binding.errors.keys.sorted() == ["hotspot.networkName", "hotspot.password"])
        harness.form.set("fixed", for: "hotspot.password", origin: .user)
        #expect(harness.binding.errors.keys.sorted() == ["hotspot.networkName"])
        #expect(harness.binding.model.hotspot.password == "fixed")
        #expect(harness.models.count == 1)
        harness.binding.replaceModel(Settings())
        #expect(harness.binding.errors.isEmpty)
        #expect(harness.binding.lastError == nil)
        #expect(harness.form[FormKey<String>("hotspot.networkName")] == "my network")
    }

    @Test("an update keeps the errors of the keys it does not write, which the form still holds, and clears those it writes")
    func updateKeepsErrorsOfKeysItLeaves() {
        let harness = Harness()
        harness.form.set(42, for: "hotspot.password", origin: .user)
        harness.form.set(7, for: "hotspot.networkName", origin: .user)
        #expect(harness.binding.errors.keys.sorted() == ["hotspot.networkName", "hotspot.password"])
        harness.binding.update { _ in }
        #expect(harness.binding.errors.keys.sorted() == ["hotspot.networkName", "hotspot.password"])
        harness.binding.update(\.hotspot.isEnabled, to: !harness.binding.model.hotspot.isEnabled)
        #expect(harness.binding.errors.keys.sorted() == ["hotspot.networkName", "hotspot.password"])
        #expect(harness.form["hotspot.password"] == AnyHashable(42))
        harness.binding.update(\.hotspot.networkName, to: "office")
        #expect(harness.binding.errors.keys.sorted() == ["hotspot.password"])
        #expect(harness.binding.lastError != nil)
        #expect(harness.form[FormKey<String>("hotspot.networkName")] == "office")
        harness.binding.update { $0.hotspot.password = "fixed" }
        #expect(harness.binding.errors.isEmpty)
        #expect(harness.binding.lastError == nil)
        #expect(harness.form[FormKey<String>("hotspot.password")] == "fixed")
    }

    @Test("optional properties: nil removes the key, removing the key writes nil")
    func optionalProperty() {
        let form = FormContextObject()
        let binding = ModelBinding(Room(label: "Lab"), bridge: Room.bridge, form: form)
        #expect(form[FormKey<String>("label")] == "Lab")
        binding.update { $0.label = nil }
        #expect(form.context["label"] == nil)
        form.set("Office", for: "label", origin: .user)
        #expect(binding.model.label == "Office")
        form.set(nil, for: "label", origin: .user)
        #expect(binding.model.label == nil)
    }

    @Test("a batch of form edits calls back once per changed key")
    func transactionEdits() {
        let harness = Harness()
        harness.form.transaction(origin: .user) { batch in
            batch.set(false, for: "hotspot.isEnabled")
            batch.set("x", for: "hotspot.password")
            batch.set("hello", for: "hotspot.password")
        }
        #expect(harness.models.count == 1)
        #expect(harness.binding.model.hotspot.isEnabled == false)
        #expect(harness.binding.model.hotspot.password == "hello")
    }

    @Test("after cancel, neither side follows the other")
    func cancelling() {
        let harness = Harness()
        harness.binding.cancel()
        harness.binding.cancel()
        #expect(harness.binding.isCancelled)
        harness.form.set("secret", for: "hotspot.password", origin: .user)
        #expect(harness.binding.model.hotspot.password == "hello")
        #expect(harness.models.count == 0)
        #expect(harness.binding.replaceModel(Settings(hotspot: Hotspot(isEnabled: false))) == [])
        #expect(harness.form[FormKey<Bool>("hotspot.isEnabled")] == true)
    }

    @Test("letting the binding go stops it")
    func deallocation() {
        let form = FormContextObject()
        var binding: ModelBinding<Settings>? = ModelBinding(Settings(), bridge: Settings.bridge, form: form)
        weak let weakBinding = binding
        binding = nil
        #expect(weakBinding == nil)
        form.set("after", for: "hotspot.password", origin: .user)
        #expect(form[FormKey<String>("hotspot.password")] == "after")
    }

    @Test("edits from many tasks all land in the model")
    func concurrentEdits() async {
        let form = FormContextObject()
        let room = Room()
        let binding = ModelBinding(room, bridge: Room.bridge, form: form)
        let models = BridgeRecorder<Room>()
        let subscription = binding.onModelChange { models.append($0) }
        await withTaskGroup(of: Void.self) { group in
            for index in 1...20 {
                group.addTask { form.set(index, for: "number", origin: .user) }
            }
        }
        #expect(models.count >= 1)
        #expect(models.count <= 20)
        #expect(binding.model.number == form[FormKey<Int>("number")])
        subscription.cancel()
    }

    @Test("update changes the model in place and notifies the changed keys once")
    func updateInPlace() {
        let harness = Harness()
        let changes = harness.binding.update { settings in
            settings.hotspot.networkName = "office"
            settings.hotspot.showPreview = .never
        }
        #expect(changes.map(\.key) == ["hotspot.networkName", "hotspot.showPreview"])
        #expect(harness.formChanges.values == changes)
        #expect(harness.models.count == 0)
        #expect(harness.binding.update { _ in } == [])
    }

    @Test("a binding that seeds an empty form makes the model's values the initial values: clean, and reset keeps them")
    func seedingAnEmptyForm() {
        let form = FormContextObject()
        let room = Room(number: 7, label: "Lab")
        let binding = ModelBinding(room, bridge: Room.bridge, form: form)
        #expect(!form.isDirty)
        #expect(form.dirtyKeys.isEmpty)
        form.set(8, for: "number", origin: .user)
        #expect(form.dirtyKeys == ["number"])
        form.reset()
        #expect(form.context == Room.bridge.context(from: room))
        #expect(binding.model == room)
        #expect(binding.errors.isEmpty)
        #expect(binding.lastError == nil)
    }

    @Test("a binding over a form that already knows its keys keeps the form's initial values")
    func bindingAFilledForm() {
        let form = FormContextObject(Room.bridge.context(from: Room(number: 1)))
        let binding = ModelBinding(Room(number: 2), bridge: Room.bridge, form: form)
        #expect(form.dirtyKeys == ["number"])
        form.reset()
        #expect(binding.model.number == 1)
    }

    @Test("concurrent updates are never lost, and the form ends with the model's values")
    func concurrentUpdates() async {
        let form = FormContextObject()
        let binding = ModelBinding(Room(number: 0), bridge: Room.bridge, form: form)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<40 {
                group.addTask { binding.update { $0.number += 1 } }
            }
        }
        #expect(binding.model.number == 40)
        #expect(form[FormKey<Int>("number")] == 40)
    }

    @Test("racing replacements and form edits leave model and form in agreement")
    func racingBothWays() async {
        let form = FormContextObject()
        let binding = ModelBinding(Room(), bridge: Room.bridge, form: form)
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<30 {
                group.addTask { binding.replaceModel(Room(number: index, label: "model \(index)")) }
                group.addTask { form.set(1_000 + index, for: "number", origin: .user) }
                group.addTask { form.set("form \(index)", for: "label", origin: .user) }
            }
        }
        #expect(form.context == Room.bridge.context(from: binding.model))
    }
}
