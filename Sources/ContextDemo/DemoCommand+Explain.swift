import FormContext

extension DemoCommand {
    /// What the last `--set` did to the form's rules.
    struct LastChange {
        /// The assignment, as given.
        let key: String
        let text: String
        /// The rules it ran, in the order they ran, with the keys each read.
        let runs: [RuleRun]
    }

    /// Types each assignment into the control of its key, in order, as a user would.
    ///
    /// - Returns: What the last assignment did to the rules; `nil` when there was none.
    /// - Throws: ``DemoError/calculatedKey(_:)`` for a calculated field, ``DemoError/unknownKey(_:known:)``
    ///   for a key with no control, ``DemoError/invalidValue(_:)`` for text that does not parse.
    static func type(
        _ assignments: [(key: String, text: String)], into controls: [any DemoTextInput], of form: FormContextObject,
        calculatedKeys: [String]
    ) throws(DemoError) -> LastChange? {
        var last: LastChange?
        for (key, text) in assignments {
            guard let control = controls.first(where: { $0.key == key }) else {
                if calculatedKeys.contains(key) { throw .calculatedKey(key) }
                throw .unknownKey(key, known: controls.map(\.key).sorted())
            }
            let before = form.ruleEvaluationCount
            control.text = text
            if let error = control.parseError { throw .invalidValue(error) }
            last = LastChange(key: key, text: text, runs: form.ruleEvaluationCount == before ? [] : form.lastRuleRuns)
        }
        return last
    }

    /// The lines `--explain` prints: the rules the last `--set` ran, each with the keys it read, then
    /// every hidden or disabled field of the form with why, in the form's order.
    static func explanationLines(of form: FormContextObject, after last: LastChange?) -> [String] {
        var lines: [String] = []
        if let last {
            lines.append("rules run by the last change, --set \(DemoText.echo(last.key + "=" + last.text)):")
            lines += last.runs.isEmpty ? ["  none"] : last.runs.map { "  \($0)" }
        } else {
            lines.append("rules run by the last change: none (nothing was set)")
        }
        lines.append("hidden or disabled fields, and why:")
        let inactive = (form.definition?.keys ?? []).filter { !form.isVisible($0) || !form.isEnabled($0) }
        lines += inactive.isEmpty ? ["  none"] : inactive.flatMap { form.explanation(for: $0).split(separator: "\n").map { "  " + $0 } }
        return lines
    }
}
