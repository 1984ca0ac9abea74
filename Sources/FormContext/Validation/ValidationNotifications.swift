/// What a mutation of a form's validation state must do once the lock is released.
struct ValidationNotifications {
    var before = FormValidationSummary()
    var after = FormValidationSummary()
    /// Asynchronous runs to start.
    var starts: [FormValidationState.Start] = []
    /// Superseded or abandoned runs to cancel.
    var cancellations: [Task<Void, Never>] = []

    /// Whether there is nothing to announce, start or cancel.
    var isEmpty: Bool {
        starts.isEmpty && cancellations.isEmpty && before == after
    }
}
