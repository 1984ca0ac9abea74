extension FormContextObject {
    /// The form's editing state read under one lock, so a draft is never a mix of two moments;
    /// ``restore(_:)`` brings it back. ``DraftStore`` saves one to a file.
    ///
    /// Only what the program decided is saved as hidden or disabled: what rules decide follows from the
    /// values when the draft is restored. The draft records the identifier and version of the form's
    /// definition, or `"form"` and 1 when it has none.
    ///
    /// - Returns: The draft, taken now.
    /// - Complexity: O(*n*) for *n* fields.
    public func draft() -> FormDraft {
        read { state in
            let definition = state.validation.definition
            var hidden: Set<String> = []
            var disabled: Set<String> = []
            for record in state.fields.records {
                if record.flags.contains(.hidden) { hidden.insert(record.key) }
                if record.flags.contains(.disabled) { disabled.insert(record.key) }
            }
            return FormDraft(
                formIdentifier: definition?.identifier ?? "form",
                formVersion: definition?.version ?? 1,
                values: state.fields.context, initialValues: state.fields.initialContext,
                touchedKeys: state.fields.keys(of: state.fields.touched), hiddenKeys: hidden, disabledKeys: disabled)
        }
    }
}
