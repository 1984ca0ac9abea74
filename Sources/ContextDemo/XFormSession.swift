import FormContextXForms

/// `--xform FILE --interactive` without its terminal: the form's body as a stack of screens (its
/// groups, the instances of its repeats, the choices of its selects), the answer being typed, and
/// what each key command does to the record. Tested by feeding it commands.
///
/// Answers go through ``XFormRecord/answer(_:at:)``, as a person's do in ODK Collect: a value that
/// breaks the constraint, or a blank required answer, is not stored, and the form's message is shown
/// in the chosen language. `s` checks the whole record (``XFormRecord/validate()``) and ends the
/// session with the record printed as the plain run prints it.
final class XFormSession {
    /// What one screen on the stack shows, found again in the record's prompts each time it is
    /// drawn (so it follows the record's relevance and values).
    enum Content {
        /// The prompts inside the one a locator leads to (the top for `[]`): each step a prompt's key
        /// (``XFormRow/key(of:at:)``).
        case prompts([String])
        /// The instances of the repeat a locator leads to, titled with the screen's title, and a row
        /// to add one.
        case instances([String], XFormPrompt)
        /// The choices of the select at an instance path.
        case choices(path: String)
    }

    /// One screen on the stack.
    struct Level {
        var title: String
        var content: Content
        var focus = 0
    }

    /// The answer being typed.
    struct Editing {
        var path: String
        var text: String
    }

    let loaded: XFormDemo.Loaded
    private(set) var levels: [Level]
    private(set) var editing: Editing?
    /// What the person is told under the screen: why an answer or the record was refused.
    private(set) var messages: [String] = []

    init(_ loaded: XFormDemo.Loaded) {
        self.loaded = loaded
        levels = [Level(title: loaded.document.title ?? "Form", content: .prompts([]))]
    }

    var isEditing: Bool { editing != nil }

    /// The record's prompts now; none, and the reason among the messages, when a text's expression fails.
    private var prompts: [XFormPrompt] {
        do {
            return try loaded.record.prompts()
        } catch {
            messages = ["\(error)"]
            return []
        }
    }

    /// The rows of the top screen as they are now.
    var rows: [XFormRow] { XFormRow.rows(of: levels[levels.count - 1], prompts: prompts) }

    /// Does what `command` asks.
    ///
    /// - Returns: The printed record when `s` found it complete, status 0 and nothing for `q`, 130
    ///   for Ctrl-C; `nil` while the session goes on.
    func handle(_ command: KeyCommand) -> DemoCommand.Outcome? {
        if !isEditing { messages = [] }
        switch command {
        case .previous: if commitIfEditing() { move(by: -1) }
        case .next: if commitIfEditing() { move(by: 1) }
        case .activate, .toggle: activate(onlyToggling: command == .toggle)
        case .back:
            if levels.count > 1 { levels.removeLast() }
        case .submit:
            guard let issue = loaded.record.validate() else {
                return XFormDemo.finished(loaded, XFormDemo.Options())
            }
            messages = ["\(issue.path): \(issue.message)"]
        case .quit: return DemoCommand.Outcome(status: DemoCommand.success, output: "", errorOutput: "")
        case .interrupt: return DemoCommand.Outcome(status: 130, output: "", errorOutput: "")
        case .insert(let text): editing?.text += text
        case .deleteBackward: if editing?.text.isEmpty == false { editing?.text.removeLast() }
        case .commit: _ = commitIfEditing()
        case .cancel:
            editing = nil
            messages = []
        }
        return nil
    }

    /// Moves the focus, staying on the screen's rows.
    private func move(by step: Int) {
        let count = rows.count
        guard count > 0 else { return }
        let top = levels.count - 1
        levels[top].focus = min(max(levels[top].focus + step, 0), count - 1)
    }

    /// The focused row, with the focus kept on the rows there are now.
    var focusedRow: XFormRow? {
        let rows = rows
        guard !rows.isEmpty else { return nil }
        return rows[min(levels[levels.count - 1].focus, rows.count - 1)]
    }

    var focusIndex: Int {
        min(levels[levels.count - 1].focus, max(rows.count - 1, 0))
    }

    /// Opens, edits, chooses or adds what the focused row holds.
    private func activate(onlyToggling: Bool) {
        guard let row = focusedRow else { return }
        switch row.action {
        case .open(let level) where !onlyToggling:
            levels.append(level)
        case .edit(let path) where !onlyToggling:
            editing = Editing(path: path, text: (try? loaded.record.value(at: path)) ?? "")
        case .choose(let path, let value, let isMultiple):
            var chosen = ((try? loaded.record.value(at: path)) ?? nil)?.split(separator: " ").map(String.init) ?? []
            if isMultiple {
                // As the record's screen keeps a select: the values still offered in their order, the
                // new one last; what an itemset's filter no longer keeps is dropped.
                let offered = Set(XFormRow.prompt(at: path, in: prompts)?.choices.map(\.value) ?? [])
                var seen: Set<String> = []
                chosen = chosen.filter { offered.contains($0) && seen.insert($0).inserted }
                if let index = chosen.firstIndex(of: value) { chosen.remove(at: index) } else { chosen.append(value) }
            } else {
                chosen = [value]
            }
            if answer(chosen.joined(separator: " "), at: path), !isMultiple, levels.count > 1 { levels.removeLast() }
        case .add(let path) where !onlyToggling:
            do {
                let added = try loaded.record.addRepeat(at: path)
                messages = ["added \(added)"]
                levels[levels.count - 1].focus = max(rows.count - 2, 0)
            } catch {
                messages = ["\(error)"]
            }
        case .readOnly:
            if !onlyToggling { messages = ["\(row.title) is read-only"] }
        default:
            break
        }
    }

    /// Commits the text being typed; whether the focus may move on (nothing typed, or it was stored).
    private func commitIfEditing() -> Bool {
        guard let editing else { return true }
        guard answer(editing.text, at: editing.path) else { return false }
        self.editing = nil
        return true
    }

    /// Answers a question as a person does; the form's message when it is refused.
    private func answer(_ text: String, at path: String) -> Bool {
        do {
            let result = try loaded.record.answer(text, at: path)
            guard result != .ok else {
                messages = []
                return true
            }
            let prompt = XFormRow.prompt(at: path, in: prompts)
            messages = [
                result == .required
                    ? prompt?.requiredMessage ?? "is required" : prompt?.constraintMessage ?? "does not meet its constraint"
            ]
        } catch {
            messages = ["\(error)"]
        }
        return false
    }
}
