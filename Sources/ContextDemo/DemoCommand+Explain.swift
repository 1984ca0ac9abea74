@_spi(Diagnostics) import FormContext

extension DemoCommand {
    /// What the last `--set` or `--add` did to the form's rules.
    struct LastChange {
        /// The assignment, as given (`--set 'children=2'`).
        let description: String
        /// The rules it ran, in the order they ran, with the keys each read.
        let runs: [RuleRun]
    }

    /// Types each assignment into the control of its key, in order, as a user would; an `--add`
    /// appends a row to its group and types its fields into the row's controls.
    ///
    /// - Returns: What the last assignment did to the rules; `nil` when there was none.
    /// - Throws: ``DemoError/calculatedKey(_:)`` for a calculated field, ``DemoError/unknownKey(_:known:)``
    ///   for a key with no control, ``DemoError/invalidValue(_:)`` for text that does not parse,
    ///   ``DemoError/unknownGroup(_:known:)``, ``DemoError/unknownRowField(group:field:known:)`` and
    ///   ``DemoError/rowRefused(_:)`` for a row that cannot be added.
    static func type(_ assignments: [Assignment], into controls: [any DemoTextInput], of form: FormContextObject, demo: DemoForm) throws(DemoError) -> LastChange? {
        var last: LastChange?
        for assignment in assignments {
            let before = form.ruleEvaluationCount
            let description: String
            switch assignment {
            case .set(let key, let text):
                guard let control = controls.first(where: { $0.key == key }) else {
                    if demo.calculatedKeys.contains(key) { throw .calculatedKey(key) }
                    throw .unknownKey(key, known: controls.map(\.key).sorted())
                }
                control.text = text
                if let error = control.parseError { throw .invalidValue(error) }
                description = "--set \(DemoText.echo(key + "=" + text))"
            case .add(let group, let fields):
                try addRow(to: group, fields, of: form, demo: demo)
                description = "--add \(DemoText.echo(group)) \(DemoText.echo(fields.source))"
            }
            last = LastChange(description: description, runs: form.ruleEvaluationCount == before ? [] : form.lastRuleRuns)
        }
        return last
    }

    /// Appends a row to `group` and types `fields` into its controls. A group inside a row is named
    /// with the row's position: `households[0].members`.
    private static func addRow(to group: String, _ fields: RowFields, of form: FormContextObject, demo: DemoForm) throws(DemoError) {
        let known = demo.rowControls.keys.sorted().map { $0.replacingOccurrences(of: ".", with: "[N].") }
        guard let (key, controls) = groupKey(group, in: form), let row = demo.rowControls[controls] else {
            throw .unknownGroup(group, known: known)
        }
        for field in fields.fields where !row.fields.contains(field.name) {
            throw .unknownRowField(group: group, field: field.name, known: row.fields.sorted())
        }
        let id: RowID
        do { id = try form.appendRow(to: key) } catch { throw .rowRefused("\(error)") }
        let inputs = row.make("\(key).\(id).")
        for control in inputs {
            do { try control.connect(to: form) } catch { throw .invalidValue(error) }
        }
        for field in fields.fields {
            guard let control = inputs.first(where: { $0.key == "\(key).\(id).\(field.name)" }) else { continue }
            control.text = field.text
            if let error = control.parseError { throw .invalidValue(error) }
        }
    }

    /// The key of the group `path` names, each row on the way named by its position
    /// (`households[0].members` is `households.r1.members`), and the name its rows' controls go by
    /// (`households.members`); `nil` when the path is malformed or a position names no row.
    static func groupKey(_ path: String, in form: FormContextObject) -> (key: String, controls: String)? {
        var key = ""
        var controls = ""
        let parts = path.split(separator: ".", omittingEmptySubsequences: false)
        for (index, part) in parts.enumerated() {
            var name = part
            var position: Int?
            if name.hasSuffix("]"), let open = name.lastIndex(of: "[") {
                guard let number = Int(name[name.index(after: open)..<name.index(before: name.endIndex)]), number >= 0 else { return nil }
                position = number
                name = name[..<open]
            }
            guard !name.isEmpty, !name.contains("["), !name.contains("]") else { return nil }
            key += (key.isEmpty ? "" : ".") + name
            controls += (controls.isEmpty ? "" : ".") + name
            if index < parts.count - 1 {
                let rows = Array(form.rows(of: key))
                guard let position, position < rows.count else { return nil }
                key += "." + rows[position].description
            } else if position != nil {
                return nil
            }
        }
        return (key, controls)
    }

    /// The lines `--explain` prints: the rules the last `--set` ran, each with the keys it read, then
    /// every hidden or disabled field of the form with why, in the form's order, the fields of
    /// each group's rows after the others.
    static func explanationLines(of form: FormContextObject, after last: LastChange?) -> [String] {
        var lines: [String] = []
        if let last {
            lines.append("rules run by the last change, \(last.description):")
            lines += last.runs.isEmpty ? ["  none"] : last.runs.map { "  \($0)" }
        } else {
            lines.append("rules run by the last change: none (nothing was set)")
        }
        lines.append("hidden or disabled fields, and why:")
        let rowKeys = (form.definition?.repeatGroups ?? []).flatMap { group in
            form.rows(of: group.key).flatMap { id in group.fields.map { "\(group.key).\(id).\($0.key)" } }
        }
        let inactive = ((form.definition?.fields.map(\.key) ?? []) + rowKeys).filter { !form.fieldState(for: $0).isVisible || !form.fieldState(for: $0).isEnabled }
        lines += inactive.isEmpty ? ["  none"] : inactive.flatMap { form.explanation(for: $0).split(separator: "\n").map { "  " + $0 } }
        return lines
    }
}
