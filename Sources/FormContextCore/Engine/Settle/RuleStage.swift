/// Rules as a settle stage: the visibility, enabled, required and calculation rules a mutation
/// calls for, run level by level in dependency order, each once per mutation, stopping wherever a
/// result did not change. Runs again within one mutation: a rule whose branch reads, for the first
/// time, something a rule still due decides (after that rule); a calculation reading its own field
/// (once, to settle); rules on a cycle whose reads changed (once, at the end).
///
/// Why it is a stage of its own: the rules decide what validation sees (which fields are active,
/// which are required, what calculated fields hold), so they settle first, and completely, before
/// validation plans. What it guarantees: when it ends, every rule downstream of what the change set
/// changed has run on values no rule still due would change (glitch-free), and what each read is
/// recorded in the form's dependency graph.
enum RuleStage: SettleStage {
    struct Plan: Sendable {
        /// Whether this is the first run of every rule, to find out what each reads.
        let isDiscovery: Bool
        /// Whether the level holds rules on cycles, run to find out whether they still close them.
        var isCycleCheck = false
        /// The rules' generation (see ``RuleState/generation``).
        let generation: Int
        /// The run number of the rule numbered 0 (see ``RuleReadLog/begin(ruleCount:)``).
        let firstRun: UInt
        /// The rules to run (in ``Buffers/level``) and what they will need, moved out of the rule state.
        var buffers: Buffers
    }

    struct Outcome: Sendable {
        let isDiscovery: Bool
        var isCycleCheck = false
        let generation: Int
        /// What each rule decided (in ``Buffers/outputs``), in the buffers the plan carried, moved
        /// back into the rule state when committed. What each read is in the rules' log.
        var buffers: Buffers
    }

    /// The buffers a level is planned, run and committed in: plain values, moved from the rule state
    /// into the plan, from the plan into the outcome, and back into the rule state by the commit, so
    /// that once they have grown a level allocates nothing. Each step owns them alone while it works:
    /// no copy of them is kept anywhere else, so appending to one never copies its storage.
    struct Buffers: Sendable {
        /// The rules of the level, in ascending order.
        var level: [Int] = []
        /// Every rule of the form (shared with the rule state, not copied), for the level to run.
        var rules: [CompiledRule] = []
        /// What each rule of the level decided, in the level's order.
        var outputs: [CompiledRule.Output] = []
        /// The range of ``slotsRead`` holding what each rule of the level read, in the level's order.
        var reads: [Range<Int>] = []
        /// The slots the rules of the level read, one rule after another, taken from the rules' log
        /// by the commit (the log records the next level's in the storage this held).
        var slotsRead: [Int] = []
        /// The keys the rules read that had no slot, taken from the log with ``slotsRead``.
        var unplacedKeys: [String] = []
    }

    /// How far the stage has got through one change set.
    struct Pass: Sendable {
        /// Whether the pass has begun (the rule state's record of runs started).
        var isBegun = false
        /// How many of the change set's ``ChangeSet/values`` and ``ChangeSet/concealment`` the
        /// stage has taken in: each change schedules its readers once.
        var takenValues = 0
        var takenConcealment = 0
        /// Whether calculations give clean fields their initial value too: the pass that first runs
        /// the rules of a definition just attached (see ``RuleState/requestInitialValues()``).
        var setsInitialValues = false
    }

    static func begin() -> Pass { Pass() }

    static func plan(_ state: inout EngineState, _ changes: inout ChangeSet, _ pass: inout Pass) -> Plan? {
        guard !state.rules.isEmpty else { return nil }
        // Moved out of the state, so that the state holds no buffers while the level runs.
        var buffers = state.rules.spareBuffers.take() ?? Buffers()
        if !pass.isBegun {
            pass.isBegun = true
            pass.setsInitialValues = state.rules.takeInitialValuesRequest()
            state.rules.beginPass()
        }
        state.rules.isSettingInitialValues = pass.setsInitialValues
        defer { state.rules.isSettingInitialValues = false }
        for slot in state.rules.placeNewSlots(of: state.fields) {
            state.refreshRuleFlags(at: slot, into: &changes)
        }
        RowStage.follow(&state, &changes)
        buffers.level.empty()
        buffers.outputs.empty()
        buffers.reads.empty()
        if state.rules.needsDiscovery {
            for rule in state.rules.rules.indices where !state.rules.retired[rule] { buffers.level.append(rule) }
            buffers.rules = state.rules.rules
            let firstRun = state.rules.reads.begin(ruleCount: state.rules.rules.count)
            return Plan(isDiscovery: true, generation: state.rules.generation, firstRun: firstRun, buffers: buffers)
        }
        // Most levels after the first find nothing new here: their commit scheduled what it changed.
        if pass.takenValues < changes.values.count {
            for change in changes.values[pass.takenValues...] {
                if let readers = state.graph.readers(of: change.slot, .rule) { state.rules.schedule(readers) }
                if change.origin != .calculation, let calculation = state.rules.calculation(of: change.slot) {
                    // Written by something else (a reset, the program), a calculated field takes its
                    // calculation's value again.
                    state.rules.forget(calculation)
                    state.rules.schedule(calculation)
                }
            }
        }
        if pass.takenConcealment < changes.concealment.count {
            for slot in changes.concealment[pass.takenConcealment...] {
                if let readers = state.graph.readers(of: slot, .rule) { state.rules.scheduleConcealmentReaders(readers) }
            }
        }
        pass.takenValues = changes.values.count
        pass.takenConcealment = changes.concealment.count
        state.rules.takeNextLevel(into: &buffers.level)
        // Once nothing else is due, the rules on cycles whose reads changed run, to see whether they
        // still close them.
        let isCycleCheck = buffers.level.isEmpty
        if isCycleCheck { state.rules.takeCyclicDue(into: &buffers.level) }
        guard !buffers.level.isEmpty else {
            state.rules.spareBuffers = buffers
            return nil
        }
        buffers.rules = state.rules.rules
        let firstRun = state.rules.reads.begin(ruleCount: state.rules.rules.count)
        return Plan(isDiscovery: false, isCycleCheck: isCycleCheck, generation: state.rules.generation, firstRun: firstRun, buffers: buffers)
    }

    static func run(_ plan: consuming Plan, reading source: FormValues.Source) -> Outcome {
        let (isDiscovery, isCycleCheck, generation, firstRun) = (plan.isDiscovery, plan.isCycleCheck, plan.generation, plan.firstRun)
        var buffers = (consume plan).buffers
        buffers.outputs.reserveCapacity(buffers.level.count)
        // One reader for the level, told for each rule what that rule cannot see, and which run it
        // records for: the rule's own, so that a reader a rule kept records nothing once its rule
        // has run, nor on another thread while it runs (see ``RuleReadLog``).
        var values = FormValues(source)
        // Let go of the rules before the commit, which may add some (the rows a count rule makes).
        var rules: [CompiledRule] = []
        swap(&rules, &buffers.rules)
        for rule in buffers.level {
            values.excluded = rules[rule].excluded
            values.recordingRun = firstRun &+ UInt(rule)
            source.ruleRuns(values.recordingRun)
            buffers.outputs.append(rules[rule].evaluator.evaluate(values))
        }
        source.ruleRuns(0)
        return Outcome(isDiscovery: isDiscovery, isCycleCheck: isCycleCheck, generation: generation, buffers: buffers)
    }

    static func commit(_ outcome: consuming Outcome, to state: inout EngineState, _ changes: inout ChangeSet, _ pass: inout Pass) {
        let (isDiscovery, isCycleCheck, generation) = (outcome.isDiscovery, outcome.isCycleCheck, outcome.generation)
        var buffers = (consume outcome).buffers
        state.rules.isSettingInitialValues = pass.setsInitialValues
        defer { state.rules.isSettingInitialValues = false }
        // Rules replaced while the level ran (one of them attached a definition) decide nothing now.
        if generation == state.rules.generation {
            state.rules.reads.end(level: buffers.level, slots: &buffers.slotsRead, ranges: &buffers.reads, unplaced: &buffers.unplacedKeys)
            // Keys that had no slot when read get theirs now, in the order they were read.
            if !buffers.unplacedKeys.isEmpty {
                for index in buffers.slotsRead.indices where buffers.slotsRead[index] < 0 {
                    buffers.slotsRead[index] = state.fields.slot(creating: buffers.unplacedKeys[-1 - buffers.slotsRead[index]])
                }
            }
            if isCycleCheck {
                commitCycleCheck(buffers, to: &state)
            } else {
                commit(buffers, isDiscovery: isDiscovery, to: &state, &changes)
            }
            if isDiscovery {
                state.rules.order(in: state.graph)
            }
            // What this commit changed has been scheduled here; the next plan takes in only what others change.
            pass.takenValues = changes.values.count
            pass.takenConcealment = changes.concealment.count
        }
        // Handed back as they are: the next plan empties them.
        state.rules.spareBuffers = consume buffers
    }

    /// Commits the rules of a level, with what each decided (the buffers' `outputs`) and the slots
    /// they read (the buffers' `slotsRead`, each rule's in the range of their `reads`).
    private static func commit(
        _ buffers: borrowing Buffers, isDiscovery: Bool, to state: inout EngineState, _ changes: inout ChangeSet
    ) {
        // The rules of this level whose result changes: what they decide, the level read as it was.
        state.rules.levelChanges.empty()
        if !isDiscovery {
            var changing = 0
            for index in buffers.level.indices {
                let differs = state.rules.differs(buffers.outputs[index], fromLastOf: buffers.level[index])
                state.rules.levelChanges.append(differs)
                if differs { changing += 1 }
            }
            // Each result that changes may show, hide, enable or disable a field.
            changes.reserveActivity(changing)
        }
        state.rules.didRun(buffers.level, reads: buffers.slotsRead, buffers.reads)
        for index in buffers.level.indices {
            let (rule, range) = (buffers.level[index], buffers.reads[index])
            state.graph.record(buffers.slotsRead, in: range, for: .init(.rule, rule))
            guard !isDiscovery else { continue }
            // A read of something a rule of the same height or higher decides: run again after it.
            let height = state.rules.heights[rule]
            var later: Set<Int> = []
            var needed = height
            for position in range {
                state.rules.forEachProducer(of: buffers.slotsRead[position], readBy: rule) { producer in
                    let producerHeight = state.rules.heights[producer]
                    guard producerHeight >= height else { return }
                    later.insert(producer)
                    needed = max(needed, producerHeight + 1)
                }
            }
            if !later.isEmpty {
                if let cycle = state.rules.raise(rule, to: needed, readingFrom: later, in: state.graph) {
                    state.rules.breakCycle(cycle)
                    continue
                }
                // What it read is stale only if a rule still due, or one of this level that changes,
                // decides it: then it runs again after them; otherwise its result stands.
                if later.contains(where: { state.rules.isDue($0) || changesInLevel($0, buffers.level, state.rules.levelChanges) }) {
                    state.rules.schedule(rule)
                    continue
                }
            }
            // Found to differ above, it still does: nothing this commit did since can make it the same.
            let differs = !isDiscovery && state.rules.levelChanges[index]
            state.applyRule(rule, output: buffers.outputs[index], differs: differs, into: &changes)
        }
    }

    /// Commits a level of rules on cycles run again: records what each read, and gives every rule
    /// that no longer lies on a cycle back to the graph, placed after what it reads and due to run, so
    /// that its result (and what follows from it) is carried out as any rule's. A rule still on a
    /// cycle keeps its last result.
    private static func commitCycleCheck(_ buffers: borrowing Buffers, to state: inout EngineState) {
        state.rules.didRun(buffers.level, reads: buffers.slotsRead, buffers.reads)
        for index in buffers.level.indices {
            let (rule, range) = (buffers.level[index], buffers.reads[index])
            state.graph.record(buffers.slotsRead, in: range, for: .init(.rule, rule))
        }
        let released = state.rules.recheckCycles(through: buffers.level, in: state.graph)
        for rule in released { state.rules.heights[rule] = 0 }
        for rule in released {
            var producers: Set<Int> = []
            var needed = 0
            for slot in state.rules.reads(of: rule, in: state.graph) {
                state.rules.forEachProducer(of: slot, readBy: rule) { producer in
                    producers.insert(producer)
                    needed = max(needed, state.rules.heights[producer] + 1)
                }
            }
            if let cycle = state.rules.raise(rule, to: needed, readingFrom: producers, in: state.graph) { state.rules.breakCycle(cycle) }
        }
        for rule in released where !state.rules.cyclic[rule] {
            state.rules.forget(rule)
            state.rules.schedule(rule)
        }
    }

    /// Whether `rule` is one of `level` (rules in ascending order) and its result changes, by
    /// `levelChanges`.
    private static func changesInLevel(_ rule: Int, _ level: [Int], _ levelChanges: [Bool]) -> Bool {
        var low = 0
        var high = level.count
        while low < high {
            let middle = (low + high) / 2
            if level[middle] < rule { low = middle + 1 } else { high = middle }
        }
        return low < level.count && level[low] == rule && levelChanges[low]
    }
}

extension EngineState {
    /// Stores what `rule` decided and carries it out: a calculated value written with origin
    /// ``FormChangeOrigin/calculation``, a field (or a group's fields) hidden, shown, disabled,
    /// enabled, made required or read-only; then schedules the rules that read what changed.
    ///
    /// - Parameter differs: Whether `output` is known to differ from what the rule decided last;
    ///   when `false`, the two are compared.
    mutating func applyRule(_ rule: Int, output: CompiledRule.Output, differs: Bool, into changes: inout ChangeSet) {
        let outer = rules.applying
        rules.applying = rule
        defer { rules.applying = outer }
        // The rows follow what the rule changed while it is the one applying: a statistic it feeds
        // schedules its readers after it.
        defer { RowStage.follow(&self, &changes) }
        if differs {
            rules.outputs.record(output, of: rule)
        } else {
            guard rules.store(output, of: rule) else { return }
        }
        switch rules.rules[rule].target {
        case .value(let key):
            guard case .value(var value) = output else { return }
            let slot = targetSlot(of: rule, key: key)
            // With hidden values cleared, a field the rules hide holds no value, a calculated one included.
            if rules.clearsHidden && fields.flags(at: slot).contains(.ruleHidden) { value = .absent }
            if rules.isSettingInitialValues && !fields.dirty.contains(slot) {
                setInitial(value, at: slot, into: &changes)
            }
            guard write(value, at: slot, origin: .calculation, into: &changes) else { return }
            guard let readers = graph.readers(of: slot, .rule) else { return }
            if graph.hasRead(.init(.rule, rule), slot) {
                // A calculation reading its own field sees the value it made last: it runs once more
                // to settle on a value that reads back as itself, and a second change is a cycle.
                if rules.mayRerun(rule) { rules.schedule(rule) } else { rules.breakCycle([rule]) }
            }
            readers.forEach { reader in if reader != rule { rules.schedule(reader) } }
        case .visible(let key):
            refreshRuleFlags(at: targetSlot(of: rule, key: key), deciding: .ruleHidden, into: &changes)
        case .enabled(let key):
            refreshRuleFlags(at: targetSlot(of: rule, key: key), deciding: .ruleDisabled, into: &changes)
        case .required(let key):
            refreshRuleFlags(at: targetSlot(of: rule, key: key), deciding: .ruleRequired, into: &changes)
        case .readOnly(let key):
            refreshRuleFlags(at: targetSlot(of: rule, key: key), deciding: .ruleReadOnly, into: &changes)
        case .groupVisible(let prefix):
            for slot in rules.members(ofGroupRule: rule) { refreshRuleFlags(at: slot, deciding: .ruleHidden, into: &changes) }
            // A key read with no slot has no member to tell: whoever read it reads it again.
            tracking.groupDidChange(prefix: prefix)
            if !repeats.isEmpty { rowVisibilityDidChange(prefix: prefix, hidden: rules.decided(false, by: rule), into: &changes) }
        case .groupEnabled:
            for slot in rules.members(ofGroupRule: rule) { refreshRuleFlags(at: slot, deciding: .ruleDisabled, into: &changes) }
            tracking.groupDidChange(prefix: rules.groupPrefix(ofGroupRule: rule))
        case .groupReadOnly:
            // O(the group's members): the fields under the group, at every depth, and no other.
            for slot in rules.members(ofGroupRule: rule) { refreshRuleFlags(at: slot, deciding: .ruleReadOnly, into: &changes) }
            tracking.groupDidChange(prefix: rules.groupPrefix(ofGroupRule: rule))
        case .rowCount(let key):
            guard case .value(let count) = output, let number = count.value?.base as? Int else { return }
            resizeRows(ofGroup: key, to: number, into: &changes)
        }
    }

    /// The slot `rule` decides about, found when the rule was registered; a rule taken out with its
    /// row earlier in the same commit finds it by `key`.
    private mutating func targetSlot(of rule: Int, key: String) -> Int {
        let slot = rules.targetSlots[rule]
        return slot >= 0 ? slot : fields.slot(creating: key)
    }

    /// Brings the rule flags of `slot` (hidden, disabled, required, read-only), or those of `kinds`,
    /// in line with what its rules and its groups' rules decide, scheduling the rules that read what changed.
    ///
    /// - Parameter kinds: The flags to bring in line: a rule that decided one of them changes no other.
    mutating func refreshRuleFlags(
        at slot: Int, deciding kinds: FieldFlags = [.ruleHidden, .ruleDisabled, .ruleRequired, .ruleReadOnly], into changes: inout ChangeSet
    ) {
        if kinds.contains(.ruleHidden) { refreshRuleHidden(at: slot, into: &changes) }
        if kinds.contains(.ruleDisabled) {
            setDisabled(rules.decides(.ruleDisabled, at: slot), at: slot, by: .ruleDisabled, into: &changes)
        }
        if kinds.contains(.ruleRequired) { setRequired(rules.requires(slot), at: slot, into: &changes) }
        if kinds.contains(.ruleReadOnly) { setReadOnly(rules.decides(.ruleReadOnly, at: slot), at: slot, into: &changes) }
    }

    /// Brings the rule-hidden flag of `slot` in line with what its rules and its groups' rules decide.
    private mutating func refreshRuleHidden(at slot: Int, into changes: inout ChangeSet) {
        let wasRuleHidden = fields.flags(at: slot).contains(.ruleHidden)
        let isRuleHidden = rules.decides(.ruleHidden, at: slot)
        if rules.clearsHidden, wasRuleHidden, !isRuleHidden, let calculation = rules.calculation(of: slot) {
            // Shown again, a calculated field the rules cleared takes its calculation's value again.
            rules.forget(calculation)
            rules.schedule(calculation)
        }
        if setHidden(isRuleHidden, at: slot, by: .ruleHidden, into: &changes) {
            if let readers = graph.readers(of: slot, .rule) { rules.scheduleConcealmentReaders(readers) }
            if rules.clearsHidden, !fields.flags(at: slot).isDisjoint(with: .concealed) {
                // Cleared as the definition is attached, the field starts without a value: it is not dirty.
                if rules.isSettingInitialValues && !fields.dirty.contains(slot) {
                    setInitial(.absent, at: slot, into: &changes)
                }
                if write(.absent, at: slot, origin: .calculation, into: &changes) {
                    rules.schedule(rules.valueReaders(of: slot, in: graph))
                }
            }
        }
    }
}

extension EngineState {
    /// Lifts everything the previous definition's rules decided, before another definition's rules take over.
    ///
    /// - Complexity: O(*n*) for *n* fields: attaching a definition is.
    mutating func detachRules(into changes: inout ChangeSet) {
        guard !rules.isEmpty else { return }
        for slot in 0..<fields.slotCount where !fields.flags(at: slot).isDisjoint(with: [.ruleHidden, .ruleDisabled, .ruleRequired, .ruleReadOnly]) {
            setHidden(false, at: slot, by: .ruleHidden, into: &changes)
            setDisabled(false, at: slot, by: .ruleDisabled, into: &changes)
            setReadOnly(false, at: slot, into: &changes)
            fields.setFlag(.ruleRequired, false, at: slot)
        }
    }
}
