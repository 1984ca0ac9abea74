/// The screens stage, the settle's last: runs the live screens' conditions, footers and cell values
/// that a change set calls for, and stores what they computed, as the rule and validation stages do
/// with theirs.
///
/// Each subscriber of the settle (a ``LiveScreen``'s ``ScreenSubscriber``) is a set of nodes of the
/// form's one dependency graph. When the stage takes a change set in, it looks each changed slot up
/// in the graph once, for the nodes that read it on their last run; then it takes the changes one at
/// a time, in the order they were first made, so that each is one diff (a row operation's changes
/// together, so that the rows and what they change elsewhere are one diff): it plans under the lock
/// (the derivations the change calls for, the cells its field's visibility shows or hides, the rows
/// of a repeat group that arrive or leave, found against the screen's own results), runs them
/// outside the lock, and commits under it, recording what they read in the graph and queueing the
/// diff for delivery. A subscriber's first run, which computes everything it shows, is the first
/// plan of the first settle after it subscribed.
///
/// Why it is a stage: the screen's derivations depend on values the way rules and validators do.
/// Run by the settle, what they read reaches the graph before any later change is planned (a write
/// made meanwhile, by their own code or by another thread, is settled after this change set), so no
/// change can miss a derivation whose reads were not yet recorded, and the screen's results follow
/// the settles in order with no queue of their own. Delivery only announces the diffs.
///
/// What it guarantees: when it ends, each subscriber's results are what its derivations compute
/// from the settled values, every change of the change set has made at most one diff per
/// subscriber, and the graph holds what each node read on its last run. It runs last because the
/// rules decide the visibility the screens show, and it writes no value.
enum ScreenStage: SettleStage {
    /// How far the stage has got through one change set.
    struct Pass: Sendable {
        /// Whether the change set has been taken in.
        var isTaken = false
        /// Its changes, field by field, each with the nodes that read the field before it changed.
        var changes: [SettledChange] = []
        /// The next of ``changes`` to plan.
        var next = 0
        /// The subscribers whose first run was in this pass: it saw every change of the change set.
        var firstRuns: [Int] = []
        /// Whether the change set writes a repeat group's order: a row operation, whose changes each
        /// screen reports together (see ``planTogether(_:_:)``).
        var isRowOperation = false
    }

    struct Plan: Sendable {
        var work: [(subscriber: SubscriberGraph.Subscriber, work: ScreenSubscriber.Work)] = []
        /// An empty list for the outcome's results, lent by the subscriber graph (see
        /// ``SubscriberGraph/spareResults``) and handed back by the commit.
        var results: [(subscriber: SubscriberGraph.Subscriber, result: ScreenSubscriber.Result)] = []
    }

    struct Outcome: Sendable {
        var results: [(subscriber: SubscriberGraph.Subscriber, result: ScreenSubscriber.Result)] = []
        /// The plan's list of work, emptied, handed back by the commit (see ``SubscriberGraph/spareWork``).
        var work: [(subscriber: SubscriberGraph.Subscriber, work: ScreenSubscriber.Work)] = []
    }

    static func begin() -> Pass { Pass() }

    static func plan(_ state: inout EngineState, _ changes: inout ChangeSet, _ pass: inout Pass) -> Plan? {
        guard !state.subscriberGraph.isEmpty else { return nil }
        if !pass.isTaken {
            pass.isTaken = true
            // Every change's readers, looked up before any of them runs again: what a run records
            // in this pass it read after every change of the change set.
            // Into lists an earlier pass handed back (see ``SubscriberGraph/spareChanges``).
            swap(&pass.changes, &state.subscriberGraph.spareChanges)
            var aspects: [SettledAspects] = []
            swap(&aspects, &state.subscriberGraph.spareAspects)
            state.settledChanges(of: changes, into: &pass.changes, aspects: &aspects)
            swap(&aspects, &state.subscriberGraph.spareAspects)
            pass.isRowOperation = pass.changes.contains { $0.order != nil }
            let waiting = state.subscriberGraph.takeWaiting()
            if !waiting.isEmpty {
                pass.firstRuns = waiting.map(\.id)
                return Plan(work: waiting.map { ($0, .first) })
            }
        }
        if pass.isRowOperation {
            guard let plan = planTogether(state, &pass) else { return finish(&pass, &state) }
            return plan
        }
        while pass.next < pass.changes.count {
            let index = pass.next
            pass.next += 1
            var plan = Plan()
            swap(&plan.work, &state.subscriberGraph.spareWork)
            // A value no derivation read, its field neither shown nor hidden nor made read-only or
            // editable (a calculated field no cell shows): it can concern only a screen's repeat
            // sections, whose rows follow a group's value, so a screen without them is not asked
            // (nor its lock taken).
            let concernsRowsAlone =
                pass.changes[index].nodes.isEmpty && !pass.changes[index].isVisibilityChanged && !pass.changes[index].isReadOnlyChanged
            for subscriber in state.subscriberGraph.subscribers where !pass.firstRuns.contains(subscriber.id) {
                if concernsRowsAlone && subscriber.screen.shape.slots.isEmpty { continue }
                if let work = subscriber.screen.plan(pass.changes[index]) { plan.work.append((subscriber, .change(work))) }
            }
            if !plan.work.isEmpty {
                swap(&plan.results, &state.subscriberGraph.spareResults)
                return plan
            }
            swap(&plan.work, &state.subscriberGraph.spareWork)
        }
        return finish(&pass, &state)
    }

    /// Ends `pass`, which has nothing left to plan: its list of settled changes goes back emptied,
    /// with its room, for the next pass.
    ///
    /// - Returns: `nil`, the plan of a pass that is over.
    private static func finish(_ pass: inout Pass, _ state: inout EngineState) -> Plan? {
        pass.changes.emptyForReuse()
        pass.next = 0
        swap(&pass.changes, &state.subscriberGraph.spareChanges)
        return nil
    }

    /// The plan of a row operation's change set: its changes taken together, so that each screen
    /// reports the rows and what they changed elsewhere (a footer's summary, a field the rules show)
    /// in one diff. A change that concerns rows of a repeat section the plan already moves waits
    /// for the next plan: it must be diffed against the order the first one leaves.
    ///
    /// - Complexity: O(*c* · *s*) for *c* changes and *s* subscribers, plus what each change calls for.
    private static func planTogether(_ state: EngineState, _ pass: inout Pass) -> Plan? {
        let subscribers = state.subscriberGraph.subscribers.filter { !pass.firstRuns.contains($0.id) }
        var merged: [ScreenPlan?] = Array(repeating: nil, count: subscribers.count)
        changes: while pass.next < pass.changes.count {
            let change = pass.changes[pass.next]
            var plans: [ScreenPlan?] = []
            plans.reserveCapacity(subscribers.count)
            for (place, subscriber) in subscribers.enumerated() {
                let plan = subscriber.screen.plan(change)
                if let plan, let earlier = merged[place], !earlier.canTake(plan) { break changes }
                plans.append(plan)
            }
            pass.next += 1
            for (place, plan) in plans.enumerated() {
                guard let plan else { continue }
                merged[place] = merged[place].map { $0.taking(plan) } ?? plan
            }
        }
        var plan = Plan()
        for (subscriber, work) in zip(subscribers, merged) {
            if let work { plan.work.append((subscriber, .change(work))) }
        }
        return plan.work.isEmpty ? nil : plan
    }

    static func run(_ plan: consuming Plan, reading source: FormValues.Source) -> Outcome {
        // Screens follow live forms only.
        guard case .live(let form) = source else { return Outcome() }
        var outcome = Outcome()
        // Moved, not copied, so that the appends find the lent buffer theirs alone.
        swap(&outcome.results, &plan.results)
        outcome.results.reserveCapacity(plan.work.count)
        for (subscriber, work) in plan.work {
            outcome.results.append((subscriber, subscriber.screen.run(work, in: form)))
        }
        plan.work.emptyForReuse()
        swap(&outcome.work, &plan.work)
        return outcome
    }

    static func commit(_ outcome: consuming Outcome, to state: inout EngineState, _ changes: inout ChangeSet, _ pass: inout Pass) {
        for (subscriber, result) in outcome.results {
            guard state.subscriberGraph.isSubscribed(subscriber.id) else {
                // It went while it ran: what it computed is dropped, and so is the outcome's reference
                // to it, after the lock, in case it is the last (its handlers may own controls of
                // this form, whose deinitializers take the lock).
                state.outgoing.releases.append(subscriber.screen)
                continue
            }
            if let delivery = subscriber.screen.commit(result, of: subscriber.id, to: &state) {
                state.outgoing.screenDiffs.append(delivery)
            }
        }
        // The lists go back emptied, with their room, for the next plan: after the loop, whose
        // copy of the results is gone, so that each is held alone.
        outcome.results.emptyForReuse()
        swap(&outcome.results, &state.subscriberGraph.spareResults)
        swap(&outcome.work, &state.subscriberGraph.spareWork)
    }
}
