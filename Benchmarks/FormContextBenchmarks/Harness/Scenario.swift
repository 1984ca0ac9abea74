/// A benchmark scenario: it measures the engine and a baseline doing the same work.
///
/// A scenario is one small file: a type conforming to this protocol, listed in ``ScenarioRegistry``.
protocol Scenario: Sendable {
    /// A short name used in the output and by `--filter`, for example `keystroke`.
    var name: String { get }
    /// The letter of the performance target it proves, for example `a`.
    var letter: String { get }
    /// Runs the scenario and returns its rows and target verdicts.
    func run(_ bench: Bench) -> ScenarioResult
}

/// What one scenario measured.
struct ScenarioResult {
    /// The rows of the table.
    var rows: [Measurement] = []
    /// The targets the rows are checked against.
    var checks: [TargetCheck] = []
}
