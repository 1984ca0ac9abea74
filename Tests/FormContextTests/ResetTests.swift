@testable import FormContextCore
import Testing

@Suite("Reset")
struct ResetTests {
    @Test func resetRestoresInitialValuesAndClearsTouched() {
        let form = FormContextObject(["a": 1, "b": "x"])
        form.set(2, for: "a", origin: .user)
        form.set(3, for: "c", origin: .user)
        form.set("x", for: "b")
        form.blur("a")
        form.blur("b")
        let recorder = ChangeRecorder()
        let subscription = form.observeAll(recorder.record)

        form.reset()

        #expect(
            recorder.changes == [
                FormChange(key: "a", oldValue: 2, newValue: 1, origin: .reset),
                FormChange(key: "c", oldValue: 3, newValue: nil, origin: .reset),
            ])
        #expect(form.context == ["a": 1, "b": "x"])
        #expect(form.touchedKeys.isEmpty)
        #expect(form.dirtyKeys.isEmpty)
        #expect(!form.isDirty)
        subscription.cancel()
    }

    @Test func resetRestoresRemovedAndRetypedValues() {
        let form = FormContextObject(["a": 1, "b": "x"])
        form.set(1.0, for: "a")
        form.set(nil, for: "b")
        let recorder = ChangeRecorder()
        let subscription = form.observeAll(recorder.record)
        form.reset(origin: .program)
        #expect(
            recorder.changes == [
                FormChange(key: "a", oldValue: 1.0, newValue: 1, origin: .program),
                FormChange(key: "b", oldValue: nil, newValue: "x", origin: .program),
            ])
        #expect(form.context == ["a": 1, "b": "x"])
        subscription.cancel()
    }

    @Test func resettingACleanFormNotifiesNoOne() {
        let form = FormContextObject(["a": 1])
        let recorder = ChangeRecorder()
        let subscription = form.observeAll(recorder.record)
        let state = FireCounter.tracking { _ = form.fieldState(for: "a") }
        let dirty = FireCounter.tracking { _ = form.isDirty }
        form.reset()
        #expect(recorder.count == 0)
        #expect(state.count == 0)
        #expect(dirty.count == 0)
        subscription.cancel()
    }

    @Test func resetInvalidatesTouchedFieldsAndIsDirty() {
        let form = FormContextObject(["a": 1, "b": 1])
        form.set(2, for: "a")
        form.blur("b")
        let stateOfB = FireCounter.tracking { _ = form.fieldState(for: "b") }
        let dirty = FireCounter.tracking { _ = form.isDirty }
        form.reset()
        #expect(stateOfB.count == 1)
        #expect(dirty.count == 1)
    }

    @Test func resetToNewValuesReplacesTheInitialValues() {
        let form = FormContextObject(["a": 1, "b": "x", "c": true])
        form.set(2, for: "a")
        form.blur("b")
        let recorder = ChangeRecorder()
        let subscription = form.observeAll(recorder.record)

        form.reset(to: ["a": 5, "b": "x", "d": 7])

        #expect(
            recorder.changes == [
                FormChange(key: "a", oldValue: 2, newValue: 5, origin: .reset),
                FormChange(key: "c", oldValue: true, newValue: nil, origin: .reset),
                FormChange(key: "d", oldValue: nil, newValue: 7, origin: .reset),
            ])
        #expect(form.context == ["a": 5, "b": "x", "d": 7])
        #expect(form.initialValues == ["a": 5, "b": "x", "d": 7])
        #expect(form.dirtyKeys.isEmpty)
        #expect(form.touchedKeys.isEmpty)

        form.set(6, for: "a")
        form.reset()
        #expect(form.context == ["a": 5, "b": "x", "d": 7])
        subscription.cancel()
    }

    @Test func resetToAnEmptyContextEmptiesTheForm() {
        let form = FormContextObject(["b": 2, "a": 1])
        let recorder = ChangeRecorder()
        let subscription = form.observeAll(recorder.record)
        form.reset(to: FormContext(), origin: .bridge)
        #expect(
            recorder.changes == [
                FormChange(key: "a", oldValue: 1, newValue: nil, origin: .bridge),
                FormChange(key: "b", oldValue: 2, newValue: nil, origin: .bridge),
            ])
        #expect(form.context.isEmpty)
        #expect(form.initialValues.isEmpty)
        #expect(!form.isDirty)
        subscription.cancel()
    }

    @Test func resetKeepingEditsKeepsDirtyFieldsAndTakesNewInitialValuesElsewhere() {
        let form = FormContextObject(["a": 1, "b": 2, "e": 9])
        form.set(10, for: "a", origin: .user)
        form.set(6, for: "f", origin: .user)
        form.blur("a")
        form.blur("b")
        let recorder = ChangeRecorder()
        let subscription = form.observeAll(recorder.record)

        form.reset(to: ["a": 100, "b": 20, "c": 30], keeping: [.edits])

        #expect(
            recorder.changes == [
                FormChange(key: "b", oldValue: 2, newValue: 20, origin: .reset),
                FormChange(key: "c", oldValue: nil, newValue: 30, origin: .reset),
                FormChange(key: "e", oldValue: 9, newValue: nil, origin: .reset),
            ])
        #expect(form.context == ["a": 10, "b": 20, "c": 30, "f": 6])
        #expect(form.initialValues == ["a": 100, "b": 20, "c": 30])
        #expect(form.dirtyKeys == ["a", "f"])
        #expect(form.touchedKeys == ["a"])
        #expect(form.fieldState(for: "a") == FieldState(key: "a", value: 10, initialValue: 100, isDirty: true, isTouched: true))

        form.reset()
        #expect(
            recorder.changes.suffix(2) == [
                FormChange(key: "a", oldValue: 10, newValue: 100, origin: .reset),
                FormChange(key: "f", oldValue: 6, newValue: nil, origin: .reset),
            ])
        #expect(form.context == ["a": 100, "b": 20, "c": 30])
        subscription.cancel()
    }

    @Test func anEditEqualToTheNewInitialValueBecomesClean() {
        let form = FormContextObject(["a": 1])
        form.set(10, for: "a")
        form.blur("a")
        let recorder = ChangeRecorder()
        let subscription = form.observeAll(recorder.record)
        form.reset(to: ["a": 10], keeping: [.edits])
        #expect(recorder.count == 0)
        #expect(form.dirtyKeys.isEmpty)
        #expect(form.touchedKeys == ["a"])
        subscription.cancel()
    }

    @Test func resetToInvalidatesOnlyFieldsWhoseStateChanged() {
        let form = FormContextObject(["same": 1, "kept": 1, "moved": 1])
        form.set(5, for: "kept")
        let same = FireCounter.tracking { _ = form.fieldState(for: "same") }
        let kept = FireCounter.tracking { _ = form.fieldState(for: "kept") }
        let moved = FireCounter.tracking { _ = form.fieldState(for: "moved") }
        let keptValue = FireCounter.tracking { _ = form["kept"] }
        form.reset(to: ["same": 1, "kept": 2, "moved": 2], keeping: [.edits])
        #expect(same.count == 0)
        #expect(kept.count == 1)
        #expect(keptValue.count == 0)
        #expect(moved.count == 1)
        #expect(form.context == ["same": 1, "kept": 5, "moved": 2])
    }

    @Test func secretKeysSurviveAReset() {
        var initial: FormContext = ["password": "hello"]
        initial.setSecure(for: "password")
        let form = FormContextObject(initial)
        let recorder = ChangeRecorder()
        let subscription = form.observeAll(recorder.record)
        form.reset(to: ["password": "new"])
        #expect(recorder.changes.map(\.description) == ["password: •••••• -> •••••• (reset)"])
        #expect(form.context.secureKeys == ["password"])
        #expect(form.initialValues.secureKeys == ["password"])
        #expect(form.context.description == #"["password": ••••••]"#)
        subscription.cancel()
    }

    @Test func resetKeepsVisibilityAndEnabledness() {
        let form = FormContextObject(["a": 1])
        form.setVisible(false, for: "a")
        form.setEnabled(false, for: "a")
        form.set(2, for: "a")
        form.reset()
        form.reset(to: ["a": 3])
        #expect(!form.fieldState(for: "a").isVisible)
        #expect(!form.fieldState(for: "a").isEnabled)
    }
}
