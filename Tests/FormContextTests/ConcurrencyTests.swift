@_spi(Diagnostics) @testable import FormContextCore
import Testing
import TestSupport

/// The form used from many tasks at once. Run under ThreadSanitizer with
/// `swift test --sanitize=thread --filter ConcurrencyTests`.
@Suite("ConcurrencyTests", .timeLimit(.minutes(1)))
struct ConcurrencyTests {
    static let taskCount = 8
    static let writesPerTask = 250

    /// Checks that `changes` link up key by key (each old value is the previous new value, starting from
    /// `initial`) and end at `final`.
    static func expectChained(
        _ changes: [FormChange], from initial: FormContext, to final: FormContext, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        var current = initial
        for change in changes {
            #expect(change.oldValue == current[change.key], "\(change)", sourceLocation: sourceLocation)
            current.storage[change.key] = change.newValue
        }
        #expect(current == final, sourceLocation: sourceLocation)
    }

    @Test func writersOfTheirOwnKeysInATaskGroup() async {
        let form = FormContextObject()
        let all = ChangeRecorder()
        let perKey = (0..<Self.taskCount).map { _ in ChangeRecorder() }
        var subscriptions = [form.observeAll(all.record)]
        for (index, recorder) in perKey.enumerated() { subscriptions.append(form.observe("k\(index)", recorder.record)) }

        await withTaskGroup(of: Void.self) { group in
            for task in 0..<Self.taskCount {
                group.addTask {
                    for value in 1...Self.writesPerTask {
                        form.set(value, for: "k\(task)", origin: .user)
                        #expect(form[FormKey<Int>("k\(task)")] == value)
                        _ = form[FormKey<Int>("k\((task + 1) % Self.taskCount)")]
                        _ = form.isDirty
                    }
                }
            }
        }

        #expect(all.count == Self.taskCount * Self.writesPerTask)
        for (index, recorder) in perKey.enumerated() {
            let expected = (1...Self.writesPerTask).map { value in
                FormChange(key: "k\(index)", oldValue: value == 1 ? nil : value - 1, newValue: value, origin: .user)
            }
            #expect(recorder.changes == expected)
            #expect(all.changes.filter { $0.key == "k\(index)" } == expected)
            #expect(form[FormKey<Int>("k\(index)")] == Self.writesPerTask)
        }
        #expect(form.context.count == Self.taskCount)
        #expect(form.dirtyKeys == Set((0..<Self.taskCount).map { "k\($0)" }))
        subscriptions.forEach { $0.cancel() }
    }

    @Test func detachedWritersOfOneKey() async {
        let form = FormContextObject(["shared": 0])
        let recorder = ChangeRecorder()
        let subscription = form.observe("shared", recorder.record)

        let writers = (0..<Self.taskCount).map { task in
            Task.detached {
                for index in 1...Self.writesPerTask {
                    // Every value written is distinct, so every write changes the value.
                    form.set(task * Self.writesPerTask + index, for: "shared", origin: .program)
                    _ = form["shared"]
                }
            }
        }
        for writer in writers { await writer.value }

        let changes = recorder.changes
        #expect(changes.count == Self.taskCount * Self.writesPerTask)
        #expect(Set(changes.compactMap { $0.newValue?.base as? Int }) == Set(1...(Self.taskCount * Self.writesPerTask)))
        Self.expectChained(changes, from: ["shared": 0], to: form.context)
        for task in 0..<Self.taskCount {
            let range = (task * Self.writesPerTask + 1)...((task + 1) * Self.writesPerTask)
            let mine = changes.compactMap { $0.newValue?.base as? Int }.filter { range.contains($0) }
            #expect(mine == Array(range), "the writes of task \(task) arrive in the order they were made")
        }
        subscription.cancel()
    }

    @Test func sameKeyWritersWithRepeatedValuesCountOnlyRealChanges() async {
        let form = FormContextObject()
        let recorder = ChangeRecorder()
        let subscription = form.observeAll(recorder.record)
        let madeChanges = FireCounter()

        await withTaskGroup(of: Void.self) { group in
            for task in 0..<Self.taskCount {
                group.addTask {
                    for index in 0..<Self.writesPerTask {
                        // Values repeat across tasks, so some writes find the value already there.
                        if form.set((task + index) % 3, for: "mode") != nil { madeChanges.fire() }
                    }
                }
            }
        }

        let changes = recorder.changes
        #expect(changes.count == madeChanges.count)
        #expect(changes.allSatisfy { !isSameValue($0.oldValue, $0.newValue) })
        Self.expectChained(changes, from: FormContext(), to: form.context)
        subscription.cancel()
    }

    @Test func readersNeverSeeHalfATransaction() async {
        let form = FormContextObject(["x": 0, "y": 0])
        let recorder = ChangeRecorder()
        let subscription = form.observeAll(recorder.record)

        await withTaskGroup(of: Void.self) { group in
            for task in 0..<Self.taskCount / 2 {
                group.addTask {
                    for index in 1...Self.writesPerTask {
                        let value = task * Self.writesPerTask + index
                        form.transaction(origin: .calculation) { batch in
                            batch.set(value, for: "x")
                            batch.set(value, for: "y")
                        }
                    }
                }
                group.addTask {
                    for _ in 1...Self.writesPerTask {
                        let snapshot = form.context
                        #expect(snapshot["x"] == snapshot["y"])
                    }
                }
            }
        }

        let changes = recorder.changes
        #expect(changes.count == 2 * (Self.taskCount / 2) * Self.writesPerTask)
        #expect(changes.allSatisfy { $0.origin == .calculation })
        Self.expectChained(changes, from: ["x": 0, "y": 0], to: form.context)
        // The two changes of one batch are delivered together, x then y.
        for pair in stride(from: 0, to: changes.count, by: 2) {
            #expect(changes[pair].key == "x")
            #expect(changes[pair + 1].key == "y")
            #expect(changes[pair].newValue == changes[pair + 1].newValue)
        }
        subscription.cancel()
    }

    @Test func transactionsOnTheirOwnKeys() async {
        let form = FormContextObject()
        let recorder = ChangeRecorder()
        let subscription = form.observeAll(recorder.record)

        await withTaskGroup(of: Void.self) { group in
            for task in 0..<Self.taskCount {
                group.addTask {
                    for index in 1...Self.writesPerTask {
                        form.transaction { batch in
                            batch.set(index, for: "t\(task).count")
                            batch.set("v\(index)", for: "t\(task).label")
                            batch.set(index, for: "t\(task).count")
                        }
                    }
                }
            }
        }

        #expect(recorder.count == 2 * Self.taskCount * Self.writesPerTask)
        var expected = FormContext()
        for task in 0..<Self.taskCount {
            expected.set(Self.writesPerTask, for: "t\(task).count")
            expected.set("v\(Self.writesPerTask)", for: "t\(task).label")
        }
        #expect(form.context == expected)
        Self.expectChained(recorder.changes, from: FormContext(), to: expected)
        subscription.cancel()
    }

    @Test func subscriptionsComeAndGoWhileOthersWrite() async {
        let form = FormContextObject()
        let steady = ChangeRecorder()
        let subscription = form.observe("shared", steady.record)

        await withTaskGroup(of: Void.self) { group in
            for task in 0..<Self.taskCount {
                group.addTask {
                    for index in 1...Self.writesPerTask {
                        form.set(task * Self.writesPerTask + index, for: "shared")
                    }
                }
                group.addTask {
                    for index in 0..<Self.writesPerTask {
                        let passing = index.isMultiple(of: 2) ? form.observe("shared") { _ in } : form.observeAll { _ in }
                        let stream = form.changes(of: ["shared"])
                        passing.cancel()
                        _ = stream
                    }
                }
            }
        }

        #expect(steady.count == Self.taskCount * Self.writesPerTask)
        #expect(form.read { $0.subscribers(of: "shared")?.count == 1 && $0.observers.all.isEmpty && $0.observers.streamFinishers.isEmpty })
        subscription.cancel()
    }

    @Test func handlersThatWriteWhileOthersWrite() async {
        let form = FormContextObject()
        let recorder = ChangeRecorder()
        // Keeps "double.k<n>" equal to twice "k<n>".
        let doubling = form.observeAll { [unowned form] change in
            guard change.key.hasPrefix("k"), let value = change.newValue?.base as? Int else { return }
            form.set(value * 2, for: "double." + change.key, origin: .calculation)
        }
        let all = form.observeAll(recorder.record)

        await withTaskGroup(of: Void.self) { group in
            for task in 0..<Self.taskCount {
                group.addTask {
                    for value in 1...Self.writesPerTask { form.set(value, for: "k\(task)", origin: .user) }
                }
            }
        }

        let changes = recorder.changes
        #expect(changes.count == 2 * Self.taskCount * Self.writesPerTask)
        for task in 0..<Self.taskCount {
            #expect(form[FormKey<Int>("double.k\(task)")] == 2 * Self.writesPerTask)
            let derived = changes.filter { $0.key == "double.k\(task)" }.compactMap { $0.newValue?.base as? Int }
            #expect(derived == (1...Self.writesPerTask).map { $0 * 2 })
        }
        Self.expectChained(changes, from: FormContext(), to: form.context)
        doubling.cancel()
        all.cancel()
    }

    @Test func aStreamReceivesEveryChangeOfConcurrentWriters() async {
        var form: FormContextObject? = FormContextObject()
        let stream = form!.changes(of: ["k0", "k1", "k2", "k3"])
        let consumer = Task {
            var received: [FormChange] = []
            for await change in stream { received.append(change) }
            return received
        }
        await Self.writeOwnKeys(to: form!, origin: .bridge)
        form = nil

        let received = await consumer.value
        #expect(received.count == 4 * Self.writesPerTask)
        #expect(received.allSatisfy { $0.origin == .bridge })
        for key in ["k0", "k1", "k2", "k3"] {
            #expect(received.filter { $0.key == key }.compactMap { $0.newValue?.base as? Int } == Array(1...Self.writesPerTask))
        }
    }

    /// Writes `1...writesPerTask` to `k<task>` from every task of a group.
    static func writeOwnKeys(to form: FormContextObject, origin: FormChangeOrigin) async {
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<taskCount {
                group.addTask {
                    for value in 1...writesPerTask { form.set(value, for: "k\(task)", origin: origin) }
                }
            }
        }
    }

    @Test func aControlEndsWithTheFormsValue() async throws {
        let form = FormContextObject()
        let control = FieldControl<Int>(key: "shared")
        try control.connect(to: form)

        await withTaskGroup(of: Void.self) { group in
            for task in 0..<Self.taskCount {
                group.addTask {
                    for index in 1...Self.writesPerTask {
                        if index.isMultiple(of: 5) {
                            control.text = String(task * Self.writesPerTask + index)
                        } else {
                            form.set(task * Self.writesPerTask + index, for: "shared")
                        }
                        _ = control.value
                    }
                }
            }
        }

        let final = try #require(form[FormKey<Int>("shared")])
        #expect(control.value == final)
        #expect(control.text == String(final))
        #expect(control.parseError == nil)
        control.disconnect()
    }

    @Test func fieldStateChangesFromManyTasks() async {
        let form = FormContextObject()
        let keys = (0..<Self.taskCount).map { "f\($0)" }
        await withTaskGroup(of: Void.self) { group in
            for key in keys {
                group.addTask {
                    for index in 0..<Self.writesPerTask {
                        if index.isMultiple(of: 2) { form.blur(key) }
                        form.setVisible(!index.isMultiple(of: 3), for: key)
                        form.setEnabled(index.isMultiple(of: 5), for: key)
                        form.set(index, for: key)
                        _ = form.fieldState(for: key)
                        _ = form.activeValues
                    }
                }
            }
        }
        let last = Self.writesPerTask - 1
        for key in keys {
            #expect(
                form.fieldState(for: key)
                    == FieldState(
                        key: key, value: last, initialValue: nil, isDirty: true, isTouched: true,
                        isVisible: !last.isMultiple(of: 3), isEnabled: last.isMultiple(of: 5)))
        }
        #expect(form.dirtyKeys == Set(keys))
    }

    @Test func valuesAndSnapshotsCrossTaskBoundaries() async {
        let form = FormContextObject(["name": "Ada"])
        let snapshot = form.context
        let fromDetached = await Task.detached { () -> [String] in
            form.set("Grace", for: "name", origin: .user)
            return snapshot.lines() + form.context.lines()
        }.value
        #expect(fromDetached == ["name: Ada", "name: Grace"])
    }
}

extension ConcurrencyTests {
    /// A form whose rules add up one input per task, carry the total down a chain of calculations
    /// and show a field while the total is even.
    static func ruleForm(inputs: Int, chain: Int) throws -> (form: FormContextObject, definition: FormDefinition) {
        let keys = (0..<inputs).map { FormKey<Int>("in\($0)") }
        var fields = keys.map { FieldDefinition($0, default: 0) }
        fields.append(FieldDefinition(FormKey<Int>("link0")).calculated { values in keys.reduce(0) { $0 + (values[$1] ?? 0) } })
        for link in 1...chain {
            let previous = FormKey<Int>("link\(link - 1)")
            fields.append(FieldDefinition(FormKey<Int>("link\(link)")).calculated { ($0[previous] ?? 0) + 1 })
        }
        let last = FormKey<Int>("link\(chain)")
        fields.append(FieldDefinition(FormKey<String>("even")).visible(when: { ($0[last] ?? 0) % 2 == 0 }))
        let definition = try FormDefinition(fields)
        return (FormContextObject(definition: definition), definition)
    }

    @Test func rulesSettleEveryWriteOfManyTasks() async throws {
        let chain = 20
        let (form, definition) = try Self.ruleForm(inputs: Self.taskCount, chain: chain)
        let runsBefore = form.ruleEvaluationCount
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<Self.taskCount {
                group.addTask {
                    for value in 1...Self.writesPerTask {
                        form.set(value * (task + 1), for: "in\(task)", origin: .user)
                        // Whatever it reads, a reader sees a whole number at the end of the chain.
                        _ = form[FormKey<Int>("link\(chain)")]
                        _ = form.fieldState(for: "even").isVisible
                    }
                }
            }
        }
        let total = (0..<Self.taskCount).reduce(0) { $0 + Self.writesPerTask * ($1 + 1) }
        #expect(form[FormKey<Int>("link0")] == total)
        #expect(form[FormKey<Int>("link\(chain)")] == total + chain)
        #expect(form.fieldState(for: "even").isVisible == ((total + chain) % 2 == 0))
        // What the rules made is what they make of the final inputs in one go.
        var inputs: [String: any Hashable & Sendable] = [:]
        for task in 0..<Self.taskCount { inputs["in\(task)"] = form[FormKey<Int>("in\(task)")] ?? 0 }
        let evaluation = definition.evaluateRules(FormContext(inputs))
        #expect(form.context == evaluation.values)
        #expect(evaluation.hiddenKeys.contains("even") == !form.fieldState(for: "even").isVisible)
        // Each write runs the sum and its chain once (a write that changes nothing runs none).
        #expect(form.ruleEvaluationCount - runsBefore <= Self.taskCount * Self.writesPerTask * (chain + 2))
    }
}

extension ConcurrencyTests {
    /// Keeps the reader a rule was given.
    final class KeptReader: @unchecked Sendable {
        private let lock = Locked<FormValues?>(nil)
        func keep(_ values: FormValues) { lock.withLock { $0 = values } }
        var values: FormValues? { lock.withLock { $0 } }
        /// Lets go of the kept reader, which holds the form whose rules hold this: the test calls this
        /// when it is done, so the form is freed.
        func release() { lock.withLock { $0 = nil } }
    }

    @Test func aReaderKeptFromARuleIsReadWhileOtherRulesRun() async throws {
        let chain = 50
        let (form, definition) = try Self.ruleForm(inputs: 1, chain: chain)
        let kept = KeptReader()
        defer { kept.release() }
        // A rule that keeps its reader (as a task it starts might), read from other tasks while the
        // form's rules run: those reads are not the rules' and must not be taken for theirs.
        let keeper = try FormDefinition(
            definition.fields + [
                FieldDefinition(FormKey<Bool>("keeper")).visible(when: { values in
                    kept.keep(values)
                    return (values[FormKey<Int>("in0")] ?? 0) >= 0
                })
            ])
        form.attach(keeper)
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for value in 1...Self.writesPerTask { form.set(value, for: "in0", origin: .user) }
            }
            for _ in 1..<Self.taskCount {
                group.addTask {
                    for index in 0..<(Self.writesPerTask * 4) {
                        _ = kept.values?[FormKey<Int>("link\(index % chain)")]
                    }
                }
            }
        }
        #expect(form[FormKey<Int>("link\(chain)")] == Self.writesPerTask + chain)
        let evaluation = keeper.evaluateRules(FormContext(["in0": Self.writesPerTask]))
        #expect(form.context == evaluation.values)
        // The rules still read what they read: the sum, its chain of links, the rule on the chain's
        // end and the keeper run once each.
        let runs = form.ruleEvaluationCount
        form.set(0, for: "in0", origin: .user)
        #expect(form.ruleEvaluationCount - runs == (chain + 1) + 1 + 1)
    }
}
