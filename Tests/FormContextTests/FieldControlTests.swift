@_spi(Diagnostics) @testable import FormContextCore
import Foundation
import Testing

@Suite("Field controls")
struct FieldControlTests {
    enum Preview: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
        case always, whenUnlocked, never
        var description: String { rawValue }
    }

    // MARK: On its own

    @Test func anUnconnectedControlKeepsWorking() {
        let age = FieldControl<Int>(key: "age", title: "Age")
        #expect(!age.isConnected)
        #expect(age.form == nil)
        #expect(age.title == "Age")
        #expect(age.value == nil)
        #expect(age.text == "")

        age.text = "42"
        #expect(age.value == 42)
        age.text = "4x"
        #expect(age.value == 42)
        #expect(age.text == "4x")
        #expect(age.parseError == .unparsableText(key: "age", text: "4x", expected: "Int"))
        age.value = 7
        #expect(age.text == "7")
        #expect(age.parseError == nil)
        age.blur()
    }

    // MARK: Connecting

    @Test func connectingSeedsTheFormWithTheControlsValueAsItsDefault() throws {
        let form = FormContextObject()
        let recorder = ChangeRecorder()
        let subscription = form.observeAll(recorder.record)
        let name = FieldControl<String>(key: "name", text: "Ada")

        try name.connect(to: form)

        #expect(name.isConnected)
        #expect(name.form === form)
        #expect(form.controlCount(for: "name") == 1)
        #expect(form.context == ["name": "Ada"])
        #expect(recorder.changes == [FormChange(key: "name", oldValue: nil, newValue: "Ada", origin: .program)])
        // The control's starting value is the field's default: the form stays clean and reset returns to it.
        #expect(form.initialValue(for: "name") == AnyHashable("Ada"))
        #expect(!form.isDirty)
        name.text = "Grace"
        form.reset()
        #expect(name.value == "Ada")
        subscription.cancel()
    }

    @Test func connectingAdoptsTheFormsValue() throws {
        let form = FormContextObject(["name": "Grace"])
        let recorder = ChangeRecorder()
        let subscription = form.observeAll(recorder.record)
        let name = FieldControl<String>(key: "name", text: "Ada")

        try name.connect(to: form)

        #expect(name.value == "Grace")
        #expect(name.text == "Grace")
        #expect(form.context == ["name": "Grace"])
        #expect(recorder.count == 0)
        subscription.cancel()
    }

    @Test func connectingAdoptsAFieldTheFormHasCleared() throws {
        let form = FormContextObject(["name": "Grace"])
        form.set(nil, for: "name")
        let name = FieldControl<String>(key: "name", text: "Ada")
        try name.connect(to: form)
        #expect(name.value == nil)
        #expect(form.context.isEmpty)
        #expect(form.dirtyKeys == ["name"])
    }

    @Test func aControlWithoutAValueLeavesAnEmptyFormAlone() throws {
        let form = FormContextObject()
        let name = FieldControl<String>(key: "name")
        try name.connect(to: form)
        #expect(form.context.isEmpty)
        #expect(form.initialValues.isEmpty)
        #expect(name.value == nil)
    }

    // MARK: Two-way flow

    @Test func userEditsFlowIntoTheFormWithOriginUser() throws {
        let form = FormContextObject(["age": 36])
        let age = FieldControl<Int>(key: "age")
        try age.connect(to: form)
        let recorder = ChangeRecorder()
        let subscription = form.observe("age", recorder.record)

        age.text = "37"
        age.value = 38
        age.text = " 38 "
        age.text = ""
        age.value = 1

        #expect(
            recorder.changes == [
                FormChange(key: "age", oldValue: 36, newValue: 37, origin: .user),
                FormChange(key: "age", oldValue: 37, newValue: 38, origin: .user),
                FormChange(key: "age", oldValue: 38, newValue: nil, origin: .user),
                FormChange(key: "age", oldValue: nil, newValue: 1, origin: .user),
            ])
        #expect(form.context == ["age": 1])
        subscription.cancel()
    }

    @Test func formChangesFlowIntoTheControl() throws {
        let form = FormContextObject(["name": "Ada"])
        let name = FieldControl<String>(key: "name")
        let other = FieldControl<String>(key: "name")
        try name.connect(to: form)
        try other.connect(to: form)
        #expect(form.controlCount(for: "name") == 2)

        form.set("Grace", for: "name")
        #expect(name.value == "Grace")
        #expect(name.text == "Grace")

        other.text = "Hopper"
        #expect(name.value == "Hopper")
        #expect(form.context == ["name": "Hopper"])

        form.reset()
        #expect(name.value == "Ada")
        #expect(other.value == "Ada")

        form.reset(to: ["name": "Lovelace"])
        #expect(name.text == "Lovelace")

        form.transaction { $0.set(nil, for: "name") }
        #expect(name.value == nil)
        #expect(name.text == "")
    }

    @Test func aControlShowsTheLatestValueWhenAHandlerRewritesIt() throws {
        let form = FormContextObject()
        let clamp = form.observe("level") { [unowned form] change in
            if let level = change.newValue?.base as? Int, level > 10 { form.set(10, for: "level") }
        }
        let level = FieldControl<Int>(key: "level")
        try level.connect(to: form)
        level.text = "15"
        #expect(form[FormKey<Int>("level")] == 10)
        #expect(level.value == 10)
        #expect(level.text == "10")
        clamp.cancel()
    }

    @Test func aValidEditClearsAParseError() throws {
        let form = FormContextObject(["age": 36])
        let age = FieldControl<Int>(key: "age")
        try age.connect(to: form)
        let recorder = ChangeRecorder()
        let subscription = form.observeAll(recorder.record)

        age.text = "4x"
        #expect(form.context == ["age": 36])
        #expect(age.value == 36)
        let error = try #require(age.parseError)
        #expect(error == .unparsableText(key: "age", text: "4x", expected: "Int"))
        #expect(error.description == #"unreadable text for key 'age': expected Int, found "4x""#)
        #expect(error.key == "age")
        #expect(recorder.count == 0)

        age.text = "40"
        #expect(age.parseError == nil)
        #expect(form.context == ["age": 40])

        age.text = "x"
        form.set(41, for: "age")
        #expect(age.parseError == nil)
        #expect(age.text == "41")

        age.text = "y"
        age.text = "41"
        #expect(age.parseError == nil)
        #expect(recorder.count == 2)
        subscription.cancel()
    }

    @Test func resetReplacesTextThatDidNotParse() throws {
        let form = FormContextObject(["age": 36, "name": "Ada"])
        let age = FieldControl<Int>(key: "age")
        let name = FieldControl<String>(key: "name")
        try age.connect(to: form)
        try name.connect(to: form)
        let recorder = ChangeRecorder()
        let subscription = form.observeAll(recorder.record)

        age.text = "4x"
        form.reset()
        #expect(age.parseError == nil)
        #expect(age.text == "36")
        #expect(recorder.count == 0)

        age.text = "4y"
        name.text = "Grace"
        form.reset(to: ["age": 36, "name": "Ada"], keeping: [.edits])
        #expect(age.parseError == nil)
        #expect(age.text == "36")
        #expect(name.text == "Grace")
        #expect(recorder.count == 1)
        subscription.cancel()
    }

    @Test func aFormValueOfAnotherTypeIsReportedNotShown() throws {
        let form = FormContextObject(["age": 36])
        let age = FieldControl<Int>(key: "age")
        try age.connect(to: form)
        form.set("thirty", for: "age")
        #expect(age.value == 36)
        #expect(age.parseError == .typeMismatch(key: "age", expected: "Int", found: "String"))
        #expect(age.parseError?.description == "wrong type for key 'age': expected Int, found String")
        form.set(37, for: "age")
        #expect(age.value == 37)
        #expect(age.parseError == nil)
    }

    @Test func disconnectingLetsTheControlWorkOnItsOwn() throws {
        let form = FormContextObject(["name": "Ada"])
        let name = FieldControl<String>(key: "name")
        try name.connect(to: form)
        name.disconnect()
        #expect(!name.isConnected)
        #expect(form.controlCount(for: "name") == 0)
        #expect(form.read { $0.observers.byKey.isEmpty })

        name.text = "Grace"
        #expect(form.context == ["name": "Ada"])
        form.set("Hopper", for: "name")
        #expect(name.value == "Grace")
        name.disconnect()

        try name.connect(to: form)
        #expect(name.value == "Hopper")
    }

    @Test func aReleasedControlLeavesTheForm() throws {
        let form = FormContextObject()
        do {
            let name = FieldControl<String>(key: "name", text: "Ada")
            try name.connect(to: form)
            #expect(form.controlCount(for: "name") == 1)
        }
        #expect(form.controlCount(for: "name") == 0)
        #expect(form.read { $0.observers.byKey.isEmpty })
        let number = FieldControl<Int>(key: "name")
        #expect(throws: FormControlError.typeMismatch(key: "name", expected: "Int", found: "String")) {
            try number.connect(to: form)
        }
    }

    @Test func touchMarksTheFieldTouched() throws {
        let form = FormContextObject()
        let name = FieldControl<String>(key: "name")
        try name.connect(to: form)
        name.blur()
        #expect(form.touchedKeys == ["name"])
    }

    // MARK: Secure text

    @Test func aSecureControlMarksTheKeySecretBeforeSeedingIt() throws {
        let form = FormContextObject()
        let recorder = ChangeRecorder()
        let subscription = form.observeAll(recorder.record)
        let password = FieldControl<String>(key: "password", title: "Password", text: "hello", isSecure: true)

        try password.connect(to: form)
        password.text = "hunter2"

        #expect(password.isSecure)
        #expect(form.fieldState(for: "password").isSecure)
        #expect(form.context.secureKeys == ["password"])
        #expect(form.context.lines() == ["password: ••••••"])
        #expect(recorder.changes.map(\.description) == ["password: nil -> •••••• (program)", "password: •••••• -> •••••• (user)"])
        #expect(recorder.changes.allSatisfy { $0.isSecure })
        subscription.cancel()
    }

    // MARK: Misuse

    @Test func connectingOneControlToTwoFormsFails() throws {
        let first = FormContextObject()
        let second = FormContextObject(["age": 1])
        let age = FieldControl<Int>(key: "age", value: 30)
        try age.connect(to: first)

        let error = try #require(throws: FormControlError.self) { try age.connect(to: second) }
        #expect(error == .alreadyConnected(key: "age"))
        #expect(error.description == "control for key 'age' is already connected to a form")
        #expect(#expect(throws: FormControlError.self) { try age.connect(to: first) } == .alreadyConnected(key: "age"))

        #expect(age.form === first)
        #expect(second.context == ["age": 1])
        #expect(second.controlCount(for: "age") == 0)
        #expect(first.controlCount(for: "age") == 1)
        #expect(first.context == ["age": 30])
    }

    @Test func twoControlsOfDifferentValueTypesOnOneKeyFail() throws {
        let form = FormContextObject()
        let age = FieldControl<Int>(key: "age")
        try age.connect(to: form)
        let recorder = ChangeRecorder()
        let subscription = form.observeAll(recorder.record)

        let text = FieldControl<String>(key: "age", text: "thirty", isSecure: true)
        let error = try #require(throws: FormControlError.self) { try text.connect(to: form) }
        #expect(error == .conflictingValueType(key: "age", existing: "Int", new: "String"))
        #expect(error.description == "key 'age' already has a control of type Int; cannot connect a control of type String")

        #expect(!text.isConnected)
        #expect(text.value == "thirty")
        #expect(form.context.isEmpty)
        #expect(form.context.secureKeys.isEmpty)
        #expect(form.controlCount(for: "age") == 1)
        #expect(form.read { $0.subscribers(of: "age")?.count } == 1)
        #expect(recorder.count == 0)

        age.disconnect()
        try text.connect(to: form)
        #expect(form.context == ["age": "thirty"])
        subscription.cancel()
    }

    @Test func aFormValueOfTheWrongTypeFails() throws {
        let form = FormContextObject(["age": "36"])
        let recorder = ChangeRecorder()
        let subscription = form.observeAll(recorder.record)
        let age = FieldControl<Int>(key: "age", value: 36)

        let error = try #require(throws: FormControlError.self) { try age.connect(to: form) }
        #expect(error == .typeMismatch(key: "age", expected: "Int", found: "String"))
        #expect(error.description == "wrong type for key 'age': expected Int, found String")

        #expect(!age.isConnected)
        #expect(age.value == 36)
        #expect(form.context == ["age": "36"])
        #expect(form.controlCount(for: "age") == 0)
        #expect(form.read { $0.observers.byKey.isEmpty })
        #expect(recorder.count == 0)

        form.set(nil, for: "age")
        try age.connect(to: form)
        #expect(age.value == nil)
        subscription.cancel()
    }

    // MARK: Kinds

    @Test func toggleControl() throws {
        let form = FormContextObject()
        let toggle = FieldControl<Bool>(key: "enabled", title: "Enabled", isOn: true)
        try toggle.connect(to: form)
        let recorder = ChangeRecorder()
        let subscription = form.observe("enabled", recorder.record)
        #expect(toggle.isOn)
        toggle.toggle()
        toggle.isOn = true
        toggle.text = "off"
        toggle.text = "maybe"
        #expect(toggle.parseError?.description == #"unreadable text for key 'enabled': expected Bool (true or false), found "maybe""#)
        #expect(
            recorder.changes == [
                FormChange(key: "enabled", oldValue: true, newValue: false, origin: .user),
                FormChange(key: "enabled", oldValue: false, newValue: true, origin: .user),
                FormChange(key: "enabled", oldValue: true, newValue: false, origin: .user),
            ])
        #expect(FieldControl<Bool>(key: "x").isOn == false)
        subscription.cancel()
    }

    @Test func choiceControl() throws {
        let form = FormContextObject()
        let preview = FieldControl<Preview>(key: "preview", title: "Show Previews", selection: .always)
        try preview.connect(to: form)
        #expect(preview.options == [.always, .whenUnlocked, .never])
        #expect(preview.isSelected(.always))
        preview.select(.never)
        #expect(form[FormKey<Preview>("preview")] == .never)
        #expect(!preview.isSelected(.always))
        preview.text = "WhenUnlocked"
        #expect(preview.value == .whenUnlocked)
        preview.text = "sometimes"
        #expect(preview.parseError?.description == #"unreadable text for key 'preview': expected Preview (one of always, whenUnlocked, never), found "sometimes""#)
        form.set(Preview.always, for: "preview")
        #expect(preview.text == "always")
    }

    @Test func numberControls() throws {
        let form = FormContextObject()
        let ratio = FieldControl<Double>(key: "ratio", value: 0.5)
        let price = FieldControl<Decimal>(key: "price", value: Decimal(string: "12.50"))
        try ratio.connect(to: form)
        try price.connect(to: form)
        #expect(ratio.text == "0.5")
        #expect(price.text == "12.5")
        ratio.text = "1e3"
        price.text = "-0.25"
        #expect(form[FormKey<Double>("ratio")] == 1000)
        #expect(form[FormKey<Decimal>("price")] == Decimal(string: "-0.25"))
        price.text = "1e3"
        #expect(price.parseError?.description == #"unreadable text for key 'price': expected Decimal, found "1e3""#)
        #expect(form[FormKey<Decimal>("price")] == Decimal(string: "-0.25"))
    }

    @Test func dateControl() throws {
        let form = FormContextObject()
        let day = FieldControl<Date>(key: "day", date: Date(timeIntervalSince1970: 0))
        try day.connect(to: form)
        #expect(day.text == "1970-01-01T00:00:00Z")
        day.text = "2024-05-01T09:30:00Z"
        #expect(form[FormKey<Date>("day")] == Date(timeIntervalSince1970: 1_714_555_800))
        day.text = "2024-05-01"
        #expect(form[FormKey<Date>("day")] == Date(timeIntervalSince1970: 1_714_521_600))
        day.text = "yesterday"
        #expect(day.parseError?.description == #"unreadable text for key 'day': expected Date (ISO 8601), found "yesterday""#)
        #expect(form[FormKey<Date>("day")] == Date(timeIntervalSince1970: 1_714_521_600))
    }

    // MARK: Observation

    @Test func controlsAreObservable() throws {
        let form = FormContextObject(["age": 1])
        let age = FieldControl<Int>(key: "age")
        try age.connect(to: form)

        let value = FireCounter.tracking { _ = age.value }
        form.set(2, for: "age")
        #expect(value.count == 1)

        let error = FireCounter.tracking { _ = age.parseError }
        age.text = "bad"
        #expect(error.count == 1)

        let text = FireCounter.tracking { _ = age.text }
        form.set(2, for: "age")
        #expect(text.count == 0)
        form.set(3, for: "age")
        #expect(text.count == 1)
    }
}
