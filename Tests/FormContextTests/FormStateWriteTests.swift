@testable import FormContextCore
import Synchronization
import Testing

/// Collects the changes a subscription delivers.
private final class WriteRecorder: Sendable {
    let changes = Mutex<[FormChange]>([])

    func record(_ change: FormChange) {
        changes.withLock { $0.append(change) }
    }

    var recorded: [FormChange] { changes.withLock { $0 } }
}

/// A value whose every instance hashes alike, so only `==` can tell two apart.
private struct Collider: Hashable, Sendable {
    let id: Int

    func hash(into hasher: inout Hasher) {
        hasher.combine(0)
    }
}

@Suite("Writing one value")
struct FormStateWriteTests {
    @Test("writing the same value of the same type changes nothing and notifies no one")
    func sameValue() {
        let form = FormContextObject(["name": "Ada"])
        let recorder = WriteRecorder()
        let subscription = form.observe("name", recorder.record)
        #expect(form.set("Ada", for: "name") == nil)
        #expect(form.set("Grace", for: "name") == FormChange(key: "name", oldValue: "Ada", newValue: "Grace", origin: .program))
        #expect(form.set("Grace", for: "name") == nil)
        #expect(recorder.recorded == [FormChange(key: "name", oldValue: "Ada", newValue: "Grace", origin: .program)])
        subscription.cancel()
    }

    @Test("an equal value of another type is a change, both ways")
    func sameValueOtherType() {
        let form = FormContextObject(["count": 1])
        let recorder = WriteRecorder()
        let subscription = form.observe("count", recorder.record)
        form.set(1.0, for: "count")
        form.set(1.0, for: "count")
        form.set(1, for: "count")
        #expect(recorder.recorded == [
            FormChange(key: "count", oldValue: 1, newValue: 1.0, origin: .program),
            FormChange(key: "count", oldValue: 1.0, newValue: 1, origin: .program),
        ])
        #expect(form[FormKey<Int>("count")] == 1)
        subscription.cancel()
    }

    @Test("values whose hashes collide are still told apart by equality")
    func hashCollision() {
        let form = FormContextObject(["token": Collider(id: 1)])
        #expect(form.set(Collider(id: 2), for: "token") != nil)
        #expect(form.set(Collider(id: 2), for: "token") == nil)
        #expect(form.isDirty("token"))
        #expect(form.set(Collider(id: 1), for: "token") != nil)
        #expect(!form.isDirty("token"))
    }

    @Test("a field is dirty exactly while its value differs from its initial value")
    func dirtyTransitions() {
        let form = FormContextObject(["name": "Ada", "city": "London"])
        #expect(form.dirtyKeys == [])
        form.set("Grace", for: "name")
        #expect(form.dirtyKeys == ["name"])
        form.set("Barbara", for: "name")
        #expect(form.dirtyKeys == ["name"])
        form.set("Paris", for: "city")
        #expect(form.dirtyKeys == ["name", "city"])
        form.set("Ada", for: "name")
        #expect(form.dirtyKeys == ["city"])
        #expect(!form.isDirty("name"))
        form.set("London", for: "city")
        #expect(form.dirtyKeys == [])
        #expect(!form.isDirty)
    }

    @Test("going back to the initial value in another type keeps the field dirty")
    func dirtyIsTypeAware() {
        let form = FormContextObject(["count": 1])
        form.set(2, for: "count")
        form.set(1.0, for: "count")
        #expect(form.isDirty("count"))
        form.set(1, for: "count")
        #expect(!form.isDirty("count"))
    }

    @Test("removing and restoring keys with and without initial values")
    func removal() {
        let form = FormContextObject(["name": "Ada"])
        let recorder = WriteRecorder()
        let subscriptions = [form.observe("name", recorder.record), form.observe("extra", recorder.record)]
        #expect(form.set(nil, for: "extra") == nil)
        form.set("x", for: "extra")
        #expect(form.dirtyKeys == ["extra"])
        form.set(nil, for: "extra")
        #expect(form.dirtyKeys == [])
        form.set(nil, for: "name")
        #expect(form.dirtyKeys == ["name"])
        #expect(form["name"] == nil)
        form.set("Ada", for: "name")
        #expect(form.dirtyKeys == [])
        #expect(recorder.recorded == [
            FormChange(key: "extra", oldValue: nil, newValue: "x", origin: .program),
            FormChange(key: "extra", oldValue: "x", newValue: nil, origin: .program),
            FormChange(key: "name", oldValue: "Ada", newValue: nil, origin: .program),
            FormChange(key: "name", oldValue: nil, newValue: "Ada", origin: .program),
        ])
        subscriptions.forEach { $0.cancel() }
    }

    @Test("a write leaves the context the form was made from, and its initial values, untouched")
    func sharedStorage() {
        let context: FormContext = ["a": "x", "b": "y"]
        let form = FormContextObject(context)
        form.set("z", for: "a")
        #expect(form["a"] == AnyHashable("z"))
        #expect(form["b"] == AnyHashable("y"))
        #expect(form.initialValue(for: "a") == AnyHashable("x"))
        #expect(context["a"] == AnyHashable("x"))
        #expect(form.context == ["a": "z", "b": "y"])
    }

    @Test("a change says whether its field is secret")
    func secrecy() {
        var context: FormContext = ["password": "hello", "name": "Ada"]
        context.setSecure(for: "password")
        let form = FormContextObject(context)
        #expect(form.set("s3cret", for: "password")?.isSecure == true)
        #expect(form.set("Grace", for: "name")?.isSecure == false)
    }

    @Test("every one of many fields notifies only its own observer", arguments: [1, 2, 50])
    func manyFields(count: Int) {
        let keys = (0..<count).map { "field-\($0)" }
        let form = FormContextObject(FormContext(Dictionary(uniqueKeysWithValues: keys.map { ($0, "initial" as any Hashable & Sendable) })))
        let recorders = keys.map { _ in WriteRecorder() }
        let subscriptions = zip(keys, recorders).map { key, recorder in form.observe(key, recorder.record) }
        for key in keys { form.set("edited", for: key) }
        for (key, recorder) in zip(keys, recorders) {
            #expect(recorder.recorded == [FormChange(key: key, oldValue: "initial", newValue: "edited", origin: .program)])
        }
        #expect(form.dirtyKeys == Set(keys))
        subscriptions.forEach { $0.cancel() }
    }
}
