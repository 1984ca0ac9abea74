import FormContextXForms
import Foundation

/// r. The same XForms in this engine and in JavaRosa, side by side: the three synthetic forms of the
/// oracle's generator (`chain`: x then c1...cN, each the one before plus one; `repeat`: N instances
/// and a total summing them; `wide`: N questions, the i-th relevant when a gate is at least i) at
/// 100, 1,000 and 10,000 (100 and 1,000 with `--quick`), each timed on the change the generator
/// names (a chain's head, one instance's value, the gate flipped between 0 and N) and on a change
/// nothing reads (a wide form's first question), both engines on this machine in this run. Loading
/// the largest wide form is timed too.
///
/// Targets: at least 10x faster than JavaRosa per change on every form at 1,000, at least 100x at
/// 10,000; the change nothing reads grows at most 1.5x per 10x; loading the largest wide form is
/// faster than JavaRosa's. Without the oracle beside the package (`../shared/oracle`, or
/// `ORACLE_DIR`), or when it cannot run (its reason printed), the engine's figures are printed alone
/// and the targets against JavaRosa are not checked.
struct XFormScenario: Scenario {
    let name = "xforms"
    let letter = "r"

    func run(_ bench: Bench) -> ScenarioResult {
        let sizes = bench.sizes(full: [100, 1_000, 10_000], quick: [100, 1_000])
        let oracle = JavaRosaOracle.beside()
        let scratch = ScratchDirectory("xforms")
        defer { scratch.remove() }
        let folder = URL(fileURLWithPath: scratch.path)
        var result = ScenarioResult()
        if oracle == nil {
            FileHandle.standardError.write(Data("  no JavaRosa oracle at ../shared/oracle (or ORACLE_DIR): the engine's figures alone\n".utf8))
        }
        // Per size: the engine's and JavaRosa's figure for each change.
        var quietFigures: [Double] = []
        for size in sizes {
            for kind in ["chain", "repeat", "wide"] {
                let file = folder.appendingPathComponent("\(kind)-\(size).xml")
                let timing: [String]
                do {
                    timing = try Self.generate(kind, size: size, into: file, oracle: oracle)
                } catch {
                    fatalError("the xforms benchmark could not write its \(kind) form of \(size): \(error)")
                }
                var changes = [(label: "\(kind): \(Self.describe(kind)) (\(timing[0]))", path: timing[0], first: timing[1], second: timing[2])]
                if kind == "wide" { changes.append((label: "wide: a question nothing reads (/data/q1)", path: "/data/q1", first: "a", second: "b")) }
                let record = Self.record(file)
                for change in changes {
                    let engine = bench.nanosecondsPerOperation(operationsPerRound: 2) { rounds in
                        do {
                            for _ in 0..<rounds {
                                try record.set(change.first, at: change.path)
                                try record.set(change.second, at: change.path)
                            }
                        } catch {
                            fatalError("the xforms benchmark could not set \(change.path): \(error)")
                        }
                    }
                    if change.path == "/data/q1" { quietFigures.append(engine) }
                    let javaRosa = oracle.flatMap { oracle in
                        Self.javaRosa(oracle, file: file, change: change, size: size, quick: bench.isQuick)
                    }
                    result.rows.append(
                        Measurement(
                            scenario: name, size: size, metric: "ns/change, \(change.label)", engine: engine,
                            baselineName: javaRosa == nil ? "JavaRosa (not measured)" : "JavaRosa 5.1.0", baseline: javaRosa ?? 0))
                }
                Self.check(record, kind: kind, size: size)
            }
        }
        let measured = oracle != nil && !result.rows.contains { $0.baselineName.hasSuffix("(not measured)") }
        result.checks += Self.speedChecks(result.rows, measured: measured)
        for kind in ["chain", "repeat", "wide"] {
            let figures = result.rows.filter { $0.metric.hasPrefix("ns/change, \(kind): ") && !$0.metric.contains("nothing reads") }
            result.checks.append(
                TargetCheck(
                    id: "r xforms", statement: "growth per 10x of \(kind)'s change, stated: what it changes or reads grows with the form",
                    holds: nil,
                    detail: "\(Report.ratio(Self.perStepGrowth(figures.map(\.engine)))) at most per step; JavaRosa \(Report.ratio(Self.perStepGrowth(figures.map(\.baseline))))"))
        }
        result.checks.append(
            TargetCheck(
                id: "r xforms", statement: "a change nothing reads grows at most 1.5x per 10x",
                holds: Self.perStepGrowth(quietFigures) <= 1.5,
                detail: "\(quietFigures.map { Report.figure($0) }.joined(separator: " / ")) ns at \(sizes.map { Report.grouped($0) }.joined(separator: " / "))"))
        if let largest = sizes.last {
            result.checks.append(Self.loading(size: largest, folder: folder, oracle: oracle, bench: bench, into: &result))
        }
        return result
    }

    /// What the generator's timed change of `kind` is.
    static func describe(_ kind: String) -> String {
        switch kind {
        case "chain": "the head of a chain of calculations"
        case "repeat": "a value the total sums"
        default: "the gate every question's relevance reads"
        }
    }

    /// Writes the form with the oracle's generator (or, without the oracle, with the same shapes
    /// written here) and returns its timing arguments.
    static func generate(_ kind: String, size: Int, into file: URL, oracle: JavaRosaOracle?) throws -> [String] {
        if let oracle { return try oracle.generate(kind, size: size, into: file) }
        let (xml, timing) = SyntheticXForm.make(kind, size: size)
        try Data(xml.utf8).write(to: file)
        return timing
    }

    /// A new record of the form in `file`.
    static func record(_ file: URL) -> XFormRecord {
        do {
            return try XFormRecord(XForm(XFormDocument(contentsOf: file)))
        } catch {
            fatalError("the xforms benchmark could not load \(file.lastPathComponent): \(error)")
        }
    }

    /// JavaRosa's nanoseconds per change: fewer changes on the larger forms, where one takes seconds.
    static func javaRosa(
        _ oracle: JavaRosaOracle, file: URL, change: (label: String, path: String, first: String, second: String), size: Int,
        quick: Bool
    ) -> Double? {
        let quiet = change.path == "/data/q1"
        let changes = quiet ? 20_000 : size >= 10_000 ? 3 : size >= 1_000 ? (quick ? 10 : 50) : 200
        do {
            return try oracle.nanosecondsPerChange(
                form: file, path: change.path, change.first, change.second, changes: changes, runs: quick || size >= 10_000 ? 1 : 3)
        } catch {
            // The oracle is a tool beside the package: when it cannot run here, the engine's figures
            // stand alone and the targets against JavaRosa are stated, not checked.
            FileHandle.standardError.write(Data("  JavaRosa could not be timed on \(file.lastPathComponent): \(error)\n".utf8))
            return nil
        }
    }

    /// Checks that the record computed what the form says, so that no figure times a form that does nothing.
    static func check(_ record: XFormRecord, kind: String, size: Int) {
        do {
            switch kind {
            case "chain":
                try record.set("5", at: "/data/x")
                guard try record.value(at: "/data/c\(size)") == String(5 + size) else {
                    fatalError("the chain of \(size) did not compute c\(size) = \(5 + size)")
                }
            case "repeat":
                try record.set("7", at: "/data/item[1]/v")
                // The timed change left its own value in one instance: the sum is the values' now.
                var expected = 0
                for instance in 1...size { expected += try Int(record.value(at: "/data/item[\(instance)]/v") ?? "") ?? 0 }
                guard let total = try record.value(at: "/data/total"), total == String(expected) else {
                    fatalError("the repeat of \(size) did not sum to \(expected)")
                }
            default:
                try record.set("2", at: "/data/gate")
                let relevant = record.nodes.filter { $0.path.hasPrefix("/data/q") && $0.isRelevant }.count
                guard relevant == 2 else { fatalError("the wide form of \(size) has \(relevant) questions relevant at gate 2, not 2") }
            }
        } catch {
            fatalError("the xforms benchmark's check of \(kind) \(size) failed: \(error)")
        }
    }

    /// The largest growth from one size to the next.
    static func perStepGrowth(_ figures: [Double]) -> Double {
        zip(figures, figures.dropFirst()).map { $1 / max($0, 1e-9) }.max() ?? 1
    }

    /// The speed targets against JavaRosa: 10x at 1,000 and 100x at 10,000, on every timed change.
    static func speedChecks(_ rows: [Measurement], measured: Bool) -> [TargetCheck] {
        var checks: [TargetCheck] = []
        for (size, factor) in [(1_000, 10.0), (10_000, 100.0)] {
            let timed = rows.filter { $0.size == size && !$0.metric.contains("nothing reads") }
            guard !timed.isEmpty else { continue }
            let worst = timed.map { $0.baseline / max($0.engine, 1e-9) }.min() ?? 0
            checks.append(
                TargetCheck(
                    id: "r xforms", statement: "at least \(Int(factor))x faster than JavaRosa per change at \(Report.grouped(size))",
                    holds: measured ? worst >= factor : nil,
                    detail: measured
                        ? timed.map { "\($0.metric.split(separator: ":")[0]) \(Report.ratio($0.baseline / max($0.engine, 1e-9)))" }.joined(separator: ", ")
                        : "JavaRosa not measured"))
        }
        return checks
    }

    /// Loading the wide form of `size`: reading, building and a new record, against JavaRosa's load.
    static func loading(size: Int, folder: URL, oracle: JavaRosaOracle?, bench: Bench, into result: inout ScenarioResult) -> TargetCheck {
        let file = folder.appendingPathComponent("wide-\(size).xml")
        let engine = bench.nanosecondsPerOperation(operationsPerRound: 1) { rounds in
            for _ in 0..<rounds { blackHole(record(file).nodes.count) }
        }
        var javaRosa: Double?
        if let oracle {
            let empty = folder.appendingPathComponent("wide-1.xml")
            do {
                _ = try oracle.generate("wide", size: 1, into: empty)
                javaRosa = try oracle.loadNanoseconds(form: file, empty: empty, runs: bench.isQuick ? 1 : 3)
            } catch {
                FileHandle.standardError.write(Data("  JavaRosa's load could not be timed: \(error)\n".utf8))
            }
        }
        result.rows.append(
            Measurement(
                scenario: "xforms", size: size, metric: "ns/load of the wide form (read, build, new record)", engine: engine,
                baselineName: javaRosa == nil ? "JavaRosa (not measured)" : "JavaRosa 5.1.0 (fresh JVM less a JVM loading one question)",
                baseline: javaRosa ?? 0))
        return TargetCheck(
            id: "r xforms", statement: "loading the wide form of \(Report.grouped(size)) questions is faster than JavaRosa's",
            holds: javaRosa.map { engine < $0 },
            detail: javaRosa.map { "\(Report.figure(engine)) ns against \(Report.figure($0)) ns" } ?? "JavaRosa not measured")
    }
}

/// The generator's three shapes written here, for a run without the oracle beside the package.
enum SyntheticXForm {
    static func make(_ kind: String, size: Int) -> (String, [String]) {
        var instance = ""
        var binds = ""
        var body = ""
        let timing: [String]
        switch kind {
        case "chain":
            instance = "<x>0</x>\n" + (1...size).map { "<c\($0)/>\n" }.joined()
            binds = "<bind nodeset=\"/data/x\" type=\"int\"/>\n"
                + (1...size).map { "<bind nodeset=\"/data/c\($0)\" type=\"int\" calculate=\"\($0 == 1 ? "/data/x" : "/data/c\($0 - 1)") + 1\"/>\n" }.joined()
            body = "<input ref=\"/data/x\"><label>x</label></input>\n"
            timing = ["/data/x", "1", "2"]
        case "repeat":
            instance = (0..<size).map { "<item><v>\($0 % 10)</v></item>\n" }.joined() + "<total/>\n"
            binds = "<bind nodeset=\"/data/item/v\" type=\"int\"/>\n<bind nodeset=\"/data/total\" type=\"int\" calculate=\"sum(/data/item/v)\"/>\n"
            body = "<repeat nodeset=\"/data/item\"><input ref=\"/data/item/v\"><label>v</label></input></repeat>\n"
            timing = ["/data/item[\(size / 2)]/v", "1", "2"]
        default:
            instance = "<gate>0</gate>\n" + (1...size).map { "<q\($0)/>\n" }.joined()
            binds = "<bind nodeset=\"/data/gate\" type=\"int\"/>\n"
                + (1...size).map { "<bind nodeset=\"/data/q\($0)\" type=\"string\" relevant=\"/data/gate &gt;= \($0)\"/>\n" }.joined()
            body = "<input ref=\"/data/gate\"><label>gate</label></input>\n"
                + (1...size).map { "<input ref=\"/data/q\($0)\"><label>q\($0)</label></input>\n" }.joined()
            timing = ["/data/gate", "0", String(size)]
        }
        let xml = """
            <?xml version="1.0"?>
            <h:html xmlns="http://www.w3.org/2002/xforms" xmlns:h="http://www.w3.org/1999/xhtml" xmlns:jr="http://openrosa.org/javarosa">
            <h:head><h:title>\(kind)-\(size)</h:title><model>
            <instance><data id="\(kind)-\(size)">
            \(instance)</data></instance>
            \(binds)</model></h:head>
            <h:body>
            \(body)</h:body></h:html>

            """
        return (xml, timing)
    }
}
