extension Cell {
    /// The text a text-entry cell starts editing from: the field's value as the cell's format writes
    /// it; empty for any other cell.
    ///
    /// - Parameter form: The form.
    /// - Returns: The text.
    public func editableText(in form: FormContextObject) -> String {
        guard let textFormat, let key else { return "" }
        return textFormat.format(form[key])
    }

    /// Parses `text` as the cell's value type and writes it into the field, as a user edit.
    ///
    /// - Parameters:
    ///   - text: The typed text.
    ///   - form: The form.
    /// - Throws: ``FormControlError/unparsableText(key:text:expected:)`` naming the key, the text (masked
    ///   when secret) and the expected form when the text does not parse;
    ///   ``FormControlError/readOnly(key:)`` when the field is read-only. The form is then left alone.
    ///   Nothing happens for a cell that is not a text entry.
    public func commit(text: String, to form: FormContextObject) throws(FormControlError) {
        guard let textFormat, let key else { return }
        if let error = textFormat.write(text, form, key, isSecure) { throw error }
    }

    /// Flips a switch cell, as a user edit; nothing for any other cell, or for a read-only field.
    ///
    /// - Parameter form: The form.
    /// - Returns: ``FormControlError/readOnly(key:)`` when the field is read-only and was left as it
    ///   was; otherwise `nil`.
    @discardableResult
    public func toggle(in form: FormContextObject) -> FormControlError? {
        guard kind == .toggle, let key else { return nil }
        return form.userEdit(!(form[FormKey<Bool>(key)] ?? false), for: key)?.error
    }

    /// Selects an option cell: stores its option's value in the field, as a user edit; nothing for any
    /// other cell, or for a read-only field.
    ///
    /// - Parameter form: The form.
    /// - Returns: ``FormControlError/readOnly(key:)`` when the field is read-only and was left as it
    ///   was; otherwise `nil`.
    @discardableResult
    public func select(in form: FormContextObject) -> FormControlError? {
        guard kind == .option, let key, let option = options.first else { return nil }
        return option.store(form, key)
    }

    /// Sets a choice cell to `option`, as a user edit; nothing for any other cell, for an option
    /// the cell does not offer, or for a read-only field.
    ///
    /// - Parameters:
    ///   - option: One of ``options``.
    ///   - form: The form.
    /// - Returns: ``FormControlError/readOnly(key:)`` when the field is read-only and was left as it
    ///   was; otherwise `nil`.
    @discardableResult
    public func choose(_ option: CellOption, in form: FormContextObject) -> FormControlError? {
        guard kind == .choice, let key, options.contains(option) else { return nil }
        return option.store(form, key)
    }

    /// Adds `option` to a multiple-choice cell's selection, or takes it out when it is selected, as
    /// a user edit; nothing for any other cell, for an option the cell does not offer, or for a
    /// read-only field. A selection stored as text keeps its order: a new choice goes after the
    /// values already chosen, and values the cell does not offer are dropped.
    ///
    /// - Parameters:
    ///   - option: One of ``options``.
    ///   - form: The form.
    /// - Returns: ``FormControlError/readOnly(key:)`` when the field is read-only and was left as it
    ///   was; otherwise `nil`.
    /// - Complexity: O(*n* + *m*) for *n* options and *m* values stored.
    @discardableResult
    public func toggle(_ option: CellOption, in form: FormContextObject) -> FormControlError? {
        guard kind == .multipleChoice, let key, let selection, options.contains(option) else { return nil }
        return selection.toggle(option.value, among: options, in: form, key: key)
    }

    /// The options a multiple-choice cell has selected in `form`, in the order of ``options``; the
    /// selected option of a choice cell; empty for any other cell.
    ///
    /// - Parameter form: The form.
    /// - Returns: The selected options.
    /// - Complexity: O(*n*) for *n* options.
    public func selectedOptions(in form: FormContextObject) -> [CellOption] {
        guard let key else { return [] }
        let stored = form[key]
        if kind == .choice { return options.first { $0.value == stored }.map { [$0] } ?? [] }
        guard kind == .multipleChoice, let selection else { return [] }
        let chosen = Set(selection.read(stored))
        return options.filter { chosen.contains($0.value) }
    }

    /// Moves a choice cell to the option after the selected one (the first after the last, or when
    /// none is selected), as a user edit; nothing for any other cell, or for a read-only field. What a
    /// navigator's activation of a choice cell does.
    ///
    /// - Parameter form: The form.
    /// - Returns: The refusal when the field is read-only; otherwise `nil`.
    /// - Complexity: O(*n*) for *n* options.
    @discardableResult
    func selectNextOption(in form: FormContextObject) -> FormControlError? {
        guard kind == .choice, let key, !options.isEmpty else { return nil }
        let current = form[key]
        let next = options.firstIndex { $0.value == current }.map { ($0 + 1) % options.count } ?? 0
        return options[next].store(form, key)
    }

    /// Builds the screen a detail, nested text or multiple-choice cell opens; `nil` for any other cell.
    ///
    /// Each call builds it anew: a screen is built when it is opened, never up front.
    ///
    /// - Returns: The screen.
    public func makeDestination() -> Screen? {
        destination?()
    }
}
