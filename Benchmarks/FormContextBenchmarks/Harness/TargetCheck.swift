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
