/// One thing a ``LiveScreen`` computes from the form's values: a section's condition or footer, or a
/// cell's condition or value. It is stored as one integer, its index times four plus its kind.
struct Derivation: Hashable, Sendable {
    /// What is computed.
    enum Kind: Int, Sendable {
        /// Whether a section's own condition holds; the index is the section's.
        case sectionCondition = 0
        /// A section's footer; the index is the section's.
        case footer = 1
        /// Whether a cell's own condition holds; the index is the cell's among all cells.
        case cellCondition = 2
        /// What a cell shows; the index is the cell's among all cells.
        case cellValue = 3
    }

    /// The index times four plus the kind.
    let raw: Int

    /// The derivation of `kind` for the section or cell at `index`.
    init(_ kind: Kind, _ index: Int) {
        raw = index << 2 | kind.rawValue
    }

    /// The derivation stored as `raw`.
    init(raw: Int) {
        self.raw = raw
    }

    /// What is computed.
    var kind: Kind { Kind(rawValue: raw & 3) ?? .cellValue }

    /// The section's index, or the cell's among all cells.
    var index: Int { raw >> 2 }
}

/// What one derivation computed.
enum DerivationResult: Sendable {
    /// A condition's answer.
    case condition(Bool)
    /// A footer.
    case footer(String?)
    /// A cell's value.
    case value(CellValue)
}

/// One derivation's result and the keys it read to get it.
struct Evaluation: Sendable {
    let derivation: Derivation
    let result: DerivationResult
    let reads: [String]
}
