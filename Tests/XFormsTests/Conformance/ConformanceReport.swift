import Foundation

/// A difference from JavaRosa that the conformance test accepts, with its reason. The list is
/// ``ExpectedDifference/all``; Docs/XForms.md ("Conformance") shows the same table, and a test keeps
/// the two equal.
struct ExpectedDifference: Equatable {
    /// The corpus form's name.
    var form: String
    /// Which steps of the form's script.
    var step: Step
    /// The dump nodes whose differences are accepted; empty for any difference in the step.
    var nodes: [String] = []
    /// Why JavaRosa's answer is not the one to match.
    var reason: String

    enum Step: Equatable, CustomStringConvertible {
        /// Loading the form.
        case load
        /// The action on this 1-based line of the script.
        case line(Int)
        /// Every step of the script, the load included.
        case every

        func covers(_ scriptLine: Int?) -> Bool {
            switch self {
            case .load: scriptLine == nil
            case .line(let line): scriptLine == line
            case .every: true
            }
        }

        var description: String {
            switch self {
            case .load: "load"
            case .line(let line): "line \(line)"
            case .every: "every step"
            }
        }
    }
}

/// The outcome of one form: its steps, and which differences the expected-differences table accepts.
struct ConformanceResult {
    var form: String
    var steps: [ConformanceComparison.Step]
    /// Differences no entry accepts, with the step they are in.
    var unexplained: [(step: ConformanceComparison.Step, difference: ConformanceComparison.Difference)]
    /// Entries for this form that accept no difference any more.
    var stale: [ExpectedDifference]
    /// The script or the oracle's output could not be read.
    var problem: String?

    var matching: Int { steps.filter(\.matches).count }
    var differing: Int { steps.count - matching }
    /// Differing steps whose every difference the table accepts.
    var listed: Int { steps.filter { step in !step.matches && !unexplained.contains { $0.step == step } }.count }
    var passes: Bool { unexplained.isEmpty && stale.isEmpty && problem == nil }

    /// Sorts a form's steps into accepted and unexplained differences.
    /// - Parameters:
    ///   - form: The form's name.
    ///   - steps: Its compared steps.
    ///   - expected: The expected differences (of every form; this form's are used).
    init(form: String, steps: [ConformanceComparison.Step], expected: [ExpectedDifference]) {
        self.form = form
        self.steps = steps
        let entries = expected.filter { $0.form == form }
        var used: [Int: Set<String>] = [:]
        unexplained = []
        for step in steps {
            for difference in step.differences {
                let accepting = entries.indices.filter {
                    entries[$0].step.covers(step.scriptLine) && (entries[$0].nodes.isEmpty || difference.node.map(entries[$0].nodes.contains) == true)
                }
                if accepting.isEmpty { unexplained.append((step, difference)) }
                for index in accepting { used[index, default: []].insert(difference.node ?? "") }
            }
        }
        stale = entries.indices.filter { index in
            guard let nodes = used[index] else { return true }
            return !Set(entries[index].nodes).isSubset(of: nodes)
        }.map { entries[$0] }
        problem = nil
    }

    /// A form whose script or expected output could not be read.
    init(form: String, problem: String) {
        self.form = form
        steps = []
        unexplained = []
        stale = []
        self.problem = problem
    }

    /// The table: form, steps, matching, differing (and of those, listed as expected), then a total;
    /// after it, every unexplained difference, every stale entry and every problem, escaped for a terminal.
    static func table(_ results: [ConformanceResult]) -> String {
        let total = "total (\(results.count) forms)"
        let width = max(total.count, results.map { terminalSafe($0.form).count }.max() ?? 0) + 1
        func row(_ cells: [String]) -> String {
            cells[0].padding(toLength: width, withPad: " ", startingAt: 0)
                + cells.dropFirst().map { String(repeating: " ", count: max(0, 10 - $0.count)) + $0 }.joined()
        }
        var lines = [row(["form", "steps", "matching", "differing", "listed"])]
        for result in results {
            lines.append(row([terminalSafe(result.form), "\(result.steps.count)", "\(result.matching)", "\(result.differing)", "\(result.listed)"]))
        }
        lines.append(row([
            total, "\(results.reduce(0) { $0 + $1.steps.count })", "\(results.reduce(0) { $0 + $1.matching })",
            "\(results.reduce(0) { $0 + $1.differing })", "\(results.reduce(0) { $0 + $1.listed })",
        ]))
        for result in results {
            if let problem = result.problem { lines.append("\(terminalSafe(result.form)): cannot compare: \(terminalSafe(problem))") }
            for (step, difference) in result.unexplained {
                lines.append("\(terminalSafe(result.form)) \(step.name): \(difference)")
            }
            for entry in result.stale {
                let nodes = entry.nodes.isEmpty ? "" : " (" + entry.nodes.joined(separator: ", ") + ")"
                lines.append("\(terminalSafe(result.form)) \(entry.step)\(terminalSafe(nodes)): listed as an expected difference, but none occurs any more")
            }
        }
        return lines.joined(separator: "\n")
    }
}
