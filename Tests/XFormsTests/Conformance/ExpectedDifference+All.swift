extension ExpectedDifference {
    /// The differences from JavaRosa that the corpus run accepts: only where JavaRosa is demonstrably
    /// wrong (what its own authors' `@Ignore`d tests expect, or call a false positive) or a step means
    /// nothing outside JavaRosa. Docs/XForms.md ("In the corpus") shows this table, row for row.
    static let all: [ExpectedDifference] = [
        ExpectedDifference(
            form: "jr-cycle-previous-instance", step: .every,
            reason: "JavaRosa refuses the form as a dependency cycle; its own test (`supports_self_reference_dependency_when_targeting_different_repeat_instance_siblings`, @Ignore'd) calls a reference to the previous repeat instance no cycle"),
        ExpectedDifference(
            form: "jr-readonly-calculate", step: .line(4), nodes: ["/data/readonly-calculate"],
            reason: "the script writes the storage of a calculated, read-only node, which no person filling the form can do; the calculation owns its node here and gives 14 again at once, where JavaRosa keeps the 3 written until something the calculation reads changes"),
        ExpectedDifference(
            form: "jr-repeat-count-absolute-inside", step: .line(7), nodes: (1...5).map { "/data/repeat[\($0)]/inner-count" },
            reason: "`count(/data/repeat)` inside the repeat is the number of instances, 5, as JavaRosa's own test expects (@Ignore'd: \"issue with de-duplicating refs and different contexts\"); JavaRosa gives 1"),
        ExpectedDifference(
            form: "jr-repeat-count-absolute-inside", step: .line(9), nodes: (1...4).map { "/data/repeat[\($0)]/inner-count" },
            reason: "the same count after an instance is removed: 4, where JavaRosa gives 1"),
        ExpectedDifference(
            form: "jr-repeat-inner-sum", step: .line(5), nodes: ["/data/repeat[1]/inner-sum", "/data/repeat[2]/inner-sum"],
            reason: "`sum(../../repeat/question)` inside the repeat is the sum over every instance, in every instance, as JavaRosa's own test expects (@Ignore'd: \"DAG limitations\"); JavaRosa updates only the instance that changed"),
        ExpectedDifference(
            form: "jr-repeat-inner-sum", step: .line(7), nodes: ["/data/repeat[1]/inner-sum", "/data/repeat[3]/inner-sum"],
            reason: "the same sum after a value is set"),
        ExpectedDifference(
            form: "jr-repeat-inner-sum", step: .line(9), nodes: ["/data/repeat[1]/inner-sum", "/data/repeat[2]/inner-sum"],
            reason: "the same sum after a value is cleared"),
        ExpectedDifference(
            form: "jr-repeat-inner-sum", step: .line(11), nodes: ["/data/repeat[1]/inner-sum", "/data/repeat[2]/inner-sum"],
            reason: "the same sum after a value that is no number is set"),
        ExpectedDifference(
            form: "jr-repeat-inner-sum", step: .line(13), nodes: ["/data/repeat[2]/inner-sum"],
            reason: "the same sum after an instance is removed"),
        ExpectedDifference(
            form: "jr-repeat-previous-instance", step: .line(13), nodes: ["/data/group[2]/prev-number"],
            reason: "the previous instance's number, 12, once it is set; JavaRosa keeps 11, the same limitation its @Ignore'd inner-sum test shows: a calculation reading another repeat instance is not redone when that instance's value changes (also without any instance removed)"),
        ExpectedDifference(
            form: "jr-res-count-non-empty", step: .line(9), nodes: ["/test/count_value", "/test/count_non_empty_value"],
            reason: "`count()` and `count-non-empty()` of a field inside the repeat are 4 and 3 once an instance is removed; JavaRosa keeps the old 5 and 4 until something else triggers the calculation, which its authors treat as a bug"),
    ]
}
