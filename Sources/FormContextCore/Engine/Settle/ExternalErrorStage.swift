/// The outside-errors stage: drops the errors set on a field from outside
/// (``FormContextObject/setErrors(_:for:rule:)``, a server's answer to a submit) once the field's
/// value changes, with or without a definition.
///
/// Why it is a stage and not a hook in `write`: it needs nothing but the change set's value
/// changes, which a form records whenever a field holds errors from outside
/// (``ValidationState/holdsExternalErrors``, ``ChangeSet/recordsValues``), so `write` stays the write
/// alone; a form holding none pays a look at the stage's progress per step (two plain numbers, no
/// array), and one that records no value changes a test. It runs no user code: it follows each step
/// of a mutation that writes, under the lock that step holds: the mutation's own write, the settle's
/// rules (as the settle ends, before anything reads the settled state), each write made meanwhile by
/// another mutation (as it is made, and its settle's as it joins the settling one), and, before
/// errors land, whatever the mutation landing them wrote before.
///
/// What it guarantees: errors set from outside are dropped by exactly the value changes made after
/// they were set. Each value change is followed once, so errors set after a change (in a later
/// mutation, even one made while the first settles) stay. Its progress through each change set
/// under way is its own, kept in ``ValidationState`` by change set and forgotten when the change
/// set is announced or joins another; a debug invariant checks that none is kept once nobody
/// settles.
enum ExternalErrorStage {
    /// Drops the outside errors of each field whose value `changes` changed since the stage last
    /// followed it.
    ///
    /// - Complexity: O(*c*) for *c* value changes not followed yet; O(1) when none are recorded.
    @inline(__always)
    static func follow(_ state: inout EngineState, _ changes: inout ChangeSet) {
        guard !changes.values.isEmpty else { return }
        let taken = state.validation.followedValues(of: changes.id)
        guard taken < changes.values.count else { return }
        follow(changes: &changes, from: taken, in: &state)
    }

    private static func follow(changes: inout ChangeSet, from taken: Int, in state: inout EngineState) {
        // No field holds outside errors: nothing to drop, only the progress to record.
        if state.validation.holdsExternalErrors {
            // The errors dropped add no value change, so the list cannot grow under the loop.
            for index in taken..<changes.values.count {
                let slot = changes.values[index].slot
                if state.validation.hasExternalErrors(at: slot) { state.dropExternalErrors(at: slot, into: &changes) }
            }
        }
        state.validation.setFollowedValues(changes.values.count, of: changes.id)
    }

    /// Follows what is left of `changes` (what the end of its mutation wrote) and forgets the
    /// stage's progress through it: the change set is done, about to be announced.
    @inline(__always)
    static func finish(_ state: inout EngineState, _ changes: inout ChangeSet) {
        guard !changes.values.isEmpty else { return }
        let taken = state.validation.followedValues(of: changes.id)
        if taken < changes.values.count { follow(changes: &changes, from: taken, in: &state) }
        state.validation.forgetFollowedValues(of: changes.id)
    }

    /// Joins `later` (a mutation made while `changes` settled, now settled itself) to `changes`,
    /// having followed both, so that the stage never follows `later`'s changes again as part of
    /// `changes`.
    static func join(_ later: ChangeSet, to changes: inout ChangeSet, _ state: inout EngineState) {
        var later = later
        finish(&state, &later)
        follow(&state, &changes)
        changes.append(later)
        // Progress is kept only for a change set with value changes: `finish` forgets none otherwise.
        if changes.recordsValues && !changes.values.isEmpty {
            state.validation.setFollowedValues(changes.values.count, of: changes.id)
        }
    }
}
