/// The rules of a live form in dependency order: which rule produces each input, every rule's
/// height (its place in dependency order), the rules due to run, and the cycles found. What each
/// rule read on its last run is kept with every other derivation's reads, as the rule's node of the
/// form's ``DependencyGraph``, which the methods that follow edges are given.
///
/// A rule's height is one more than the height of every rule producing something it read, so running
/// due rules lowest height first runs each after everything it depends on: no rule ever sees a
/// half-updated form. Reads are recorded on every run, so the graph follows branch-dependent reads.
struct RuleState: Sendable {
    /// The rules of the definition, in definition order, groups last.
    var rules: [CompiledRule] = []
    var heights: [Int] = []
    /// What each rule last decided, `nil` before its first run.
    var outputs = RuleOutputs()
    /// Rules taken out because they are part of a cycle.
    var cyclic: [Bool] = []
    /// Rules taken out with the row they were made for; their places are given to new rules.
    var retired: [Bool] = []
    var freeRules: [Int] = []
    /// The slot each rule decides about (its field's, or for a row count its group's); -1 for a group rule.
    var targetSlots: [Int] = []
    /// Every cycle standing, as the labels of its rules in order, the first repeated at the end.
    private(set) var cycles: [[String]] = []
    /// The rules of each cycle in ``cycles``, in the same order.
    private(set) var cycleRules: [[Int]] = []
    /// Rules on a cycle that something they read from outside the cycle changed: they run once, at
    /// the end of the mutation's rules, so that what they read now shows whether they still close it.
    private(set) var cyclicDue: Set<Int> = []

    /// The rule whose result is being carried out, if any: the producer of whatever that changes.
    var applying: Int?
    /// The calculation producing each slot's value.
    var calculationOf = SlotMap()
    /// The field rules of each slot by what they decide.
    var visibleRuleOf = SlotMap()
    var enabledRuleOf = SlotMap()
    var requiredRuleOf = SlotMap()
    var readOnlyRuleOf = SlotMap()
    /// The groups: their scope prefix, their rules, and the slots under them.
    var groups: [Group] = []
    private(set) var groupByPrefix: [String: Int] = [:]
    /// Places of groups dropped with the rows whose rules they had, given to the next group made.
    private var freeGroups: [Int] = []
    /// The groups each slot is under, outermost first.
    var groupsOfSlot: [Int: [Int]] = [:]
    /// How many slots have had their groups worked out (a mark of ``FieldTable/madeCount``).
    private(set) var slotsPlaced = 0

    var queue = RuleQueue()
    /// Whether the rules still have to be run once to find out what they read.
    var needsDiscovery = false
    /// Self-reading calculations already run again in this mutation.
    private var rerun: Set<Int> = []
    /// What to clear hidden fields to, if anything.
    private var clearsHiddenValues = false

    /// Every rule run since the definition was attached.
    private(set) var evaluationCount = 0
    /// The rules run by the last mutation that ran any, in the order they ran, each with the range of
    /// ``lastRunReads`` holding the slots it read.
    private(set) var lastRun: [(rule: Int, reads: Range<Int>)] = []
    /// The slots read by the runs of ``lastRun``, one run after another.
    private(set) var lastRunReads: [Int] = []
    /// Whether each rule of the level being committed changes its result, in the level's order
    /// (kept between levels so that a commit allocates nothing).
    var levelChanges: [Bool] = []
    /// The buffers the next level is planned and run in (see ``RuleStage/Buffers``); `nil` while a
    /// level has them.
    var spareBuffers: RuleStage.Buffers?
    /// What the rules of the level under way read, recorded by their readers under the lock.
    var reads = RuleReadLog()
    /// How many definitions were attached before this one: a level planned for rules since replaced
    /// (a rule attached a definition while it ran) is not committed.
    private(set) var generation = 0
    /// A bit per rule, to put a large level in order.
    private var levelMarks: [UInt64] = []
    /// Whether the current settling pass has started its record of runs.
    private var isRecording = false
    /// Whether the next pass of the rule stage gives clean fields their calculations' values as
    /// initial values too (asked for once a definition is attached), and whether the pass planning or
    /// committing now does.
    private var initialValuesRequested = false
    var isSettingInitialValues = false

    struct Group: Sendable {
        let prefix: String
        var visibleRule: Int?
        var enabledRule: Int?
        var readOnlyRule: Int?
        /// The slots under the group, in the order they joined.
        var members = GroupMembers()

        /// The group's rule deciding `flag` (`.ruleHidden`, `.ruleDisabled` or `.ruleReadOnly`), if it has one.
        func rule(deciding flag: FieldFlags) -> Int? {
            switch flag {
            case .ruleHidden: visibleRule
            case .ruleDisabled: enabledRule
            default: readOnlyRule
            }
        }

        /// Whether no rule decides anything for the group.
        var hasNoRule: Bool { visibleRule == nil && enabledRule == nil && readOnlyRule == nil }
    }

    /// Whether there are rules at all.
    var isEmpty: Bool { rules.isEmpty }

    // MARK: Attaching

    /// Takes the rules of `definition`; they run once to find what they read at the next settle.
    mutating func attach(_ definition: FormDefinition?, fields: inout FieldTable) {
        let generation = self.generation &+ 1
        let reads = RuleReadLog(after: self.reads)
        self = RuleState()
        self.generation = generation
        self.reads = reads
        guard let definition else { return }
        clearsHiddenValues = definition.hiddenValues == .cleared
        guard !definition.rules.isEmpty else { return }
        rules = definition.rules
        heights = Array(repeating: 0, count: rules.count)
        outputs = RuleOutputs(count: rules.count)
        cyclic = Array(repeating: false, count: rules.count)
        retired = Array(repeating: false, count: rules.count)
        targetSlots = Array(repeating: -1, count: rules.count)
        clearsHiddenValues = definition.hiddenValues == .cleared
        // Every field of the definition has a record, so that its groups hold it from the start.
        for field in definition.fields { _ = fields.slot(creating: field.key) }
        for index in rules.indices { register(index, fields: &fields) }
        needsDiscovery = true
    }

    /// The index of the group of `prefix`, made if there is none yet.
    mutating func groupIndex(_ prefix: String) -> Int {
        if let index = groupByPrefix[prefix] { return index }
        let index = freeGroups.popLast() ?? groups.count
        if index == groups.count { groups.append(Group(prefix: prefix)) } else { groups[index] = Group(prefix: prefix) }
        groupByPrefix[prefix] = index
        return index
    }

    /// Whether `prefix` names a group of the rules (a ``FieldGroup``'s prefix, at the top level or in a row).
    ///
    /// - Complexity: O(1).
    func hasGroup(_ prefix: String) -> Bool {
        !groupByPrefix.isEmpty && groupByPrefix[prefix] != nil
    }

    /// Drops group `index`, which no rule decides for any more (the rules of its row went): its
    /// members are under it no longer, and its place goes to the next group made.
    ///
    /// - Complexity: O(*m*·*g*) for its *m* members, each under *g* groups.
    mutating func dropGroup(_ index: Int) {
        for slot in groups[index].members {
            groupsOfSlot[slot]?.removeAll { $0 == index }
            if groupsOfSlot[slot]?.isEmpty == true { groupsOfSlot[slot] = nil }
        }
        groupByPrefix[groups[index].prefix] = nil
        groups[index] = Group(prefix: "")
        freeGroups.append(index)
    }

    /// What is wrong with the groups' members, if anything: each group's must be in order, and a slot
    /// is a member of exactly the groups it is placed under.
    ///
    /// - Complexity: O(*m*·*g*) for *m* memberships, each slot under *g* groups; for tests and debug builds.
    func groupViolations() -> [String] {
        var violations: [String] = []
        for (index, group) in groups.enumerated() {
            violations += group.members.invariantViolations(prefix: group.prefix)
            for slot in group.members where groupsOfSlot[slot]?.contains(index) != true {
                violations.append("slot \(slot) is a member of group '\(group.prefix)' and not placed under it")
            }
        }
        for (slot, placed) in groupsOfSlot {
            for index in placed where !groups[index].members.contains(slot) {
                violations.append("slot \(slot) is placed under group '\(groups[index].prefix)' and not a member of it")
            }
        }
        return violations
    }

    /// The slots `rule` read on its last run.
    func reads(of rule: Int, in graph: DependencyGraph) -> [Int] {
        graph.reads(of: .init(.rule, rule))
    }

    /// The calculation of `slot`, if it has one.
    func calculation(of slot: Int) -> Int? {
        calculationOf[slot]
    }

    /// The rules of the groups of `slot` deciding `flag` (`.ruleHidden`, `.ruleDisabled` or `.ruleReadOnly`).
    func groupRules(of slot: Int, deciding flag: FieldFlags) -> [Int] {
        (groupsOfSlot[slot] ?? []).compactMap { groups[$0].rule(deciding: flag) }
    }

    /// The rule of `slot` that decides `target`'s kind, if it has one.
    func rule(of slot: Int, deciding kind: FieldFlags) -> Int? {
        switch kind {
        case .ruleHidden: visibleRuleOf[slot]
        case .ruleDisabled: enabledRuleOf[slot]
        case .ruleReadOnly: readOnlyRuleOf[slot]
        default: requiredRuleOf[slot]
        }
    }

    /// The result of a rule deciding `flag` (`.ruleHidden`, `.ruleDisabled` or `.ruleReadOnly`) that
    /// sets the flag: a visibility or enabled rule sets it when it does not hold, a read-only rule
    /// when it holds.
    static func setting(_ flag: FieldFlags) -> Bool {
        flag == .ruleReadOnly
    }

    // MARK: Groups

    /// Works out the groups of every slot made since the last call, giving each the state its groups
    /// are in. With no slot made since, it returns at once: every level of rules asks.
    ///
    /// - Returns: The new slots under a group.
    @inline(__always)
    mutating func placeNewSlots(of fields: FieldTable) -> [Int] {
        guard slotsPlaced < fields.madeCount else { return [] }
        return placeSlots(of: fields)
    }

    /// ``placeNewSlots(of:)`` for the slots made since the last call.
    private mutating func placeSlots(of fields: FieldTable) -> [Int] {
        defer { slotsPlaced = fields.madeCount }
        guard !groups.isEmpty else { return [] }
        var placed: [Int] = []
        for slot in fields.slotsMade(since: slotsPlaced) {
            let key = fields[slot].key
            var found: [Int] = []
            var index = key.startIndex
            while let dot = key[index...].firstIndex(of: ".") {
                if let group = groupByPrefix[String(key[..<dot])] { found.append(group) }
                index = key.index(after: dot)
            }
            guard !found.isEmpty else { continue }
            groupsOfSlot[slot] = found
            for group in found { groups[group].members.insert(slot) }
            placed.append(slot)
        }
        return placed
    }

    /// The rule flags (`.ruleHidden`, `.ruleDisabled`, `.ruleReadOnly`) that the groups `key` is under give a key
    /// with no slot: what a slot made for it would take. A read of such a key asks this instead of
    /// making its slot, and changes nothing.
    ///
    /// - Complexity: O(*d*) dictionary lookups for *d* dots in `key`.
    func groupFlags(ofUnslotted key: String) -> FieldFlags {
        guard !groups.isEmpty else { return [] }
        var flags: FieldFlags = []
        var index = key.startIndex
        while let dot = key[index...].firstIndex(of: ".") {
            if let group = groupByPrefix[String(key[..<dot])] {
                if let rule = groups[group].visibleRule, decided(false, by: rule) { flags.insert(.ruleHidden) }
                if let rule = groups[group].enabledRule, decided(false, by: rule) { flags.insert(.ruleDisabled) }
                if let rule = groups[group].readOnlyRule, decided(true, by: rule) { flags.insert(.ruleReadOnly) }
            }
            index = key.index(after: dot)
        }
        return flags
    }

    /// The scope prefix of the group that `rule` decides for.
    func groupPrefix(ofGroupRule rule: Int) -> String {
        rules[rule].target.key
    }

    /// The slots under the group that `rule` decides for, in the order they joined.
    func members(ofGroupRule rule: Int) -> GroupMembers {
        guard let group = groupByPrefix[rules[rule].target.key] else { return GroupMembers() }
        return groups[group].members
    }

    /// Whether the rules hide (for `.ruleHidden`), disable (for `.ruleDisabled`) or make read-only
    /// (for `.ruleReadOnly`) the field in `slot`: its own rule says so, or any of its groups' does.
    ///
    /// - Complexity: O(*g*) for the *g* groups the slot is under.
    func decides(_ flag: FieldFlags, at slot: Int) -> Bool {
        let setting = Self.setting(flag)
        if let own = rule(of: slot, deciding: flag), decided(setting, by: own) { return true }
        guard !groups.isEmpty, let groups = groupsOfSlot[slot] else { return false }
        for group in groups {
            if let rule = self.groups[group].rule(deciding: flag), decided(setting, by: rule) { return true }
        }
        return false
    }

    /// Whether the required-when rule of `slot` holds.
    func requires(_ slot: Int) -> Bool {
        guard let rule = requiredRuleOf[slot] else { return false }
        return decided(true, by: rule)
    }

    // MARK: Dependencies

    /// The rules that read something `rule` decides: the readers of a calculated value, or the
    /// calculations reading a field `rule` can hide. With hidden values cleared, a visibility rule
    /// decides its fields' values too: every reader of them, and their calculations, come after it.
    ///
    /// A rule reading what it feeds through a group's statistics (a summary of its own field, the
    /// row count of the group it sizes) is its own consumer: no run can settle it, so it is a cycle.
    /// A calculation reading its own field directly is not: it runs once more to settle.
    func consumers(of rule: Int, in graph: DependencyGraph) -> [Int] {
        var found: Set<Int> = []
        var fed: Set<Int> = []
        switch rules[rule].target {
        case .value, .rowCount:
            for slot in producedSlots(of: rule) {
                found.formUnion(graph.allReaders(of: slot, .rule))
                addReaders(ofWhatIsFedBy: slot, to: &fed, in: graph)
            }
        case .visible:
            for slot in producedSlots(of: rule) { addConsumers(ofVisibilityOf: slot, to: &found, fed: &fed, in: graph) }
        case .groupVisible:
            for slot in members(ofGroupRule: rule) { addConsumers(ofVisibilityOf: slot, to: &found, fed: &fed, in: graph) }
        case .enabled, .required, .readOnly, .groupEnabled, .groupReadOnly:
            // Whether a field can be edited changes nothing any rule reads.
            break
        }
        found.remove(rule)
        found.formUnion(fed)
        return found.sorted()
    }

    /// Adds the readers of what `slot` feeds through its group's statistics (the graph's feeds edges:
    /// a rule that decides a row's field comes before the rules reading what that field feeds).
    private func addReaders(ofWhatIsFedBy slot: Int, to found: inout Set<Int>, in graph: DependencyGraph) {
        guard graph.hasFeeds else { return }
        for target in graph.fed(by: slot) { found.formUnion(graph.allReaders(of: target, .rule)) }
    }

    /// Adds the rules that depend on whether `slot` is hidden: the calculations reading it, the
    /// readers of what it feeds (a hidden field counts in no statistic) and, with hidden values
    /// cleared, every reader of its value and its own calculation.
    private func addConsumers(ofVisibilityOf slot: Int, to found: inout Set<Int>, fed: inout Set<Int>, in graph: DependencyGraph) {
        found.formUnion(concealmentReaders(of: slot, in: graph))
        addReaders(ofWhatIsFedBy: slot, to: &fed, in: graph)
        guard clearsHiddenValues else { return }
        found.formUnion(graph.allReaders(of: slot, .rule))
        if let calculation = calculationOf[slot] { found.insert(calculation) }
    }

    /// The slots whose value or visibility `rule` decides directly.
    private func producedSlots(of rule: Int) -> [Int] {
        switch rules[rule].target {
        case .value, .visible, .rowCount: targetSlots[rule] >= 0 ? [targetSlots[rule]] : []
        default: []
        }
    }

    /// Calls `body` with each rule producing what `rule` reads from `slot`: its calculation, and, for
    /// a rule that cannot see hidden fields or when hidden values are cleared, the rules that can hide it.
    func forEachProducer(of slot: Int, readBy rule: Int, _ body: (Int) -> Void) {
        if let calculation = calculationOf[slot], calculation != rule, !cyclic[calculation] { body(calculation) }
        guard clearsHiddenValues || !rules[rule].excluded.isDisjoint(with: .concealed) else { return }
        if let visible = visibleRuleOf[slot], visible != rule, !cyclic[visible] { body(visible) }
        guard !groups.isEmpty, let groups = groupsOfSlot[slot] else { return }
        for group in groups {
            if let visible = self.groups[group].visibleRule, visible != rule, !cyclic[visible] { body(visible) }
        }
    }

    /// The rules that read the value of `slot`.
    func valueReaders(of slot: Int, in graph: DependencyGraph) -> DependencyGraph.Readers {
        graph.allReaders(of: slot, .rule)
    }

    /// The rules that cannot see hidden fields (calculations) and read `slot`: whether it is hidden
    /// decides what they read.
    func concealmentReaders(of slot: Int, in graph: DependencyGraph) -> [Int] {
        graph.allReaders(of: slot, .rule).filter(seesOnlyShown)
    }

    /// Makes due those of `readers` (the rules that read a field shown or hidden) that cannot see
    /// hidden fields.
    mutating func scheduleConcealmentReaders(_ readers: DependencyGraph.Readers) {
        readers.forEach { rule in if seesOnlyShown(rule) { schedule(rule) } }
    }

    /// Whether `rule` cannot see hidden fields: whether what it read is hidden decides what it reads.
    private func seesOnlyShown(_ rule: Int) -> Bool {
        !rules[rule].excluded.isDisjoint(with: .concealed)
    }

    // MARK: Ordering

    /// Gives every rule its height from what the rules read on the discovery run, and takes out every
    /// rule on a cycle, recording the cycle.
    ///
    /// - Complexity: O(*r* + *e*) for *r* rules and *e* dependencies, without recursion.
    mutating func order(in graph: DependencyGraph) {
        needsDiscovery = false
        let count = rules.count
        var edges = Array(repeating: [Int](), count: count)
        var incoming = Array(repeating: 0, count: count)
        for rule in 0..<count {
            for consumer in consumers(of: rule, in: graph) {
                edges[rule].append(consumer)
                incoming[consumer] += 1
            }
        }
        var ready = (0..<count).filter { incoming[$0] == 0 }
        var done = Array(repeating: false, count: count)
        var height = Array(repeating: 0, count: count)
        while let rule = ready.popLast() {
            done[rule] = true
            for consumer in edges[rule] {
                height[consumer] = max(height[consumer], height[rule] + 1)
                incoming[consumer] -= 1
                if incoming[consumer] == 0 { ready.append(consumer) }
            }
        }
        heights = height
        // What is left lies on a cycle or downstream of one: take out the rules on cycles only.
        var remaining = Set((0..<count).filter { !done[$0] })
        while let start = remaining.min() {
            guard let cycle = Self.cycle(from: start, edges: edges, within: remaining) else {
                remaining.remove(start)
                continue
            }
            for rule in cycle { cyclic[rule] = true }
            cycles.append((cycle + [cycle[0]]).map { rules[$0].target.label })
            cycleRules.append(cycle)
            remaining.subtract(cycle)
            // Rules downstream of the cycle run after it, with its rules' last values.
            for rule in remaining where !cyclic[rule] { heights[rule] = max(heights[rule], count) }
        }
        for rule in 0..<count where !cyclic[rule] && !retired[rule] { queue.push(rule, height: heights[rule]) }
    }

    /// A cycle through `start` among `nodes`, in edge order, found depth-first without recursion;
    /// `nil` when `start` lies on none.
    static func cycle(from start: Int, edges: [[Int]], within nodes: Set<Int>) -> [Int]? {
        var path = [start]
        var next = [0]
        var onPath: Set<Int> = [start]
        var visited: Set<Int> = [start]
        while let top = path.last {
            let position = next[next.count - 1]
            guard position < edges[top].count else {
                path.removeLast()
                next.removeLast()
                onPath.remove(top)
                continue
            }
            next[next.count - 1] += 1
            let node = edges[top][position]
            guard nodes.contains(node) else { continue }
            if node == start { return path }
            if visited.insert(node).inserted {
                path.append(node)
                next.append(0)
                onPath.insert(node)
            }
        }
        return nil
    }

    /// Raises the height of `rule` to `height`, and of everything downstream of it as far as needed.
    ///
    /// - Returns: The rules of a cycle, in order, if one of `producers` (which `rule` reads) turns out
    ///   to be downstream of `rule`; otherwise `nil`.
    mutating func raise(_ rule: Int, to height: Int, readingFrom producers: Set<Int>, in graph: DependencyGraph) -> [Int]? {
        heights[rule] = height
        var stack = [rule]
        var parent: [Int: Int] = [:]
        while let node = stack.popLast() {
            // A rule feeding itself is a cycle found where its result is carried out, not here.
            for consumer in consumers(of: node, in: graph) where consumer != node && !cyclic[consumer] && !retired[consumer] {
                if producers.contains(consumer) {
                    let producer = consumer
                    var cycle = [producer]
                    var step = node
                    while step != rule, let up = parent[step] {
                        cycle.append(step)
                        step = up
                    }
                    cycle.append(rule)
                    // producer → … → rule reads producer: in the order values flow.
                    return Array(cycle.reversed()).rotated(toStartWith: producer)
                }
                guard heights[consumer] <= heights[node] else { continue }
                heights[consumer] = heights[node] + 1
                parent[consumer] = node
                if queue.contains(consumer) { queue.push(consumer, height: heights[consumer]) }
                stack.append(consumer)
            }
        }
        return nil
    }

    /// Takes the rules of `cycle` out, recording the cycle.
    mutating func breakCycle(_ cycle: [Int]) {
        for rule in cycle {
            cyclic[rule] = true
            queue.remove(rule)
        }
        cycles.append((cycle + [cycle[0]]).map { rules[$0].target.label })
        cycleRules.append(cycle)
    }

    /// Takes the rules due to check their cycle, in ascending order.
    mutating func takeCyclicDue(into level: inout [Int]) {
        level.append(contentsOf: cyclicDue.filter { cyclic[$0] && !retired[$0] }.sorted())
        cyclicDue = []
    }

    /// Whether `consumer` still reads what `producer` decides: an edge of a cycle.
    private func reads(_ consumer: Int, from producer: Int, in graph: DependencyGraph) -> Bool {
        if consumer == producer {
            // A calculation reading its own field, or a rule fed by itself through a statistic.
            let slot = targetSlots[producer]
            return (slot >= 0 && graph.hasRead(.init(.rule, producer), slot)) || consumers(of: producer, in: graph).contains(producer)
        }
        return consumers(of: producer, in: graph).contains(consumer)
    }

    /// After the rules of `checked` (on cycles) ran again and recorded what they read now, drops every
    /// cycle one of them no longer closes, and gives back to the graph each rule left on no cycle.
    ///
    /// - Returns: The rules that left every cycle, to run as any rule would.
    /// - Complexity: O(*c* · *e*) for the *c* rules of the cycles through `checked` and their *e* edges.
    mutating func recheckCycles(through checked: [Int], in graph: DependencyGraph) -> [Int] {
        let checkedSet = Set(checked)
        var broken: [Int] = []
        for (index, cycle) in cycleRules.enumerated() where cycle.contains(where: checkedSet.contains) {
            let holds = cycle.indices.allSatisfy { position in
                reads(cycle[(position + 1) % cycle.count], from: cycle[position], in: graph)
            }
            if !holds { broken.append(index) }
        }
        guard !broken.isEmpty else { return [] }
        var released = Set(broken.flatMap { cycleRules[$0] })
        for index in broken.reversed() {
            cycles.remove(at: index)
            cycleRules.remove(at: index)
        }
        // A rule on another cycle that still stands stays out.
        for cycle in cycleRules { released.subtract(cycle) }
        for rule in released { cyclic[rule] = false }
        return released.sorted()
    }

    // MARK: Running

    /// Makes `rule` due, unless it is on a cycle.
    mutating func schedule(_ rule: Int) {
        guard !retired[rule] else { return }
        guard !cyclic[rule] else {
            // Something it reads changed: it may have left its cycle.
            cyclicDue.insert(rule)
            return
        }
        queue.push(rule, height: heights[rule])
    }

    /// Whether `rule` is due to run.
    func isDue(_ rule: Int) -> Bool {
        queue.contains(rule)
    }

    /// Makes every rule in `rules` due.
    mutating func schedule(_ rules: some Sequence<Int>) {
        for rule in rules { schedule(rule) }
    }

    /// Makes every rule of `readers` due.
    mutating func schedule(_ readers: DependencyGraph.Readers) {
        readers.forEach { schedule($0) }
    }

    /// Takes the due rules of the lowest height, in definition order: they depend on nothing still
    /// due, nor on each other.
    ///
    /// - Complexity: O(*k* log *q*) for *k* rules taken from a queue of *q*.
    mutating func takeNextLevel(into level: inout [Int]) {
        queue.popLowest(heights: heights, into: &level)
        guard level.count > 1 else { return }
        // A level holding a good share of the rules is put in order by marking its rules in a bitmap
        // and reading them back, which costs less than sorting it.
        guard level.count > 64, level.count * 16 > rules.count else {
            level.sort()
            return
        }
        levelMarks.removeAll(keepingCapacity: true)
        levelMarks.append(contentsOf: repeatElement(0, count: (rules.count + 63) / 64))
        for rule in level { levelMarks[rule / 64] |= 1 << UInt64(rule % 64) }
        level.removeAll(keepingCapacity: true)
        for word in levelMarks.indices {
            var bits = levelMarks[word]
            while bits != 0 {
                level.append(word * 64 + bits.trailingZeroBitCount)
                bits &= bits - 1
            }
        }
    }

    /// Asks the next pass of the rule stage to give clean fields their calculations' values as initial
    /// values too.
    mutating func requestInitialValues() {
        initialValuesRequested = true
    }

    /// Whether a pass beginning now gives initial values; the request is taken.
    mutating func takeInitialValuesRequest() -> Bool {
        defer { initialValuesRequested = false }
        return initialValuesRequested
    }

    /// Starts the record of the rules a settling pass runs.
    mutating func beginPass() {
        isRecording = false
        rerun = []
    }

    /// Counts and records the runs of a level: `level[i]` read `slots[ranges[i]]`, the ranges one
    /// after another from the start of `slots`.
    ///
    /// Once per level, not per rule: a large level's reads are appended as one slice and its runs
    /// into room made once. A small one (a keystroke's calculation) appends one at a time, which
    /// costs less than making room for a few.
    mutating func didRun(_ level: [Int], reads slots: [Int], _ ranges: [Range<Int>]) {
        if !isRecording {
            lastRun.empty()
            lastRunReads.empty()
            isRecording = true
        }
        evaluationCount += level.count
        guard let end = ranges.last?.upperBound else { return }
        let shift = lastRunReads.count
        if level.count > 16 {
            lastRunReads.append(contentsOf: slots[0..<end])
            lastRun.reserveCapacity(lastRun.count + level.count)
        } else {
            for index in 0..<end { lastRunReads.append(slots[index]) }
        }
        for index in level.indices {
            let range = ranges[index]
            lastRun.append((level[index], (range.lowerBound + shift)..<(range.upperBound + shift)))
        }
    }

    /// The rules run by the last mutation that ran any, in the order they ran, with the keys they read.
    func lastRuns(in fields: FieldTable) -> [(rule: Int, reads: [String])] {
        lastRun.map { run in (run.rule, lastRunReads[run.reads].map { fields[$0].key }) }
    }

    /// Stores what `rule` decided.
    ///
    /// - Returns: Whether it differs from what the rule decided before.
    mutating func store(_ output: CompiledRule.Output, of rule: Int) -> Bool {
        guard differs(output, fromLastOf: rule) else { return false }
        outputs.record(output, of: rule)
        return true
    }

    /// Forgets what `rule` decided, so that its next run carries out its result even if it is the same.
    mutating func forget(_ rule: Int) {
        outputs[rule] = nil
    }

    /// Whether a self-reading calculation may run again in this mutation (once), to settle on a
    /// value that reads back as itself.
    mutating func mayRerun(_ rule: Int) -> Bool {
        rerun.insert(rule).inserted
    }

    /// Whether a field that becomes hidden loses its value.
    var clearsHidden: Bool { clearsHiddenValues }
}

extension Array where Element == Int {
    /// The same cycle, starting with `first`.
    fileprivate func rotated(toStartWith first: Int) -> [Int] {
        guard let position = firstIndex(of: first) else { return self }
        return Array(self[position...] + self[..<position])
    }
}
