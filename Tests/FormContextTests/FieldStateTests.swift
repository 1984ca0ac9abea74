@testable import FormContextCore
import Testing

@Suite("Field state")
struct FieldStateTests {
    @Test func aFreshFormIsClean() {
        let form = FormContextObject(["a": 1, "b": "x"])
        #expect(!form.isDirty)
        #expect(form.dirtyKeys.isEmpty)
        #expect(form.touchedKeys.isEmpty)
        #expect(form.initialValues == ["a": 1, "b": "x"])
        #expect(form.initialValue(for: "a") == AnyHashable(1))
        #expect(form.initialValue(for: "none") == nil)
        #expect(form.fieldState(for: "a") == FieldState(key: "a", value: 1, initialValue: 1))
        #expect(form.fieldState(for: "none") == FieldState(key: "none"))
    }

    @Test func dirtinessFollowsTheValueExactly() {
        let form = FormContextObject(["a": 1, "b": "x"])
        let steps: [(key: String, value: (any Hashable & Sendable)?, dirty: Set<String>)] = [
            ("a", 2, ["a"]),
            ("b", "y", ["a", "b"]),
            ("a", 1, ["b"]),
            ("a", 1.0, ["a", "b"]),
            ("a", 1, ["b"]),
            ("c", true, ["b", "c"]),
            ("c", nil, ["b"]),
            ("b", nil, ["b"]),
            ("b", "x", []),
            ("a", nil, ["a"]),
            ("a", 1, []),
        ]
        for (index, step) in steps.enumerated() {
            form.set(step.value, for: step.key)
            #expect(form.dirtyKeys == step.dirty, "step \(index)")
            #expect(form.isDirty == !step.dirty.isEmpty, "step \(index)")
            for key in ["a", "b", "c"] {
                #expect(form.isDirty(key) == step.dirty.contains(key), "step \(index), key \(key)")
                #expect(form.fieldState(for: key).isDirty == step.dirty.contains(key), "step \(index), key \(key)")
            }
        }
    }

    @Test func fieldStateIsACompleteSnapshot() {
        let form = FormContextObject(["a": 1])
        form.set(2, for: "a")
        form.blur("a")
        form.setVisible(false, for: "a")
        form.setEnabled(false, for: "a")
        form.setSecure(for: "a")
        let state = form.fieldState(for: "a")
        #expect(
            state
                == FieldState(
                    key: "a", value: 2, initialValue: 1, isDirty: true, isTouched: true, isVisible: false, isEnabled: false,
                    isSecure: true))
        #expect(!state.isActive)
        #expect(state != FieldState(key: "a", value: 2.0, initialValue: 1, isDirty: true, isTouched: true, isVisible: false, isEnabled: false, isSecure: true))
    }

    @Test func touchedFlags() {
        let form = FormContextObject(["a": 1])
        form.blur("a")
        form.blur("never-set")
        #expect(form.touchedKeys == ["a", "never-set"])
        #expect(form.isTouched("a"))
        #expect(!form.isDirty)
        form.reset()
        #expect(form.touchedKeys.isEmpty)
        #expect(!form.isTouched("a"))
    }

    @Test func hiddenAndDisabledFieldsKeepTheirValuesButLeaveActiveValues() {
        let form = FormContextObject(["name": "Ada", "email": "ada@example.com", "age": 36, "plan": "pro"])
        form.setVisible(false, for: "email")
        form.setEnabled(false, for: "age")
        #expect(form.activeValues == ["name": "Ada", "plan": "pro"])
        #expect(form.context == ["name": "Ada", "email": "ada@example.com", "age": 36, "plan": "pro"])
        #expect(!form.fieldState(for: "email").isVisible)
        #expect(form.fieldState(for: "name").isVisible)
        #expect(!form.fieldState(for: "age").isEnabled)
        #expect(!form.fieldState(for: "email").isActive)
        #expect(form.fieldState(for: "plan").isActive)

        form.setEnabled(false, for: "email")
        form.setVisible(true, for: "email")
        #expect(form.activeValues == ["name": "Ada", "plan": "pro"])
        form.setEnabled(true, for: "email")
        form.setEnabled(true, for: "age")
        #expect(form.activeValues == form.context)
    }

    @Test func aHiddenFieldWithoutAValueIsSimplyAbsent() {
        let form = FormContextObject(["a": 1])
        form.setVisible(false, for: "b")
        #expect(form.activeValues == ["a": 1])
        form.set(2, for: "b")
        #expect(form.activeValues == ["a": 1])
        form.setVisible(true, for: "b")
        #expect(form.activeValues == ["a": 1, "b": 2])
    }

    @Test func activeValuesKeepSecretKeys() {
        let form = FormContextObject(["password": "hunter2", "name": "Ada"])
        form.setSecure(for: "password")
        #expect(form.activeValues.lines() == ["name: Ada", "password: ••••••"])
    }

    @Test func secureKeysMaskValuesEverywhere() {
        var initial: FormContext = ["password": "hello", "name": "Ada"]
        initial.setSecure(for: "password")
        let form = FormContextObject(initial)
        let recorder = ChangeRecorder()
        let subscription = form.observeAll(recorder.record)

        #expect(form.fieldState(for: "password").isSecure)
        form.set("hunter2", for: "password", origin: .user)
        form.setSecure(for: "pin")
        form.set(1234, for: "pin")
        form.set("Grace", for: "name")

        #expect(form.context.secureKeys == ["password", "pin"])
        #expect(form.context.description == #"["name": "Grace", "password": ••••••, "pin": ••••••]"#)
        #expect(
            recorder.changes.map(\.description) == [
                "password: •••••• -> •••••• (user)", "pin: nil -> •••••• (program)", #"name: "Ada" -> "Grace" (program)"#,
            ])
        #expect(recorder.changes.map(\.isSecure) == [true, true, false])

        form.setSecure(false, for: "pin")
        #expect(form.context.secureKeys == ["password"])
        #expect(!form.fieldState(for: "pin").isSecure)
        subscription.cancel()
    }

    @Test func secretKeysOfABatchAreSecretInItsChanges() {
        let form = FormContextObject()
        let recorder = ChangeRecorder()
        let subscription = form.observeAll(recorder.record)
        var values: FormContext = ["password": "hunter2", "name": "Ada"]
        values.setSecure(for: "password")
        let changes = form.setAll(values)
        let expected = [#"name: nil -> "Ada" (program)"#, "password: nil -> •••••• (program)"]
        #expect(changes.map(\.description) == expected)
        #expect(recorder.changes.map(\.description) == expected)
        #expect(form.fieldState(for: "password").isSecure)
        subscription.cancel()
    }
}
