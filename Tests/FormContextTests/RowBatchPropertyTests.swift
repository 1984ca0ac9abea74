@testable import FormContextCore
import Foundation
import Synchronization
import TestSupport
import Testing

/// Random batches of row operations (inserting, appending, removing, swapping, moving, replacing
/// and resetting rows) at random depths of households → members → visits, against a
/// plain nested-array oracle: after every mutation the form holds exactly the values, orders and
/// summaries the oracle gives (no key more, no key less), its submission's JSON and its draft
/// read back to the same values, its invariant checker finds nothing wrong, a refused operation
/// changes nothing, and each live screen (one per depth) shows the
/// oracle's rows, reached by applying the diffs it delivered, at most one per mutation.
///
/// A failure names its seed and step; run one seed alone with
/// `FORMCONTEXT_SEED=<seed> swift test --filter RowBatchPropertyTests`.
@Suite("Batch row operations against a nested-array oracle")
struct RowBatchPropertyTests {
    static let seeds: [UInt64] = {
        var seeds: [UInt64] = [1, 2, 3, 5, 8, 13, 42, 0x5EED, 20_261_126, .max]
        if let extra = ProcessInfo.processInfo.environment["FORMCONTEXT_SEED"].flatMap(UInt64.init) { seeds.append(extra) }
        return seeds
    }()
    /// The groups' names by depth, and what each level keeps.
    static let names = ["households", "members", "visits"]
    static let minimums = [0, 0, 1]
    static let maximums: [Int?] = [nil, 4, nil]
    static let label = FormKey<String>("label")

    static func definition() throws -> FormDefinition {
        let visits = RepeatGroup(names[2], minimum: minimums[2], fields: [FieldDefinition(label)])
            .summary(FormKey<Int>("visitCount"), .count)
        let members = RepeatGroup(names[1], minimum: minimums[1], maximum: maximums[1], fields: [FieldDefinition(label), FieldDefinition(visits)])
            .summary(FormKey<Int>("homeVisits"), .sum(FormKey<Int>("visitCount")))
        let households = RepeatGroup(names[0], fields: [FieldDefinition(label), FieldDefinition(members)])
            .summary(FormKey<Int>("homeCount"), .count)
            .summary(FormKey<Int>("allVisits"), .sum(FormKey<Int>("homeVisits")))
        return try FormDefinition([FieldDefinition(households)])
    }

    // MARK: The oracle

    struct Row {
        let id: RowID
        var label: String?
        var inner: Group?
    }

    struct Group {
        var next = 1
        var rows: [Row] = []

        /// New rows made from `values` at `level`, numbered from ``next``; an inner group given no
        /// rows gets its minimum.
        mutating func make(_ values: [FormContext], level: Int) -> [Row] {
            values.map { values in
                let id = RowID(next)
                next += 1
                var inner: Group?
                if level < 2 {
                    var group = Group()
                    let given = values[RowBatchPropertyTests.names[level + 1]]?.base as? [FormContext]
                        ?? Array(repeating: FormContext(), count: RowBatchPropertyTests.minimums[level + 1])
                    group.rows = group.make(given, level: level + 1)
                    inner = group
                }
                return Row(id: id, label: values[RowBatchPropertyTests.label], inner: inner)
            }
        }

        /// The visits counted in `level`'s rows, for the summaries.
        func visits(level: Int) -> Int {
            level == 2 ? rows.count : rows.reduce(0) { $0 + ($1.inner?.visits(level: level + 1) ?? 0) }
        }

        /// The form's values this group gives under `key`.
        func values(key: String, level: Int, into out: inout [String: AnyHashable]) {
            out[key] = RowOrder(rows.map(\.id))
            for row in rows {
                let scope = row.id.scope(in: key)
                if let label = row.label { out[scope.key("label")] = label }
                guard let inner = row.inner else { continue }
                inner.values(key: scope.key(RowBatchPropertyTests.names[level + 1]), level: level + 1, into: &out)
                out[scope.key(level == 0 ? "homeVisits" : "visitCount")] = inner.visits(level: level + 1)
            }
        }

        /// The group at `path` (positions of rows, one a level, below this group).
        subscript(path: ArraySlice<Int>) -> Group {
            get { path.isEmpty ? self : rows[path.first!].inner![path.dropFirst()] }
            set {
                if path.isEmpty { self = newValue } else { rows[path.first!].inner![path.dropFirst()] = newValue }
            }
        }

        /// Every group at and below this one: its path and key.
        func all(key: String, level: Int, path: [Int] = []) -> [(path: [Int], key: String, level: Int)] {
            var found = [(path, key, level)]
            guard level < 2 else { return found }
            for (position, row) in rows.enumerated() {
                found += row.inner!.all(key: row.id.scope(in: key).key(RowBatchPropertyTests.names[level + 1]), level: level + 1, path: path + [position])
            }
            return found
        }
    }

    /// What `reset(_:)` of a group's key restores: each group of the initial form by its key, and the ids each
    /// group has given so far (a group's ids outlast its row, so a row that comes back goes on
    /// from the ids its groups had given).
    struct Resets {
        let initial: [String: Group]
        var given: [String: Int] = [:]

        init(_ top: Group) {
            var initial: [String: Group] = [:]
            for (path, key, _) in top.all(key: RowBatchPropertyTests.names[0], level: 0) { initial[key] = top[path[...]] }
            self.initial = initial
            note(top)
        }

        /// Notes the ids every group of `top` has given.
        mutating func note(_ top: Group) {
            for (path, key, _) in top.all(key: RowBatchPropertyTests.names[0], level: 0) {
                given[key] = Swift.max(given[key] ?? 1, top[path[...]].next)
            }
        }

        /// The initial group of `key` with everything inside it, each group numbering on from the ids
        /// it has given; `nil` for a group the initial form did not have.
        func restored(_ key: String, level: Int) -> Group? {
            guard var group = initial[key] else { return nil }
            renumber(&group, key: key, level: level)
            return group
        }

        private func renumber(_ group: inout Group, key: String, level: Int) {
            group.next = Swift.max(group.next, given[key] ?? 1)
            guard level < 2 else { return }
            for index in group.rows.indices {
                let inner = group.rows[index].id.scope(in: key).key(RowBatchPropertyTests.names[level + 1])
                renumber(&group.rows[index].inner!, key: inner, level: level + 1)
            }
        }
    }

    static func expected(_ top: Group) -> [String: AnyHashable] {
        var out: [String: AnyHashable] = [:]
        top.values(key: names[0], level: 0, into: &out)
        out["homeCount"] = top.rows.count
        out["allVisits"] = top.visits(level: 0)
        return out
    }

    // MARK: Random operations

    static func randomValues(level: Int, _ random: inout SplitMix64) -> FormContext {
        var values = FormContext()
        if Bool.random(using: &random) { values.set("l\(Int.random(in: 0..<3, using: &random))", for: label.name) }
        if level < 2, Int.random(in: 0..<3, using: &random) != 0 {
            let count = Int.random(in: 0...(level == 0 ? 5 : 3), using: &random)
            values.set((0..<count).map { _ in randomValues(level: level + 1, &random) }, for: names[level + 1])
        }
        return values
    }

    /// The error inserting `rows` into `group` (at `level`, keyed `key`) meets first, if any.
    static func refusal(inserting rows: [FormContext], into group: Group, key: String, level: Int) -> RepeatGroupError? {
        if let maximum = maximums[level], group.rows.count + rows.count > maximum { return .tooManyRows(group: key, maximum: maximum) }
        guard level < 2 else { return nil }
        for (offset, row) in rows.enumerated() {
            guard let inner = row[names[level + 1]]?.base as? [FormContext] else { continue }
            let innerKey = RowID(group.next + offset).scope(in: key).key(names[level + 1])
            if let refused = refusal(inserting: inner, into: Group(), key: innerKey, level: level + 1) { return refused }
        }
        return nil
    }

    /// One random operation on `form` and `oracle` alike, at a random depth; a refusal the oracle
    /// predicts is checked, and leaves both as they were.
    static func randomStep(
        _ form: FormContextObject, _ oracle: inout Group, _ resets: Resets, _ random: inout SplitMix64, large: Bool, context: String
    ) throws {
        let groups = oracle.all(key: names[0], level: 0)
        // The groups the screens show come up more often.
        let shown = groups.filter { $0.key.split(separator: ".").dropFirst().allSatisfy { $0 == "r1" || names.contains(String($0)) } }
        let target = Bool.random(using: &random) ? shown[Int.random(in: 0..<shown.count, using: &random)] : groups[Int.random(in: 0..<groups.count, using: &random)]
        let (path, key, level) = target
        var group = oracle[path[...]]
        let ids = group.rows.map(\.id)
        let unknown = RowID(group.next + 7)
        switch Int.random(in: 0..<14, using: &random) {
        case 0, 1, 2:
            let count = large && Bool.random(using: &random) ? Int.random(in: 0...600, using: &random) : Int.random(in: 0...3, using: &random)
            let rows = (0..<count).map { _ in randomValues(level: level, &random) }
            let position = Int.random(in: -1...(ids.count + 1), using: &random)
            if let refused = refusal(inserting: rows, into: group, key: key, level: level) {
                #expect(throws: refused, "\(context)") { try form.insertRows(into: key, at: position, rows) }
                return
            }
            let made = group.make(rows, level: level)
            group.rows.insert(contentsOf: made, at: Swift.min(Swift.max(position, 0), ids.count))
            #expect(try form.insertRows(into: key, at: position, rows) == made.map(\.id), "\(context)")
        case 3:
            let values = randomValues(level: level, &random)
            if let refused = refusal(inserting: [values], into: group, key: key, level: level) {
                #expect(throws: refused, "\(context)") { try form.appendRow(to: key, values) }
                return
            }
            let made = group.make([values], level: level)
            group.rows += made
            #expect(try form.appendRow(to: key, values) == made[0].id, "\(context)")
        case 4, 5, 6:
            var chosen = ids.filter { _ in Int.random(in: 0..<3, using: &random) == 0 }
            if large, Bool.random(using: &random) { chosen = ids.filter { _ in Bool.random(using: &random) } }
            if let first = chosen.first, Bool.random(using: &random) { chosen.append(first) }
            if Int.random(in: 0..<6, using: &random) == 0 { chosen.insert(unknown, at: Int.random(in: 0...chosen.count, using: &random)) }
            chosen.shuffle(using: &random)
            if chosen.contains(unknown) {
                #expect(throws: RepeatGroupError.unknownRow(group: key, id: unknown), "\(context)") { try form.removeRows(chosen, from: key) }
                return
            }
            group.rows.removeAll { chosen.contains($0.id) }
            try form.removeRows(chosen, from: key)
        case 7, 8:
            guard !ids.isEmpty else { return }
            let first = ids.randomElement(using: &random)!
            let second = Int.random(in: 0..<8, using: &random) == 0 ? unknown : ids.randomElement(using: &random)!
            if second == unknown {
                #expect(throws: RepeatGroupError.unknownRow(group: key, id: unknown), "\(context)") { try form.swapRows(first, second, in: key) }
                return
            }
            group.rows.swapAt(ids.firstIndex(of: first)!, ids.firstIndex(of: second)!)
            try form.swapRows(first, second, in: key)
        case 10:
            guard let id = ids.randomElement(using: &random) else { return }
            let to = Int.random(in: -1...(ids.count + 1), using: &random)
            let row = group.rows.remove(at: ids.firstIndex(of: id)!)
            group.rows.insert(row, at: Swift.min(Swift.max(to, 0), group.rows.count))
            try form.moveRow(id, in: key, to: to)
        case 11:
            let rows = (0..<Int.random(in: 0...4, using: &random)).map { _ in randomValues(level: level, &random) }
            if let refused = refusal(inserting: rows, into: Group(next: group.next), key: key, level: level) {
                #expect(throws: refused, "\(context)") { try form.replaceRows(of: key, with: rows) }
                return
            }
            group.rows = group.make(rows, level: level)
            #expect(try form.replaceRows(of: key, with: rows) == group.rows.map(\.id), "\(context)")
        case 12:
            guard let initial = resets.restored(key, level: level) else { return }
            group = initial
            form.reset(key)
        default:
            guard let position = group.rows.indices.randomElement(using: &random) else { return }
            let text = "e\(Int.random(in: 0..<3, using: &random))"
            group.rows[position].label = text
            form.set(text, for: group.rows[position].id.scope(in: key).key(label.name))
        }
        oracle[path[...]] = group
    }

    // MARK: Screens

    /// A screen of the rows of `group`, each showing its label.
    static func screen(of group: String) -> Screen {
        Screen(group) { RepeatSection(group: group) { TextCell("Label", key: label) } }
    }

    /// A live screen with the replay of its diffs and the number of diffs it delivered.
    struct Watched {
        let layout: Screen
        let live: LiveScreen
        let replay: LayoutDiffPropertyTests.DiffReplay
        let diffs = Locked(0)
        let log = Locked([String]())
        let counting: FormSubscription

        init(_ group: String, form: FormContextObject, seed: UInt64) {
            layout = RowBatchPropertyTests.screen(of: group)
            live = LiveScreen(layout, form: form)
            replay = LayoutDiffPropertyTests.DiffReplay(live, seed: seed)
            let diffs = self.diffs
            let log = self.log
            counting = live.observe { diff in
                diffs.withLock { $0 += 1 }
                log.withLock { $0.append("\(diff)") }
            }
        }
    }

    // MARK: Tests

    @Test("after every batch the form, its summaries and each screen's replayed rows agree with the oracle", arguments: seeds)
    func batches(seed: UInt64) throws {
        try Self.check(seed: seed, steps: 120, large: false)
    }

    @Test("the same with batches of hundreds of rows, whose orders span several chunks", arguments: [UInt64(1), 2, 3])
    func largeBatches(seed: UInt64) throws {
        try Self.check(seed: seed, steps: 30, large: true)
    }

    static func check(seed: UInt64, steps: Int, large: Bool) throws {
        var random = SplitMix64(seed: seed)
        let definition = try definition()
        var oracle = Group()
        // A first household, with members and visits, for the screens of the inner groups, and
        // another: the form's initial values, which `reset(_:)` of a group's key brings back.
        let first = FormContext(["members": [randomValues(level: 1, &random), randomValues(level: 1, &random)] as [FormContext]])
        let homes = [first, randomValues(level: 0, &random)]
        oracle.rows = oracle.make(homes, level: 0)
        let start = FormContextObject(definition: definition)
        try start.insertRows(into: names[0], at: 0, homes)
        let form = FormContextObject(definition: definition, values: start.context)
        #expect(form.context.values == expected(oracle), "seed \(seed): first state")
        var resets = Resets(oracle)
        let watched = [names[0], "households.r1.members", "households.r1.members.r1.visits"].map { Watched($0, form: form, seed: seed) }
        for step in 0..<steps {
            let context = "seed \(seed) step \(step)"
            for watch in watched { watch.replay.step.withLock { $0 = step } }
            let before = watched.map { $0.diffs.withLock { $0 } }
            try randomStep(form, &oracle, resets, &random, large: large, context: context)
            resets.note(oracle)
            let values = form.context.values
            let wanted = expected(oracle)
            #expect(form.read { $0.invariantViolations() } == [], "\(context)")
            #expect(values == wanted, "\(context): \(Set(values.keys).symmetricDifference(wanted.keys).sorted().prefix(6)) \(values.filter { wanted[$0.key] != $0.value }.prefix(4))")
            if !large { try roundTrips(form, values: values, definition: definition, context: context) }
            for (watch, count) in zip(watched, before) {
                let shown = RepeatSectionPropertyTests.oracle(watch.layout, form)
                #expect(watch.live.sections.map(LayoutDiffPropertyTests.Shown.init) == shown, "\(context): screen \(watch.layout.title)")
                #expect(watch.replay.model.withLock { $0 } == shown, "\(context): replayed diffs of \(watch.layout.title)")
                #expect(watch.diffs.withLock { $0 } - count <= 1, "\(context): one mutation, \(watch.diffs.withLock { $0 } - count) diffs on \(watch.layout.title): \(watch.log.withLock { $0.suffix(3) })")
            }
        }
        for watch in watched {
            #expect(watch.replay.failures.withLock { $0 }.isEmpty, "\(watch.replay.failures.withLock { $0 }.prefix(3))")
            watch.replay.subscription.cancel()
            watch.counting.cancel()
        }
    }

    /// The nested rows carried out and back: the submission's JSON with its row ids, read with the
    /// definition, gives the form's values, and so does a new form restoring the form's draft
    /// through its JSON.
    static func roundTrips(_ form: FormContextObject, values: [String: AnyHashable], definition: FormDefinition, context: String) throws {
        let json = try FormSubmission(form.context, definition: definition).json(pretty: false, includingRowIDs: true)
        let read = try FormSubmission(json: json, definition: definition).values
        #expect(read.values == values, "\(context): JSON \(Set(read.values.keys).symmetricDifference(values.keys).sorted().prefix(6)) \(read.values.filter { values[$0.key] != $0.value }.prefix(4))")
        let draftJSON = try form.draft().json(omittingSecrets: false)
        let restored = FormContextObject(definition: definition)
        restored.restore(try FormDraft(json: draftJSON, definition: definition))
        #expect(restored.context.values == values, "\(context): draft \(Set(restored.context.values.keys).symmetricDifference(values.keys).sorted().prefix(6))")
        #expect(restored.read { $0.invariantViolations() } == [], "\(context): restored invariants")
    }
}
