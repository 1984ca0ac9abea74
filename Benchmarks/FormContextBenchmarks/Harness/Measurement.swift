/// One row of the results: one figure for the engine and the same figure for a baseline.
struct Measurement: Encodable {
    /// The scenario, for example `keystroke`.
    let scenario: String
    /// What the row varies: usually the number of fields in the form.
    let size: Int
    /// What is measured and in which unit, for example `ns/set` or `observer calls/set`.
    let metric: String
    /// The engine's figure.
    let engine: Double
    /// The baseline's name, for example `seed` or `dictionary`.
    let baselineName: String
    /// The baseline's figure for the same work.
    let baseline: Double

    /// Engine divided by baseline (below 1 means the engine does better), or `nil` when the baseline is zero.
    var ratio: Double? {
        baseline == 0 ? nil : engine / baseline
    }

    enum CodingKeys: String, CodingKey {
        case scenario, size, metric, engine, baselineName = "baseline_name", baseline, ratio
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(scenario, forKey: .scenario)
        try container.encode(size, forKey: .size)
        try container.encode(metric, forKey: .metric)
        try container.encode(engine, forKey: .engine)
        try container.encode(baselineName, forKey: .baselineName)
        try container.encode(baseline, forKey: .baseline)
        try container.encode(ratio, forKey: .ratio)
    }
}
