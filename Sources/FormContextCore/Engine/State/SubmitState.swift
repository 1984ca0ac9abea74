/// Where a live form is in its submit pipeline, and what it last submitted.
struct SubmitState: Sendable {
    var phase = SubmitPhase.idle
    /// How many submits have started.
    var count = 0
    /// Whether a submit has started since the form was made or last reset (a reset keeping
    /// ``ResetOptions/submitState`` keeps it): the re-validate mode is in force while it is.
    var isSubmitted = false
    /// The values of the last successful submit; `nil` before the first.
    var submitted: FormContext?
    /// Keys whose value differs from the last successful submit.
    var changedSinceSubmit: Set<String> = []

    /// Keeps ``changedSinceSubmit`` exact after the value of `key` became `value`.
    ///
    /// - Returns: Whether `key` went in or out of ``changedSinceSubmit``.
    @discardableResult
    mutating func valueDidChange(_ key: String, to value: AnyHashable?) -> Bool {
        guard let submitted else { return false }
        if isSameValue(value, submitted.storage[key]) {
            return changedSinceSubmit.remove(key) != nil
        } else {
            return changedSinceSubmit.insert(key).inserted
        }
    }

    /// Forgets the last successful submit: every value is compared with its initial value again.
    mutating func forgetSubmitted() {
        submitted = nil
        changedSinceSubmit = []
    }

    /// Records a successful submit of `snapshot`, given the form's values now.
    mutating func didSucceed(with snapshot: FormContext, current: FormContext) {
        phase = .succeeded
        submitted = snapshot
        var changed: Set<String> = []
        for key in Set(current.keys).union(snapshot.keys) where !isSameValue(current.storage[key], snapshot.storage[key]) {
            changed.insert(key)
        }
        changedSinceSubmit = changed
    }
}
