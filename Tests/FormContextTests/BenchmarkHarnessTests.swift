@testable import FormContextBenchmarks
import Testing

@Suite("Benchmark harness")
struct BenchmarkHarnessTests {
    @Test("options are read from the command line")
    func options() throws {
        let options = try Options(["--quick", "--json", "--filter", "floor", "--check", "--filter", "batch"])
        #expect(options.isQuick)
        #expect(options.isJSON)
        #expect(options.isChecking)
        #expect(options.filters == ["floor", "batch"])
        let defaults = try Options([])
        #expect(!defaults.isQuick && !defaults.isJSON && !defaults.isChecking && defaults.filters.isEmpty)
    }

    @Test(
        "bad command lines are refused with a message naming what was wrong",
        arguments: [
            (["--fast"], "unknown option '--fast'"),
            (["--filter"], "option '--filter' needs a value"),
            (["--filter", "typing"], "unknown scenario 'typing'; expected one of: keystroke, floor, batch, validate, bridge, memory, growth-validation, growth-reset, growth-subscriptions, growth-bridge, growth-definition, settle-once, autosave, outbox, rules-chain, rules-fanout, rules-cutoff, rules-growth, layout, repeats, churn, whole-path, nested-rows, row-relevance, xforms"),
            (["--help"], "help requested"),
        ])
    func badOptions(arguments: [String], message: String) {
        #expect(throws: OptionsError.self) { try Options(arguments) }
        do {
            _ = try Options(arguments)
        } catch {
            #expect(error.description == message)
        }
    }

    @Test(
        "numbers are grouped by thousands",
        arguments: [(0, "0"), (7, "7"), (999, "999"), (1_000, "1,000"), (100_000, "100,000"), (-1_234_567, "-1,234,567")])
    func grouped(value: Int, text: String) {
        #expect(Report.grouped(value) == text)
    }

    @Test(
        "figures keep whole numbers exact and others to a sensible precision",
        arguments: [(1.0, "1"), (10_000.0, "10,000"), (147.08, "147.1"), (73.144, "73.14"), (1_326.4, "1,326"), (0.5, "0.50")])
    func figure(value: Double, text: String) {
        #expect(Report.figure(value) == text)
    }

    @Test("ratios below 0.01 are shown as fractions", arguments: [(18.123, "18.12x"), (0.5, "0.50x"), (0.001, "1/1,000x"), (0.0, "0.00x")])
    func ratio(value: Double, text: String) {
        #expect(Report.ratio(value) == text)
    }

    @Test("the median is the middle sample, or the mean of the middle two")
    func median() {
        #expect(Bench.median([3, 1, 2]) == 2)
        #expect(Bench.median([4, 1, 3, 2]) == 2.5)
        #expect(Bench.median([9]) == 9)
    }

    @Test("a row has no ratio when its baseline is zero")
    func ratioOfZeroBaseline() {
        let row = Measurement(scenario: "s", size: 1, metric: "m", engine: 2, baselineName: "b", baseline: 0)
        #expect(row.ratio == nil)
        #expect(Measurement(scenario: "s", size: 1, metric: "m", engine: 2, baselineName: "b", baseline: 4).ratio == 0.5)
    }

    @Test("a quick run uses fewer repetitions and the quick sizes")
    func quickSettings() {
        let quick = Bench(quick: true)
        let full = Bench(quick: false)
        #expect(quick.repetitions < full.repetitions)
        #expect(quick.sizes(full: [1, 2, 3], quick: [1]) == [1])
        #expect(full.sizes(full: [1, 2, 3], quick: [1]) == [1, 2, 3])
    }

    @Test("the timing loop runs the body and reports time per operation")
    func timingLoop() {
        let bench = Bench(quick: true)
        var rounds = 0
        let nanoseconds = bench.nanosecondsPerOperation(operationsPerRound: 10) { count in rounds += count }
        #expect(rounds > 0)
        #expect(nanoseconds.isFinite)
    }

    @Test("counters count exactly")
    func counters() {
        let counter = CallCounter()
        for _ in 0..<5 { counter.tick() }
        #expect(counter.count == 5)
        counter.reset()
        #expect(counter.count == 0)
        let keyed = KeyedCounter(count: 3)
        keyed.tick(0)
        keyed.tick(2)
        keyed.tick(2)
        #expect([keyed[0], keyed[1], keyed[2]] == [1, 0, 2])
        #expect(keyed.total == 3)
    }

    @Test("the scenarios each name a target letter, and their names are unique")
    func registry() {
        let names = ScenarioRegistry.names
        #expect(Set(names).count == names.count)
        #expect(ScenarioRegistry.all.map(\.letter) == ["a", "b", "c", "d", "e", "f", "g", "g", "g", "g", "g", "h", "i", "j", "k", "k", "k", "k", "l", "m", "n", "o", "p", "q", "r"])
    }

    @Test("memory is measured from the allocator's own statistics", .enabled(if: MemoryMeter.isAvailable))
    func memory() {
        // The allocator's figure covers the whole process, and other tests run beside this one: a
        // 16 MiB block must show up within 1 MiB, whatever small blocks they allocate or free
        // meanwhile, in at least one of a few measurements (a burst of other tests can hold several
        // MiB for a moment).
        let size = 16 << 20
        var measured: [Int] = []
        for _ in 0..<5 {
            let (buffer, bytes) = MemoryMeter.retainedBytes { [UInt8](repeating: 1, count: size) }
            #expect(buffer.count == size)
            measured.append(bytes)
            if abs(bytes - size) < 1 << 20 { break }
        }
        #expect(measured.contains { abs($0 - size) < 1 << 20 }, "measured \(measured) bytes for a block of \(size)")
    }
}
