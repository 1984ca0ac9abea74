/// The submit stage: keeps which keys differ from the last successful submit
/// (``SubmitState/changedSinceSubmit``, read by `isDirtySinceLastSubmit`) in line with what a
/// mutation changed.
///
/// Why it is a stage and not a hook in `write`: it needs nothing but the change set's value changes,
/// which a form with a submit to keep track of records even when nothing else settles
/// (``ChangeSet/recordsValues``), so `write` stays the write alone. It runs no user code: it takes in
/// the changes under the lock the mutation holds anyway, after its write and again as the mutation
/// finishes (for what the rules and the writes made while it settled added), so it costs no lock of
/// its own.
///
/// What it guarantees: once a mutation is announced, ``SubmitState/changedSinceSubmit`` holds
/// exactly the keys whose value differs from the last submitted one. Which keys differ depends only
/// on their values now, so taking a key in once after its last write is the same as after each.
enum SubmitStage {
    /// How many of the change set's ``ChangeSet/values`` the stage has taken in.
    struct Pass: Sendable {
        var taken = 0
    }

    /// Takes in the value changes of `changes` not taken in yet.
    ///
    /// - Complexity: O(*c*) for *c* changes not taken in yet.
    static func take(_ changes: ChangeSet, _ pass: inout Pass, into state: inout EngineState) {
        defer { pass.taken = changes.values.count }
        guard state.submit.submitted != nil, pass.taken < changes.values.count else { return }
        for change in changes.values[pass.taken...] {
            let record = state.fields[change.slot]
            // A row's neighbour or a group's statistic is no value of the form's.
            guard record.key.first != RowSignalKey.marker else { continue }
            if state.submit.valueDidChange(record.key, to: record.value), state.isObserved(at: change.slot) {
                state.outgoing.note(.dirtySinceSubmit, of: change.slot)
            }
        }
    }
}
