import FormContextXForms

/// One row of a screen of the interactive XForm demo: a question, a group, a repeat, an instance of
/// one, a choice, or the row that adds an instance; with what activating it does. Built from the
/// record's prompts (``XFormRecord/prompts()``), so labels, hints, choices and messages are in the
/// record's language with their `<output>` values. Texts are as the form has them, not escaped yet
/// (``ScreenPicture`` escapes them).
struct XFormRow {
    enum Action {
        case open(XFormSession.Level)
        case edit(path: String)
        case choose(path: String, value: String, isMultiple: Bool)
        case add(path: String)
        case readOnly
        case none
    }

    var title: String
    var value = ""
    var accessory = ScreenPicture.Accessory.none
    var action = Action.none
    /// The question's instance path, for the row being edited.
    var path: String?
    var hint: String?
    var isReadOnly = false

    /// A label or hint without the white space around it (pyxform writes ` Age of <output/> `).
    static func trimmed(_ text: String?) -> String? {
        text.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
    }

    /// The prompt's key among its siblings on a screen's locator: its path, or its position for a
    /// group without one.
    static func key(of prompt: XFormPrompt, at index: Int) -> String {
        prompt.path.map { "\(prompt.control.kind == .repeat ? "repeat" : "node"):\($0)" } ?? "#\(index)"
    }

    /// The prompts a locator leads to from the top; `nil` when one of its steps is gone (a group no
    /// longer relevant, an instance removed).
    static func prompts(at locator: [String], in top: [XFormPrompt]) -> [XFormPrompt]? {
        var current = top
        for step in locator {
            guard let index = current.indices.first(where: { key(of: current[$0], at: $0) == step }) else { return nil }
            current = current[index].children
        }
        return current
    }

    /// The prompt of the question at `path`, anywhere in `prompts`.
    static func prompt(at path: String, in prompts: [XFormPrompt]) -> XFormPrompt? {
        var pending = prompts
        while let prompt = pending.popLast() {
            if prompt.path == path && prompt.control.kind != .repeat && prompt.control.kind != .group { return prompt }
            pending.append(contentsOf: prompt.children)
        }
        return nil
    }

    /// The rows `level` shows now.
    static func rows(of level: XFormSession.Level, prompts top: [XFormPrompt]) -> [XFormRow] {
        switch level.content {
        case .prompts(let locator):
            guard let prompts = prompts(at: locator, in: top) else { return [] }
            return rows(of: prompts, locator: locator)
        case .instances(let locator, let repeatPrompt):
            guard let prompts = prompts(at: locator, in: top) else { return [] }
            return instanceRows(of: prompts, locator: locator, title: level.title, control: repeatPrompt.control, path: repeatPrompt.path)
        case .choices(let path):
            guard let prompt = prompt(at: path, in: top) else { return [] }
            let chosen = Set(prompt.value?.split(separator: " ").map(String.init) ?? [])
            return prompt.choices.map { choice in
                XFormRow(
                    title: choice.label, accessory: .checkmark(chosen.contains(choice.value)),
                    action: .choose(path: path, value: choice.value, isMultiple: prompt.control.kind == .select))
            }
        }
    }

    /// The rows of prompts on one screen.
    static func rows(of prompts: [XFormPrompt], locator: [String]) -> [XFormRow] {
        var rows: [XFormRow] = []
        for (index, prompt) in prompts.enumerated() {
            let here = locator + [key(of: prompt, at: index)]
            switch prompt.control.kind {
            case .group:
                // A group around a repeat (as pyxform writes one) is the repeat's row.
                if prompt.children.count == 1, let only = prompt.children.first, only.control.kind == .repeat {
                    rows.append(repeatRow(only, title: trimmed(prompt.label) ?? trimmed(only.label) ?? only.path ?? "", locator: here + [key(of: only, at: 0)]))
                } else if let label = trimmed(prompt.label) {
                    rows.append(XFormRow(title: label, accessory: .disclosure, action: .open(XFormSession.Level(title: label, content: .prompts(here)))))
                } else {
                    rows += self.rows(of: prompt.children, locator: here)
                }
            case .repeat:
                rows.append(repeatRow(prompt, title: trimmed(prompt.label) ?? prompt.path ?? "", locator: here))
            case .other:
                continue
            case .input, .select1, .select, .trigger, .range, .upload:
                guard let path = prompt.path else { continue }
                var row = XFormRow(title: (trimmed(prompt.label) ?? path) + (prompt.isRequired ? " *" : ""), path: path, hint: trimmed(prompt.hint))
                row.value = prompt.value.map { shown($0, of: prompt) } ?? ""
                switch prompt.control.kind {
                case _ where prompt.isReadOnly:
                    row.isReadOnly = true
                    row.action = .readOnly
                case .select1, .select:
                    row.accessory = .disclosure
                    row.action = .open(XFormSession.Level(title: row.title, content: .choices(path: path)))
                case .trigger:
                    row.action = .choose(path: path, value: "OK", isMultiple: false)
                default:
                    row.action = .edit(path: path)
                }
                rows.append(row)
            }
        }
        return rows
    }

    /// A question's value as its row shows it: a select's chosen labels in the order of its choices,
    /// as the record's screen shows them, then any value its choices do not hold (an external list
    /// not loaded, a filter that dropped it) as it is; any other value as it is.
    static func shown(_ value: String, of prompt: XFormPrompt) -> String {
        guard prompt.control.kind == .select1 || prompt.control.kind == .select else { return value }
        let chosen = value.split(separator: " ").map(String.init)
        let offered = Set(prompt.choices.map(\.value))
        let labels = prompt.choices.filter { chosen.contains($0.value) }.map(\.label)
        var unknown: [String] = []
        for value in chosen where !offered.contains(value) && !unknown.contains(value) { unknown.append(value) }
        return (labels + unknown).joined(separator: ", ")
    }

    /// A repeat's row: how many instances it has, opening them.
    static func repeatRow(_ prompt: XFormPrompt, title: String, locator: [String]) -> XFormRow {
        let count = prompt.children.count
        return XFormRow(
            title: title, value: count == 1 ? "1 instance" : "\(count) instances", accessory: .disclosure,
            action: .open(XFormSession.Level(title: title, content: .instances(locator, prompt))))
    }

    /// A repeat's instances, each opening its own screen, and the row that adds one unless the form
    /// fixes their number (`jr:count`, `jr:noAddRemove`).
    static func instanceRows(of instances: [XFormPrompt], locator: [String], title: String, control: XFormControl, path: String?) -> [XFormRow] {
        var rows = instances.enumerated().map { index, instance in
            let name = "\(title) \(instance.instance ?? index + 1)"
            return XFormRow(
                title: name, accessory: .disclosure,
                action: .open(XFormSession.Level(title: name, content: .prompts(locator + [key(of: instance, at: index)]))))
        }
        let fixed = control.count != nil || ["true()", "true"].contains(control.noAddRemove?.trimmingCharacters(in: .whitespaces) ?? "")
        if !fixed, let path { rows.append(XFormRow(title: "+ Add \(title)", action: .add(path: path))) }
        return rows
    }
}
