extension FormContextObject {
    /// The form's editing state read under one lock, so a draft is never a mix of two moments.
    ///
    /// Only what the program decided is saved as hidden or disabled: what rules decide follows from the
    /// values when the draft is restored.
    ///
    /// - Parameter identity: The identifier and version to record, when the form has no definition.
    /// - Returns: The draft, saved now.
    /// - Complexity: O(*n*) for *n* fields.
    func draftSnapshot(identity: (identifier: String, version: Int)) -> FormDraft {
        read { state in
            let definition = state.validation.definition
            var hidden: Set<String> = []
            var disabled: Set<String> = []
            for record in state.fields.records {
                if record.flags.contains(.hidden) { hidden.insert(record.key) }
                if record.flags.contains(.disabled) { disabled.insert(record.key) }
            }
            return FormDraft(
                formIdentifier: definition?.identifier ?? identity.identifier,
                formVersion: definition?.version ?? identity.version,
                values: state.fields.context, initialValues: state.fields.initialContext,
                touchedKeys: state.fields.keys(of: state.fields.touched), hiddenKeys: hidden, disabledKeys: disabled)
        }
    }
}
