extension ExpectedDifference {
    /// The differences from JavaRosa that the corpus run accepts: only where JavaRosa is demonstrably
    /// wrong (its own authors' `@Ignore`d tests) or a step means nothing outside JavaRosa.
    /// Docs/XForms.md, "Conformance", shows this table.
    static let all: [ExpectedDifference] = []
}
