/// A performance target and whether this run met it.
struct TargetCheck: Encodable {
    /// The scenario letter and name, for example `a keystroke`.
    let id: String
    /// The target in words.
    let statement: String
    /// Whether it holds; `nil` for a figure that is only stated.
    let holds: Bool?
    /// The figures the verdict rests on.
    let detail: String

    /// `HOLDS`, `MISSES` or `STATED`.
    var verdict: String {
        switch holds {
        case true?: "HOLDS"
        case false?: "MISSES"
        case nil: "STATED"
        }
    }
}

extension TargetCheck {
    enum CodingKeys: String, CodingKey {
        case id, statement, holds, detail, verdict
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(statement, forKey: .statement)
        try container.encode(holds, forKey: .holds)
        try container.encode(detail, forKey: .detail)
        try container.encode(verdict, forKey: .verdict)
    }
}
