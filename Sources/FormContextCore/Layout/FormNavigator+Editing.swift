extension FormNavigator {
    /// Starts editing the focused row, if it is a text entry, from the text its field holds.
    ///
    /// - Returns: Whether editing is under way (it may have been already).
    @discardableResult
    func beginEditing() -> Bool {
        let live = top
        guard let path = focus else { return false }
        if editing?.path == path { return true }
        guard let editing = makeEditing(at: path, in: live) else { return false }
        return change { state -> Bool in
            guard state.stack[state.stack.count - 1].live === live else { return false }
            state.editing = editing
            return true
        }
    }

    /// Adds `text` at the end of the text being edited.
    ///
    /// - Parameter text: What was typed.
    /// - Returns: Whether a text was being edited.
    @discardableResult
    public func insert(_ text: String) -> Bool {
        change { state -> Bool in
            guard state.editing != nil else { return false }
            state.editing?.text += text
            state.editing?.error = nil
            return true
        }
    }

    /// Removes the last character of the text being edited.
    ///
    /// - Returns: Whether a text was being edited.
    @discardableResult
    public func deleteBackward() -> Bool {
        change { state -> Bool in
            guard state.editing != nil else { return false }
            if state.editing?.text.isEmpty == false { state.editing?.text.removeLast() }
            state.editing?.error = nil
            return true
        }
    }

    /// Writes the text being edited into its field, as a user edit, and touches the field
    /// (``FormContextObject/blur(_:)``); on a screen that pops on commit (a nested text field's), goes
    /// back.
    ///
    /// Text that does not parse as the field's type leaves the form alone and stays in ``editing``,
    /// with the error naming the key and the text.
    ///
    /// - Returns: Whether the text was committed (`false` also when nothing was being edited).
    @discardableResult
    public func commitEditing() -> Bool {
        let (live, editing) = read { ($0.stack[$0.stack.count - 1].live, $0.editing) }
        guard let editing, let cell = live.screen.cell(at: editing.path) else { return false }
        do {
            try cell.commit(text: editing.text, to: form)
        } catch {
            change { state in
                if state.editing?.path == editing.path { state.editing?.error = error }
            }
            return false
        }
        change { state in state.editing = nil }
        if let key = cell.key { form.blur(key) }
        if live.screen.popsOnCommit { pop() }
        return true
    }

    /// Drops the text being edited; the form keeps the value it had.
    public func cancelEditing() {
        change { state in state.editing = nil }
    }

    /// Commits the text being edited, if any.
    ///
    /// - Returns: Whether nothing is being edited any more.
    func commitIfEditing() -> Bool {
        editing == nil || commitEditing()
    }

    /// The editing of the text-entry cell at `path` of `live`, from its field's text; `nil` for
    /// another kind of cell.
    func makeEditing(at path: CellPath, in live: LiveScreen) -> TextEditing? {
        guard let cell = live.screen.cell(at: path), cell.kind.isTextEntry else { return nil }
        return TextEditing(path: path, text: cell.editableText(in: form), error: nil, isSecure: cell.isSecure)
    }
}
