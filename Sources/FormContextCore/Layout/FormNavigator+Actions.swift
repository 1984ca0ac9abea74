extension FormNavigator {
    /// Does what selecting the focused row means for its kind: flips a switch, selects an option or
    /// the next choice, opens a detail, nested text or multiple-choice cell's screen, starts editing a text entry (or
    /// commits the text being edited), presses a button. A row whose field is read-only is left as
    /// it is: ``Activation/refusedEdit(_:)`` says so.
    ///
    /// - Returns: What was done; a submit button's ``Activation/submitted(_:)`` carries the result.
    @discardableResult
    public func activate() async -> Activation {
        if editing != nil {
            commitEditing()
            return .committed
        }
        let live = top
        guard let path = focus, let cell = live.screen.cell(at: path) else { return .none }
        switch cell.kind {
        case .toggle:
            if let refused = cell.toggle(in: form) { return .refusedEdit(refused) }
            return .toggled
        case .option:
            if let refused = cell.select(in: form) { return .refusedEdit(refused) }
            return .selected
        case .choice:
            if let refused = cell.selectNextOption(in: form) { return .refusedEdit(refused) }
            return .selected
        case .text, .number, .date:
            if let key = cell.key, form.isReadOnlyForEditing(key) { return .refusedEdit(.readOnly(key: key)) }
            return beginEditing() ? .editing : .none
        case .detail, .nestedText, .multipleChoice:
            return open(path) ? .opened : .none
        case .button:
            switch cell.role {
            case .submit?:
                return .submitted(await submit())
            case .action(let action)?:
                await action(form, .root)
                return .pressed
            case .addRow(let group)?:
                return addRow(to: group)
            case .removeRow(let group, let id)?:
                return removeRow(id, from: group)
            case nil:
                return .none
            }
        case .value:
            return .none
        }
    }

    /// Submits the form (committing any text being edited first) through
    /// ``FormContextObject/submit(_:)`` with the navigator's handler. When validation or the handler
    /// finds errors, the focus moves to the first invalid field (``reveal(_:)``).
    ///
    /// - Returns: How the submit ended.
    @discardableResult
    public func submit() async -> SubmitResult {
        if editing != nil { commitEditing() }
        let result = await form.submit(submitHandler)
        if let key = result.firstInvalidKey { reveal(key) }
        return result
    }

    /// Shows the row bound to `key` and focuses it: goes back to the root, then opens the screens
    /// that lead to it, building each; a text entry starts editing (the first responder).
    ///
    /// The row is searched in reading order, each detail cell's screen at the detail's place, at
    /// most eight screens deep. Screens that do not lead to the key are built only to be searched.
    ///
    /// - Parameter key: The field.
    /// - Returns: Whether a visible row bound to `key` was found.
    @discardableResult
    public func reveal(_ key: String) -> Bool {
        let root = screens[0]
        guard let route = route(to: key, in: root, depth: 0), let last = route.last else { return false }
        let destination = route.last(where: { $0.opens != nil })?.opens ?? root
        let editing = makeEditing(at: last.path, in: destination)
        var stack = [Entry(live: root, focus: route[0].path)]
        for (step, next) in zip(route, route.dropFirst()) {
            if let opened = step.opens { stack.append(Entry(live: opened, focus: next.path)) }
        }
        let left = change { state in
            defer {
                state.stack = stack
                state.editing = editing
            }
            return state.stack
        }
        // The screens left stop following the form here, outside the lock.
        withExtendedLifetime(left) {}
        return true
    }

    /// One step of the way to a row: a row to focus, and the screen it opens when the way goes on.
    struct RouteStep {
        let path: CellPath
        let opens: LiveScreen?
    }

    /// The way from `live` to the first visible focusable row bound to `key`.
    private func route(to key: String, in live: LiveScreen, depth: Int) -> [RouteStep]? {
        for row in live.sections.flatMap(\.rows) where row.cell.kind.isFocusable {
            let isTarget = row.cell.key == key
            // A nested text field's own screen holds the text field to edit; a detail's may hold the row.
            if isTarget && row.cell.kind != .nestedText { return [RouteStep(path: row.path, opens: nil)] }
            guard isTarget || row.cell.kind == .detail, depth < 8, let screen = row.cell.makeDestination() else { continue }
            let opened = LiveScreen(screen, form: form)
            if let inner = route(to: key, in: opened, depth: depth + 1) { return [RouteStep(path: row.path, opens: opened)] + inner }
            if isTarget { return [RouteStep(path: row.path, opens: nil)] }
        }
        return nil
    }
}
