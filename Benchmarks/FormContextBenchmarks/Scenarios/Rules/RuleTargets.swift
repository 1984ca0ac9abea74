/// The target lines the rule scenarios share.
enum RuleTargets {
    /// The names of the baselines, in the order ``RuleComparison/Side/baselines(_:key:)`` gives them.
    static let baselineNames = ["every rule", "ordered walk"]

    /// A target that holds when the engine's time per change is below both baselines', stating each
    /// ratio beside the ratio of affected rules to rules.
    ///
    /// - Parameter figures: The engine's figures, then the two baselines'.
    static func ahead(id: String, change: String, figures: [RuleComparison.Figures], rules: Int, affected: Int) -> TargetCheck {
        let ratios = figures.dropFirst().prefix(2).map { figures[0].nanosecondsPerChange / max($0.nanosecondsPerChange, 1e-9) }
        let details = zip(baselineNames, ratios).map { "\($0): \(Report.ratio($1)) the time" }
        return TargetCheck(
            id: id, statement: "\(change) costs less than either baseline",
            holds: ratios.count == 2 && ratios.allSatisfy { $0 < 1 },
            detail: details.joined(separator: "; ") + " (rules affected: \(Report.grouped(affected)) of \(Report.grouped(rules)))")
    }
}
