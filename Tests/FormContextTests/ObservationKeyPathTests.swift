import FormContext
import Observation
import Synchronization
import Testing

/// Records which tracked reads were invalidated.
private final class Invalidations: Sendable {
    let names = Mutex<[String]>([])

    func record(_ name: String) {
        names.withLock { $0.append(name) }
    }

    /// The names recorded so far, emptying the record.
    func take() -> [String] {
        names.withLock { names in
            defer { names = [] }
            return names
        }
    }
}

@Suite("Observation per key, tracked again and again")
struct ObservationKeyPathTests {
    /// Tracks `read` once; `onChange` records `name`.
    private func track(_ name: String, _ invalidations: Invalidations, _ read: () -> Void) {
        withObservationTracking { read() } onChange: { invalidations.record(name) }
    }

    @Test("a value reader is invalidated by its own key only, every time it tracks again")
    func valueReaders() {
        let form = FormContextObject(["a": "1", "b": "1"])
        let invalidations = Invalidations()
        for round in 2...4 {
            track("a", invalidations) { _ = form["a"] }
            track("b", invalidations) { _ = form["b"] }
            form.set("\(round)", for: "a")
            #expect(invalidations.take() == ["a"])
            form.set("\(round)", for: "b")
            #expect(invalidations.take() == ["b"])
        }
    }

    @Test("an equal write invalidates no one")
    func equalWrite() {
        let form = FormContextObject(["a": "1"])
        let invalidations = Invalidations()
        track("a", invalidations) { _ = form["a"] }
        form.set("1", for: "a")
        #expect(invalidations.take() == [])
        form.set("2", for: "a")
        #expect(invalidations.take() == ["a"])
    }

    @Test("a field-state reader is invalidated by its value and by its state, for its own key only")
    func fieldStateReaders() {
        let form = FormContextObject(["a": "1", "b": "1"])
        let invalidations = Invalidations()
        track("state a", invalidations) { _ = form.fieldState(for: "a") }
        form.set("2", for: "b")
        #expect(invalidations.take() == [])
        form.blur("a")
        #expect(invalidations.take() == ["state a"])
        track("state a", invalidations) { _ = form.fieldState(for: "a") }
        track("value a", invalidations) { _ = form["a"] }
        form.set("3", for: "a")
        #expect(invalidations.take().sorted() == ["state a", "value a"])
    }

    @Test("typed reads track their key like untyped ones")
    func typedReads() {
        let form = FormContextObject(["count": 1])
        let invalidations = Invalidations()
        track("count", invalidations) { _ = form[FormKey<Int>("count")] }
        form.set(2, for: FormKey<Int>("count").name)
        #expect(invalidations.take() == ["count"])
    }

    @Test("readers on many keys are each invalidated by their own key")
    func manyKeys() {
        let keys = (0..<200).map { "field-\($0)" }
        let form = FormContextObject(FormContext(Dictionary(uniqueKeysWithValues: keys.map { ($0, 0 as any Hashable & Sendable) })))
        let invalidations = Invalidations()
        for key in keys { track(key, invalidations) { _ = form[key] } }
        for key in keys.reversed() {
            form.set(1, for: key)
            #expect(invalidations.take() == [key])
        }
    }
}
