@testable import FormContextCore
import Testing

@Suite("Transactions")
struct TransactionTests {
    struct Abort: Error, Equatable {}

    @Test func eachChangedKeyNotifiesOnceWithItsValueFromBeforeTheBatch() {
        let form = FormContextObject(["a": 1, "b": "x"])
        let ofA = ChangeRecorder()
        let ofAll = ChangeRecorder()
        let subscriptions = [form.observe("a", ofA.record), form.observeAll(ofAll.record)]

        form.transaction(origin: .user) { batch in
            batch.set(2, for: "c")
            batch.set(2, for: "a")
            batch.set(3, for: "a")
            batch.set(nil, for: "b")
            batch.set(4, for: "a")
        }

        #expect(ofA.changes == [FormChange(key: "a", oldValue: 1, newValue: 4, origin: .user)])
        #expect(
            ofAll.changes == [
                FormChange(key: "c", oldValue: nil, newValue: 2, origin: .user),
                FormChange(key: "a", oldValue: 1, newValue: 4, origin: .user),
                FormChange(key: "b", oldValue: "x", newValue: nil, origin: .user),
            ])
        #expect(form.context == ["a": 4, "c": 2])
        subscriptions.forEach { $0.cancel() }
    }

    @Test func nothingIsVisibleUntilTheBatchEnds() {
        let form = FormContextObject(["a": 1])
        let recorder = ChangeRecorder()
        let subscription = form.observeAll(recorder.record)
        form.transaction { batch in
            batch.set(2, for: "a")
            #expect(form["a"] == AnyHashable(1))
            #expect(recorder.count == 0)
        }
        #expect(form["a"] == AnyHashable(2))
        #expect(recorder.count == 1)
        subscription.cancel()
    }

    @Test func aKeyWrittenBackToItsOldValueNotifiesNoOne() {
        let form = FormContextObject(["a": "first"])
        let recorder = ChangeRecorder()
        let subscription = form.observeAll(recorder.record)
        let reader = FireCounter.tracking { _ = form["a"] }
        let dirtyReader = FireCounter.tracking { _ = form.isDirty }

        form.transaction { batch in
            batch.set("second", for: "a")
            batch.set("first", for: "a")
            batch.set(1, for: "new")
            batch.set(nil, for: "new")
        }

        #expect(recorder.count == 0)
        #expect(reader.count == 0)
        #expect(dirtyReader.count == 0)
        #expect(form.context == ["a": "first"])
        #expect(!form.isDirty)
        subscription.cancel()
    }

    @Test func aKeyWrittenBackAsAnotherTypeDoesNotify() {
        let form = FormContextObject(["a": 1])
        let recorder = ChangeRecorder()
        let subscription = form.observeAll(recorder.record)
        form.transaction { batch in
            batch.set(2, for: "a")
            batch.set(1.0, for: "a")
        }
        #expect(recorder.changes == [FormChange(key: "a", oldValue: 1, newValue: 1.0, origin: .program)])
        subscription.cancel()
    }

    @Test func aThrowingBodyAppliesNothing() {
        let form = FormContextObject(["a": 1])
        let recorder = ChangeRecorder()
        let subscription = form.observeAll(recorder.record)
        let reader = FireCounter.tracking { _ = form.context }

        #expect(throws: Abort()) {
            try form.transaction { batch throws(Abort) in
                batch.set(2, for: "a")
                batch.set(3, for: "b")
                throw Abort()
            }
        }

        #expect(form.context == ["a": 1])
        #expect(recorder.count == 0)
        #expect(reader.count == 0)
        #expect(!form.isDirty)
        subscription.cancel()
    }

    @Test func readsInsideTheBatchSeeItsOwnWrites() {
        let form = FormContextObject(["a": 1, "b": 2, "name": "Ada"])
        let count = FormKey<Int>("count")
        let result = form.transaction { batch in
            #expect(batch["a"] == AnyHashable(1))
            #expect(batch.writtenKeys == [])
            batch.set(10, for: "a")
            #expect(batch["a"] == AnyHashable(10))
            #expect(batch[FormKey<Int>("a")] == 10)
            batch.set(nil, for: "b")
            #expect(batch["b"] == nil)
            batch.set((batch[count] ?? 0) + 1, for: count.name)
            batch.set((batch[count] ?? 0) + 1, for: count.name)
            #expect(batch[count] == 2)
            #expect(batch[FormKey<String>("name")] == "Ada")
            batch.set(5, for: nil)
            #expect(batch.writtenKeys == ["a", "b", "count"])
            return batch[FormKey<Int>("a")]
        }
        #expect(result == 10)
        #expect(form.context == ["a": 10, "count": 2, "name": "Ada"])
    }

    @Test func anEmptyTransactionNotifiesNoOne() {
        let form = FormContextObject(["a": 1])
        let recorder = ChangeRecorder()
        let subscription = form.observeAll(recorder.record)
        let value = form.transaction { _ in 42 }
        #expect(value == 42)
        #expect(recorder.count == 0)
        subscription.cancel()
    }

    @Test func aBatchKeepsTheDirtySetExact() {
        let form = FormContextObject(["a": 1, "b": 1])
        form.transaction { batch in
            batch.set(2, for: "a")
            batch.set(3, for: "c")
        }
        #expect(form.dirtyKeys == ["a", "c"])
        form.transaction { batch in
            batch.set(1, for: "a")
            batch.set(nil, for: "c")
        }
        #expect(form.dirtyKeys.isEmpty)
        #expect(!form.isDirty)
    }

    @Test func secretFieldsStaySecretInBatchChanges() {
        let form = FormContextObject()
        form.setSecure(for: "password")
        let recorder = ChangeRecorder()
        let subscription = form.observeAll(recorder.record)
        form.transaction { $0.set("hunter2", for: "password") }
        #expect(recorder.changes.map(\.description) == ["password: nil -> •••••• (program)"])
        subscription.cancel()
    }
}
