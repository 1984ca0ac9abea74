import Foundation
@testable import FormContextXForms
import Testing
import TestSupport

/// The live record's tracked re-evaluation against evaluating every bind from scratch: random
/// corpus forms, random values set (valid for each node's type, from the form's choices for a
/// select), repeat instances added and removed; after each change, every node's value, relevance,
/// required, read-only and constraint state must equal the from-scratch record's
/// (``ScratchRecord``). `FORMCONTEXT_SEED=<n>` replays one seed.
@Suite("Live record: tracked re-evaluation against evaluating every bind from scratch")
struct LiveRecordPropertyTests {
    /// Forms the property test can run: they load (in JavaRosa, as its output says, and here), and
    /// nothing in them depends on a clock, a random source, or an action (those are the record's
    /// first state, not something to re-evaluate).
    static let eligible: [(name: String, document: XFormDocument)] = {
        guard let folder = OracleCorpus.folder else { return [] }
        return OracleCorpus.forms.compactMap { name in
            let expected = (try? String(contentsOf: folder.appendingPathComponent(name + ".expected"), encoding: .utf8)) ?? ""
            guard let first = try? OracleLine.lines(of: expected).first else { return nil }
            if case .error(_, nil) = first { return nil }
            guard let document = try? XFormDocument(contentsOf: folder.appendingPathComponent(name + ".xml")),
                (try? XForm(document, environment: LiveRecordEngine.environment())) != nil, document.actions.isEmpty
            else { return nil }
            let expressions = document.binds.flatMap { [$0.relevant, $0.required, $0.readonly, $0.constraint, $0.calculate].compactMap { $0 } }
            let unrepeatable = ["now(", "today(", "random(", "uuid(", "once(", "choice-name(", "randomize("]
            guard !expressions.contains(where: { text in unrepeatable.contains { text.contains($0) } }),
                document.binds.allSatisfy({ $0.nodeset.hasPrefix("/") && !$0.nodeset.contains("[") })
            else { return nil }
            return (name, document)
        }
    }()

    static let seeds: [UInt64] = {
        if let text = ProcessInfo.processInfo.environment["FORMCONTEXT_SEED"], let seed = UInt64(text) { return [seed] }
        return Array(1...40)
    }()

    @Test("most corpus forms are eligible (the property is not checked on a handful)")
    func enoughForms() {
        guard OracleCorpus.folder != nil else { return }
        print("forms the property test runs: \(Self.eligible.map(\.name).joined(separator: ", "))")
        #expect(Self.eligible.count >= 30)
    }

    @Test("after every random change, the live record's node states equal those evaluated from scratch", arguments: seeds)
    func matchesScratch(seed: UInt64) throws {
        guard !Self.eligible.isEmpty else { return }
        var random = SplitMix64(seed: seed)
        let (name, document) = Self.eligible[Int(random.next() % UInt64(Self.eligible.count))]
        var repeats: Set<String> = []
        var counted: Set<String> = []
        var selects: [String: [String]] = [:]
        func visit(_ controls: [XFormControl]) {
            for control in controls {
                if let ref = control.ref?.trimmingCharacters(in: .whitespaces) {
                    if control.kind == .repeat {
                        repeats.insert(ref)
                        if control.count != nil || control.noAddRemove.map({ $0 != "false()" }) == true { counted.insert(ref) }
                    }
                    if (control.kind == .select1 || control.kind == .select), control.itemset == nil { selects[ref] = control.items.map(\.value) }
                }
                visit(control.children)
            }
        }
        visit(document.body)
        let environment = LiveRecordEngine.environment()
        let record = try XFormRecord(try XForm(document, environment: environment))
        let scratch = try ScratchRecord(document, repeats: repeats, environment: environment)
        // The record's first state (defaults, preloads) is the starting point of both.
        for state in record.nodes {
            guard let node = scratch.node(state.path), scratch.entries[node].children.isEmpty,
                scratch.binds[scratch.entries[node].generic]?.calculate == nil
            else { continue }
            scratch.set(node, state.value ?? "")
        }
        var done: [String] = []
        /// Whether both records agree after the steps done; records the first difference.
        func agree(_ step: String) -> Bool {
            done.append(step)
            guard scratch.settle() else {
                Issue.record("seed \(seed), \(name): evaluating from scratch finds no fixed point after \(done.joined(separator: "; "))")
                return false
            }
            guard let mismatch = Self.firstDifference(record.nodes, scratch.states(repeats: repeats)) else { return true }
            Issue.record("seed \(seed), \(name), after \(done.joined(separator: "; ")): \(mismatch)")
            return false
        }
        guard agree("load") else { return }
        for _ in 0..<25 {
            let nodes = scratch.nodes
            let roll = random.next() % 10
            if roll < 2, let (generic, parent) = Self.pick(repeatsIn: scratch, repeats: repeats.subtracting(counted), nodes: nodes, &random) {
                let parentPath = scratch.states(repeats: repeats)[nodes.firstIndex(of: parent)!].path
                let path = parentPath + "/" + generic.split(separator: "/").last!
                scratch.addRepeat(generic, under: parent)
                _ = try record.addRepeat(at: path)
                guard agree("add-repeat \(path)") else { return }
            } else if roll < 3, let instance = nodes.filter({ repeats.subtracting(counted).contains(scratch.entries[$0].generic) }).randomElement(using: &random) {
                let path = scratch.states(repeats: repeats)[nodes.firstIndex(of: instance)!].path
                scratch.removeRepeat(instance)
                try record.removeRepeat(at: path)
                guard agree("remove-repeat \(path)") else { return }
            } else {
                let settable = nodes.filter { node in
                    let entry = scratch.entries[node]
                    guard entry.children.isEmpty, entry.parent != nil, let bind = scratch.binds[entry.generic] else { return false }
                    return bind.calculate == nil && Self.values(for: bind.type, choices: selects[entry.generic]) != nil
                }
                guard let node = settable.randomElement(using: &random) else { continue }
                let entry = scratch.entries[node]
                let value = Self.values(for: scratch.binds[entry.generic]!.type, choices: selects[entry.generic])!.randomElement(using: &random)!
                let path = scratch.states(repeats: repeats)[nodes.firstIndex(of: node)!].path
                scratch.set(node, value)
                if value.isEmpty { try record.clear(at: path) } else { try record.set(value, at: path) }
                guard agree("set \(path) \(value)") else { return }
            }
        }
    }

    /// Values valid for a type, blank among them; `nil` for types the test does not set.
    static func values(for type: XFormDataType, choices: [String]?) -> [String]? {
        if let choices, type != .select { return [""] + choices }
        return switch type {
        case .int: ["", "0", "1", "2", "5", "17", "-3", "100"]
        case .decimal: ["", "0.5", "1.5", "2.25", "-3.75", "10.0"]
        case .string, .untyped: ["", "a", "yes", "no", "1", "0", "x y"]
        case .select1: choices.map { [""] + $0 }
        case .select: choices.map { [""] + $0 + ($0.count > 1 ? [$0[0] + " " + $0[1]] : []) }
        case .date: ["", "2020-02-29", "1999-12-31"]
        default: nil
        }
    }

    /// A repeat and a parent instance to add one under.
    static func pick(repeatsIn scratch: ScratchRecord, repeats: Set<String>, nodes: [Int], _ random: inout SplitMix64) -> (String, Int)? {
        let options = nodes.flatMap { node in
            repeats.filter { generic in
                generic.hasPrefix(scratch.entries[node].generic + "/") && !generic.dropFirst(scratch.entries[node].generic.count + 1).contains("/")
            }.sorted().map { ($0, node) }
        }
        return options.randomElement(using: &random)
    }

    /// The first node whose state differs: its value, relevance, required, read-only and (where both
    /// find it relevant) constraint state. Types are not re-evaluated; the conformance run checks them.
    static func firstDifference(_ ours: [XFormNodeState], _ theirs: [XFormNodeState]) -> String? {
        guard ours.map(\.path) == theirs.map(\.path) else {
            return "nodes: live \(ours.map(\.path)), from scratch \(theirs.map(\.path))"
        }
        for (mine, other) in zip(ours, theirs) {
            let bothRelevant = mine.isRelevant && other.isRelevant
            let fields: [(String, String, String)] = [
                ("value", "\(mine.value ?? "null")", "\(other.value ?? "null")"),
                ("relevant", "\(mine.isRelevant)", "\(other.isRelevant)"), ("required", "\(mine.isRequired)", "\(other.isRequired)"),
                ("readonly", "\(mine.isReadonly)", "\(other.isReadonly)"),
                ("constraint", bothRelevant ? "\(mine.constraint.map(String.init) ?? "null")" : "-", bothRelevant ? "\(other.constraint.map(String.init) ?? "null")" : "-"),
            ]
            if let (field, live, scratch) = fields.first(where: { $0.1 != $0.2 }) {
                return "\(terminalSafe(mine.path)) \(field): live \(terminalSafe(live)), from scratch \(terminalSafe(scratch))"
            }
        }
        return nil
    }
}
