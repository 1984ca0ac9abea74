@testable import FormContextCore
import Foundation
import Observation
import Testing
import TestSupport

/// An enumeration field, stored as itself.
private enum Channel: String, CaseIterable, Hashable, Sendable {
    case auto, one, six, eleven
}

@Suite("Editing accessor: form[edit:default:]")
struct EditingAccessorTests {
    /// Checks, for one value type, that the accessor's key path is a `ReferenceWritableKeyPath` to a
    /// non-optional `Value`, and that writing through it stores the value as a user edit.
    private func checkKeyPath<Value: Hashable & Sendable>(_ key: FormKey<Value>, default defaultValue: Value, write newValue: Value) {
        let form = FormContextObject()
        let recorder = ChangeRecorder()
        let subscription = form.observe(key.name, recorder.record)
        let path = \FormContextObject.[edit: key, default: defaultValue]
        let erased: AnyKeyPath = path
        #expect(erased is ReferenceWritableKeyPath<FormContextObject, Value>, "\(Value.self)")
        #expect(!(erased is KeyPath<FormContextObject, Value?>), "\(Value.self)")
        #expect(form[keyPath: path] == defaultValue)
        form[keyPath: path] = newValue
        #expect(form[key] == newValue)
        #expect(form[keyPath: path] == newValue)
        #expect(recorder.changes == [FormChange(key: key.name, oldValue: nil, newValue: newValue, origin: .user)])
        subscription.cancel()
    }

    @Test("the key path is a ReferenceWritableKeyPath<FormContextObject, Value> for every kind of field")
    func keyPathTypes() throws {
        let path = \FormContextObject.[edit: FormKey<String>("name"), default: ""]
        let erased: AnyKeyPath = path
        #expect(erased is ReferenceWritableKeyPath<FormContextObject, String>)
        let form = FormContextObject()
        form[keyPath: path] = "x"
        #expect(form["name"] == AnyHashable("x"))

        checkKeyPath(FormKey<String>("name"), default: "", write: "Ada")
        checkKeyPath(FormKey<Bool>("isOn"), default: false, write: true)
        checkKeyPath(FormKey<Int>("age"), default: 0, write: 36)
        checkKeyPath(FormKey<Double>("ratio"), default: 0, write: 0.25)
        checkKeyPath(FormKey<Decimal>("balance"), default: 0, write: try #require(Decimal(string: "12.50")))
        checkKeyPath(FormKey<Date>("birthday"), default: Date(timeIntervalSince1970: 0), write: Date(timeIntervalSince1970: -4_861_728_000))
        checkKeyPath(FormKey<Channel>("channel"), default: .auto, write: .eleven)
    }

    @Test("typing through the accessor is a user edit: origin .user, and the field becomes dirty")
    func userOrigin() {
        let name = FormKey<String>("name")
        let form = FormContextObject(["name": "Hello"])
        let recorder = ChangeRecorder()
        let subscription = form.observeAll(recorder.record)
        form[edit: name, default: ""] = "Ada"
        form.set("Grace", for: name.name)
        #expect(recorder.changes.map(\.description) == [
            #"name: "Hello" -> "Ada" (user)"#,
            #"name: "Ada" -> "Grace" (program)"#,
        ])
        #expect(form.dirtyKeys == ["name"])
        subscription.cancel()
    }

    @Test("Observation tracks only the key the accessor reads")
    func observationPerKey() {
        let a = FormKey<String>("a")
        let form = FormContextObject(["a": "1", "b": "1"])
        let reader = FireCounter.tracking { _ = form[edit: a, default: ""] }
        form.set("2", for: "b")
        form[edit: FormKey<String>("b"), default: ""] = "3"
        #expect(reader.count == 0)
        form[edit: a, default: ""] = "1"
        #expect(reader.count == 0, "an equal write invalidates no one")
        form[edit: a, default: ""] = "2"
        #expect(reader.count == 1)

        let absent = FireCounter.tracking { _ = form[edit: FormKey<String>("c"), default: ""] }
        form.set("x", for: "b")
        #expect(absent.count == 0)
        form[edit: FormKey<String>("c"), default: ""] = ""
        #expect(absent.count == 1, "storing the default in an absent key is a change")
    }

    @Test("a value of another type reads as the default; the first edit replaces it")
    func wrongType() throws {
        let name = FormKey<String>("name")
        let form = FormContextObject(["name": 42])
        let recorder = ChangeRecorder()
        let subscription = form.observe("name", recorder.record)
        #expect(form[edit: name, default: "?"] == "?")
        #expect(throws: FormContextError.self) { try form.value(for: name) }
        form[edit: name, default: "?"] = "Ada"
        #expect(form[edit: name, default: "?"] == "Ada")
        #expect(recorder.changes.map(\.description) == [#"name: 42 -> "Ada" (user)"#])
        subscription.cancel()
    }

    @Test("writing the default to an absent key stores it, once")
    func defaultIsStored() {
        let isOn = FormKey<Bool>("isOn")
        let form = FormContextObject()
        let recorder = ChangeRecorder()
        let subscription = form.observe("isOn", recorder.record)
        #expect(form[edit: isOn, default: false] == false)
        #expect(!form.contains("isOn"), "reading stores nothing")
        form[edit: isOn, default: false] = false
        form[edit: isOn, default: false] = false
        #expect(form.contains("isOn"))
        #expect(recorder.changes.map(\.description) == ["isOn: nil -> false (user)"])
        subscription.cancel()
    }

    @Test("seeded random edits through the accessor agree with a dictionary, one user change per real change")
    func randomEdits() {
        for seed in UInt64(1)...20 {
            var random = SplitMix64(seed: seed)
            let keys = (0..<4).map { FormKey<Int>("k\($0)") }
            let form = FormContextObject()
            let recorder = ChangeRecorder()
            let subscription = form.observeAll(recorder.record)
            var oracle: [String: Int] = [:]
            var expectedChanges: [String] = []
            for _ in 0..<60 {
                let key = keys[Int.random(in: 0..<keys.count, using: &random)]
                let value = Int.random(in: 0..<3, using: &random)
                if Bool.random(using: &random) {
                    if oracle[key.name] != value {
                        expectedChanges.append("\(key.name): \(oracle[key.name].map(String.init) ?? "nil") -> \(value) (user)")
                    }
                    form[edit: key, default: 0] = value
                    oracle[key.name] = value
                }
                #expect(form[edit: key, default: -1] == oracle[key.name] ?? -1, "seed \(seed)")
            }
            #expect(recorder.changes.map(\.description) == expectedChanges, "seed \(seed)")
            subscription.cancel()
        }
    }
}
