extension CellOption {
    /// The option among `options` whose value is `value`, if any.
    static func selected(in options: [CellOption], by value: AnyHashable?) -> CellOption? {
        guard let value else { return nil }
        return options.first { $0.value == value }
    }
}
