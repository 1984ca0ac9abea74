/// Where a live form is in its submit pipeline, and what it last submitted.
struct SubmitState: Sendable {
    var phase = SubmitPhase.idle
    /// How many submits have started.
    var count = 0
    /// The values of the last successful submit; `nil` before the first.
    var submitted: FormContext?
    /// Keys whose value differs from the last successful submit.
    var changedSinceSubmit: Set<String> = []

    /// Keeps ``changedSinceSubmit`` exact after the value of `key` became `value`.
    mutating func valueDidChange(_ key: String, to value: AnyHashable?) {
        guard let submitted else { return }
        if isSameValue(value, submitted.storage[key]) {
            changedSinceSubmit.remove(key)
        } else {
            changedSinceSubmit.insert(key)
        }
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
