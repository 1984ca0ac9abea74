extension FormContextObject {
    /// The form's editing state read under one lock, so a draft is never a mix of two moments.
    ///
    /// - Parameter identity: The identifier and version to record, when the form has no definition.
    /// - Returns: The draft, saved now.
    func draftSnapshot(identity: (identifier: String, version: Int)) -> FormDraft {
        state.withAnnotatedLock { state in
            let definition = state.validation.definition
            return FormDraft(
                formIdentifier: definition?.identifier ?? identity.identifier,
                formVersion: definition?.version ?? identity.version,
                values: state.values, initialValues: state.initial, touchedKeys: state.touched,
                hiddenKeys: state.hidden, disabledKeys: state.disabled)
        }
    }
}
