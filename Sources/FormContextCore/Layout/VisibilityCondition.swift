/// Whether a section or a cell is shown, as far as its own conditions go.
typealias VisibilityCondition = @Sendable (FormValues) -> Bool

/// `condition`, and `earlier` before it when there is one: both must hold.
func conjunction(_ earlier: VisibilityCondition?, _ condition: @escaping VisibilityCondition) -> VisibilityCondition {
    guard let earlier else { return condition }
    return { values in earlier(values) && condition(values) }
}
