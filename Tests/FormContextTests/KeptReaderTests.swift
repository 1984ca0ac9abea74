@_spi(Diagnostics) @testable import FormContextCore
import Testing
import TestSupport

/// A reader that user code keeps (a rule, a validator, a screen's condition) records reads only for
/// the run it was made for, on the thread running it: kept past its run, or read from another thread,
/// it records nothing. Run under ThreadSanitizer with `swift test --sanitize=thread --filter KeptReaderTests`.
@Suite("KeptReaderTests", .timeLimit(.minutes(1)))
struct KeptReaderTests {
    /// Readers kept by rules, in the order they were given.
    final class Keeper: Sendable {
        private let kept = Locked<[FormValues]>([])
        func keep(_ values: FormValues) { kept.withLock { $0.append(values) } }
        var first: FormValues? { kept.withLock { $0.first } }
        var last: FormValues? { kept.withLock { $0.last } }
        /// One of the kept readers, chosen by `index`.
        func any(_ index: Int) -> FormValues? { kept.withLock { $0.isEmpty ? nil : $0[index % $0.count] } }
        /// Lets go of the kept readers. A reader holds its form, whose definition's rules hold this
        /// keeper: each test calls this when it is done, so the form is freed.
        func release() { kept.withLock { $0.removeAll() } }
    }

    @Test func aReaderKeptFromAnEarlierRunRecordsNothingInALaterOne() throws {
        let keeper = Keeper()
        defer { keeper.release() }
        // `c` reads `y` through its own reader and `x` through a reader another rule kept from the
        // first run: only `y` is `c`'s read.
        let definition = try FormDefinition([
            FieldDefinition(FormKey<Bool>("keeper")).visible(when: { values in
                keeper.keep(values)
                return true
            }),
            FieldDefinition(FormKey<Int>("c")).calculated { values in
                let x = keeper.first?[FormKey<Int>("x")] ?? 0
                return (values[FormKey<Int>("y")] ?? 0) * 100 + x
            },
        ])
        let form = FormContextObject(definition: definition)
        form.set(1, for: "x", origin: .user)
        form.set(2, for: "y", origin: .user)
        #expect(form[FormKey<Int>("c")] == 201)
        #expect(form.explanation(for: "c") == "c: calculated (= 201) by its calculation, which read y = 2")
        let runs = form.ruleEvaluationCount
        form.set(5, for: "x", origin: .user)
        #expect(form.ruleEvaluationCount == runs, "nothing recorded that `c` reads `x`")
    }

    @Test func aReaderKeptByARuleRecordsNothingForALaterRuleOfItsLevel() throws {
        let keeper = Keeper()
        defer { keeper.release() }
        // Both rules read `y`, so a change of `y` runs them in one level: `c` reads `y` through its
        // own reader and `x` through the reader `keeper`'s rule kept moments before, in that level.
        let definition = try FormDefinition([
            FieldDefinition(FormKey<Bool>("keeper")).visible(when: { values in
                keeper.keep(values)
                return values[FormKey<Int>("y")] != nil
            }),
            FieldDefinition(FormKey<Int>("c")).calculated { values in
                let x = keeper.last?[FormKey<Int>("x")] ?? 0
                return (values[FormKey<Int>("y")] ?? 0) * 100 + x
            },
        ])
        let form = FormContextObject(definition: definition, values: ["x": 1, "y": 2])
        form.set(3, for: "y", origin: .user)
        #expect(form[FormKey<Int>("c")] == 301)
        #expect(form.explanation(for: "c") == "c: calculated (= 301) by its calculation, which read y = 3")
        let runs = form.ruleEvaluationCount
        form.set(5, for: "x", origin: .user)
        #expect(form.ruleEvaluationCount == runs, "nothing recorded that `c` reads `x`")
    }

    @Test func aValidatorsKeptReaderRecordsNothingLater() throws {
        let keeper = Keeper()
        defer { keeper.release() }
        let keeping = Validator<Int>.custom("keeps", message: "m") { _, values in
            keeper.keep(values)
            return true
        }
        // `b`'s validator reads `a` through its own reader and `z` through the reader `a`'s validator kept.
        let readingRuns = Locked(0)
        let reading = Validator<Int>.custom("reads", message: "b must exceed a") { value, values in
            readingRuns.withLock { $0 += 1 }
            _ = keeper.first?[FormKey<Int>("z")]
            return value > (values[FormKey<Int>("a")] ?? 0)
        }
        let form = FormContextObject(
            definition: try FormDefinition([
                FieldDefinition(FormKey<Int>("a"), validators: [keeping]),
                FieldDefinition(FormKey<Int>("b"), validators: [reading]),
                FieldDefinition(FormKey<Int>("z")),
            ]),
            options: ValidationOptions(mode: .onChange))
        form.set(1, for: "a", origin: .user)
        form.set(0, for: "b", origin: .user)
        #expect(form.fieldState(for: "b").errors.map(\.message) == ["b must exceed a"])
        form.set(5, for: "b", origin: .user)
        #expect(form.isValid)
        // `a` changing runs `b`'s validator again (it read `a`); `z` changing does not.
        form.set(9, for: "a", origin: .user)
        #expect(form.fieldState(for: "b").errors.map(\.message) == ["b must exceed a"])
        form.set(10, for: "b", origin: .user)
        let before = readingRuns.withLock { $0 }
        form.set(1, for: "z", origin: .user)
        #expect(readingRuns.withLock { $0 } == before, "nothing recorded that `b`'s validator reads `z`")
    }

    @Test func readersKeptAcrossRunsAreReadFromManyTasksWhileRulesRun() async throws {
        let inputs = 4
        let chain = 20
        let keeper = Keeper()
        defer { keeper.release() }
        var fields: [FieldDefinition] = []
        for input in 0..<inputs { fields.append(FieldDefinition(FormKey<Int>("in\(input)"))) }
        fields.append(
            FieldDefinition(FormKey<Int>("link0")).calculated { values in
                keeper.keep(values)
                return (0..<inputs).reduce(0) { $0 + (values[FormKey<Int>("in\($1)")] ?? 0) }
            })
        for link in 1...chain {
            let previous = FormKey<Int>("link\(link - 1)")
            fields.append(
                FieldDefinition(FormKey<Int>("link\(link)")).calculated { values in
                    if link % 5 == 0 { keeper.keep(values) }
                    return (values[previous] ?? 0) + 1
                })
        }
        let definition = try FormDefinition(fields)
        let form = FormContextObject(definition: definition)
        let writes = 150
        await withTaskGroup(of: Void.self) { group in
            // Writers on the cooperative pool, so that passes run on its threads in turn, and readers
            // on the same threads reading readers kept from every pass.
            for input in 0..<inputs {
                group.addTask {
                    for value in 1...writes { form.set(value * (input + 1), for: "in\(input)", origin: .user) }
                }
            }
            for reader in 0..<8 {
                group.addTask {
                    for index in 0..<(writes * 8) {
                        _ = keeper.any(index + reader)?[FormKey<Int>("link\(index % chain)")]
                        if index % 64 == 0 { await Task.yield() }
                    }
                }
            }
        }
        let total = (0..<inputs).reduce(0) { $0 + writes * ($1 + 1) }
        #expect(form[FormKey<Int>("link\(chain)")] == total + chain)
        var values: [String: any Hashable & Sendable] = [:]
        for input in 0..<inputs { values["in\(input)"] = form[FormKey<Int>("in\(input)")] ?? 0 }
        #expect(form.context == definition.evaluateRules(FormContext(values)).values)
        // Each rule still reads exactly what it read itself: one change of an input runs the sum and
        // every link once.
        let runs = form.ruleEvaluationCount
        form.set(0, for: "in0", origin: .user)
        #expect(form.ruleEvaluationCount - runs == chain + 1)
        #expect(form.explanation(for: "link3") == "link3: calculated (= \(total - writes + 3)) by its calculation, which read link2 = \(total - writes + 2)")
    }
}
