extension CellOption {
    /// One option per case of `Option`, in declaration order, titled as each case prints
    /// (`String(describing:)`), storing the case itself.
    ///
    /// - Parameter type: The enumeration.
    /// - Returns: The options.
    /// - Complexity: O(*n*) for *n* cases.
    static func cases<Option: CaseIterable & Hashable & Sendable>(of type: Option.Type) -> [CellOption] {
        Option.allCases.map { CellOption(String(describing: $0), value: $0) }
    }

    /// One option per case of `Option`, in declaration order, titled as each case prints, storing the
    /// case's raw value: for a field that keeps an enumeration as its raw value (`"When Unlocked"`).
    ///
    /// - Parameter type: The enumeration.
    /// - Returns: The options.
    /// - Complexity: O(*n*) for *n* cases.
    static func rawValues<Option: CaseIterable & RawRepresentable>(of type: Option.Type) -> [CellOption]
    where Option.RawValue: Hashable & Sendable {
        Option.allCases.map { CellOption(String(describing: $0), value: $0.rawValue) }
    }

    /// The option among `options` whose value is `value`, if any.
    static func selected(in options: [CellOption], by value: AnyHashable?) -> CellOption? {
        guard let value else { return nil }
        return options.first { $0.value == value }
    }
}
