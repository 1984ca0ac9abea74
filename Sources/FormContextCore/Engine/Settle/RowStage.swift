import Synchronization

/// The rows stage: brings the repeat groups in line with what a step of a mutation wrote. A group's
/// key given a new order takes rows down and sets rows up; a row field's new value or visibility
/// changes what it contributes to the group's statistics; a summary written by something other than
/// its statistic takes the rows' value again; a group hidden or disabled takes its rows with it.
///
/// Why it is a stage and not a hook in `write`: it needs nothing but what the write records in the
/// change set (its value changes and activity), so `write` stays the write alone and a form without
/// repeat groups pays one test per step. It runs no user code, so it needs no plan or run: it
/// follows each step that writes, under the lock that step holds — the mutation's own writes (and,
/// in a batch, each write before the next: a transaction's, a model's), each level the rule stage
/// plans and each rule it carries out, the slots placed as a mutation ends — and the row operations
/// that read the rows (adding rows, a restore asking whether a key belongs to a row) follow it first. Whatever it writes itself (a taken-down row's values, a summary) lands
/// in the change set like any write, for the stages after it and for itself.
///
/// What it guarantees: once it has followed a change set, the repeat groups (rows, neighbours,
/// statistics, summaries, the rows' activity) are what the values and flags written say. Following
/// a change set again from its start changes nothing: each reaction brings one thing in line with
/// what is written now.
enum RowStage {
    /// How far the stage has followed one change set.
    struct Pass: Sendable {
        let changeSet: UInt64
        var values = 0
        var activity = 0
    }

    /// Follows what `changes` recorded since the stage last followed it, and what that makes the
    /// stage write in turn, until nothing is left.
    ///
    /// - Complexity: O(*c*) for *c* changes not followed yet, plus what each brings in line (see
    ///   ``EngineState/reconcileRows(_:origin:into:)``); O(1) for a form without repeat groups.
    @inline(__always)
    static func follow(_ state: inout EngineState, _ changes: inout ChangeSet) {
        guard !state.repeats.isEmpty else { return }
        follow(changes: &changes, in: &state)
    }

    private static func follow(changes: inout ChangeSet, in state: inout EngineState) {
        // A form with repeat groups has a definition, so its change sets settle and keep their lists.
        assert(changes.isSettling, "a change set of a form with repeat groups keeps no lists")
        state.repeats.beginFollowing(changes.id)
        while true {
            let pass = state.repeats.following
            if pass.values < changes.values.count {
                let change = changes.values[pass.values]
                state.repeats.tookValue()
                state.rowsDidWrite(at: change.slot, origin: change.origin, into: &changes)
            } else if pass.activity < changes.activity.count {
                let slot = changes.activity[pass.activity]
                state.repeats.tookActivity()
                state.rowsActivityDidChange(at: slot, into: &changes)
                // A group's rows and the groups in them, asked about with no slot, are asked again.
                if state.repeats.groupOfSlot[slot] != nil { state.tracking.groupDidChange(prefix: state.fields.key(at: slot)) }
            } else if state.repeats.holdsFills == 0, !state.repeats.unfilled.isEmpty {
                let group = state.repeats.unfilled.removeFirst()
                state.fillRows(ofGroup: group.group, slot: group.slot, origin: group.origin, into: &changes)
            } else {
                return
            }
        }
    }
}
