import FormContext
import Synchronization
import Testing

/// `ModelBinding.update` from many threads at once: every update is applied exactly once, in some
/// order, and the form's observers hear each one once. Run under ThreadSanitizer with
/// `swift test --sanitize=thread --scratch-path .build-tsan --filter ModelBindingContentionTests`.
@Suite("ModelBinding under contention")
struct ModelBindingContentionTests {
    /// The changes of `number` the form's observers heard, checked to be one step up each.
    final class CountingObserver: Sendable {
        private let state = Mutex<(heard: Int, broken: [String])>((0, []))

        func hear(_ change: FormChange) {
            let old = change.oldValue?.base as? Int
            let new = change.newValue?.base as? Int
            state.withLock { state in
                state.heard += 1
                if let old, let new, new != old + 1 { state.broken.append("\(old) -> \(new)") }
            }
        }

        var heard: Int { state.withLock { $0.heard } }
        var broken: [String] { state.withLock { $0.broken } }
    }

    @Test(
        "updates from detached tasks are each applied once and heard once",
        arguments: [(tasks: 8, updates: 2_000), (tasks: 2, updates: 5_000), (tasks: 16, updates: 300)])
    func everyUpdateCounts(tasks: Int, updates: Int) async {
        let form = FormContextObject()
        let binding = ModelBinding(Room(number: 0), bridge: Room.bridge, form: form)
        let observer = CountingObserver()
        let subscription = form.observe("number") { observer.hear($0) }
        let workers = (0..<tasks).map { _ in
            Task.detached {
                for _ in 0..<updates { binding.update { $0.number += 1 } }
            }
        }
        for worker in workers { await worker.value }
        #expect(binding.model.number == tasks * updates)
        #expect(form[FormKey<Int>("number")] == tasks * updates)
        #expect(observer.heard == tasks * updates)
        #expect(observer.broken.isEmpty)
        subscription.cancel()
    }

    @Test("updates of one property and of the whole model from detached tasks lose nothing")
    func mixedUpdates() async {
        let form = FormContextObject()
        let binding = ModelBinding(Room(number: 0, label: ""), bridge: Room.bridge, form: form)
        let observer = CountingObserver()
        let subscription = form.observe("number") { observer.hear($0) }
        let counters = (0..<4).map { _ in
            Task.detached {
                for _ in 0..<500 { binding.update { $0.number += 1 } }
            }
        }
        let labellers = (0..<4).map { task in
            Task.detached {
                for index in 0..<500 { binding.update(\.label, to: "task \(task) edit \(index)") }
            }
        }
        for worker in counters + labellers { await worker.value }
        #expect(binding.model.number == 2_000)
        #expect(observer.heard == 2_000)
        #expect(form.context == Room.bridge.context(from: binding.model))
        subscription.cancel()
    }

    @Test("an update made before the binding heard of a form edit builds on the edit")
    func updateAfterUndeliveredEdit() {
        let form = FormContextObject()
        let binding = ModelBinding(Room(number: 0, label: "start"), bridge: Room.bridge, form: form)
        // The edit of `number` is made while `label`'s change is being delivered: it takes effect at
        // once, but the binding hears of it only after this handler returns.
        let subscription = form.observe("label") { change in
            guard change.newValue == AnyHashable("go") else { return }
            form.set(10, for: "number", origin: .user)
            binding.update { $0.number += 1 }
        }
        form.set("go", for: "label", origin: .user)
        #expect(form[FormKey<Int>("number")] == 11)
        #expect(binding.model.number == 11)
        #expect(binding.model.label == "go")
        subscription.cancel()
    }

    @Test("form edits and updates racing from detached tasks leave model and form in agreement")
    func racingEditsAndUpdates() async {
        let form = FormContextObject()
        let binding = ModelBinding(Room(number: 0, label: ""), bridge: Room.bridge, form: form)
        let updaters = (0..<4).map { _ in
            Task.detached {
                for _ in 0..<500 { binding.update { $0.number += 1 } }
            }
        }
        let editors = (0..<4).map { task in
            Task.detached {
                for index in 0..<500 { form.set("task \(task) edit \(index)", for: "label", origin: .user) }
            }
        }
        for worker in updaters + editors { await worker.value }
        #expect(binding.model.number == 2_000)
        #expect(form.context == Room.bridge.context(from: binding.model))
    }
}
