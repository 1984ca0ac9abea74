import Foundation
@testable import FormContextXForms
import TestSupport
import Testing

/// The device and the server on random corpus forms: a record filled at random through
/// `XFormRecord` (values of each node's type, choices from the form, repeat instances added and
/// removed), its submission written and checked with `XForm.check(submission:)`. The check must
/// accept what the device wrote (no finding but the required and constraint ones the device's own
/// state shows) and see every node as the device does; a single calculated value changed must be
/// caught, naming its node. The corpus is read where it is (`OracleCorpus`): missing under `CI=true`
/// is a failure, elsewhere a skip. `FORMCONTEXT_SEED=<n>` replays one seed.
@Suite("Checking a submission: the device's submissions of random corpus forms")
struct SubmissionCheckPropertyTests {
    /// The corpus forms JavaRosa and this engine both load, with whether any expression depends on
    /// a clock or a random source (then node states are not compared: the server's draws differ).
    static let forms: [(name: String, form: XForm, isVolatile: Bool)] = {
        guard let folder = OracleCorpus.folder else { return [] }
        return OracleCorpus.forms.compactMap { name in
            let expected = (try? String(contentsOf: folder.appendingPathComponent(name + ".expected"), encoding: .utf8)) ?? ""
            guard let first = try? OracleLine.lines(of: expected).first else { return nil }
            if case .error(_, nil) = first { return nil }
            guard let document = try? XFormDocument(contentsOf: folder.appendingPathComponent(name + ".xml")),
                let form = try? XForm(document, environment: LiveRecordEngine.environment()), (try? XFormRecord(form)) != nil
            else { return nil }
            let expressions = document.binds.flatMap { [$0.relevant, $0.required, $0.readonly, $0.constraint, $0.calculate].compactMap { $0 } }
                + document.actions.compactMap(\.value)
            let volatile = ["now(", "today(", "random(", "uuid(", "randomize("]
            return (name, form, expressions.contains { text in volatile.contains { text.contains($0) } })
        }
    }()

    static let seeds: [UInt64] = {
        if let text = ProcessInfo.processInfo.environment["FORMCONTEXT_SEED"], let seed = UInt64(text) { return [seed] }
        return Array(1...40)
    }()

    @Test("the corpus is there, and most of its forms load for the property (required under CI)")
    func corpusPresent() {
        guard OracleCorpus.folder != nil else {
            if OracleCorpus.isCI { Issue.record(Comment(rawValue: OracleCorpus.missing)) } else { print("note: \(OracleCorpus.missing); the property is skipped") }
            return
        }
        #expect(Self.forms.count >= 40)
    }

    @Test("a random record's submission is accepted, seen as the device sees it, and a tampered calculation is caught", arguments: seeds)
    func deviceAndServerAgree(seed: UInt64) throws {
        guard !Self.forms.isEmpty else { return }
        var random = SplitMix64(seed: seed)
        let (name, form, isVolatile) = Self.forms[Int(random.next() % UInt64(Self.forms.count))]
        let model = form.model
        let record = try XFormRecord(form)
        var done: [String] = []
        for _ in 0..<30 {
            let states = record.nodes
            let located = try states.map { state in (state, try record.resolve(state.path).node) }
            let roll = random.next() % 10
            if roll < 2 {
                // A new instance of a repeat the person may add to, under an instance of its parent.
                let options = located.flatMap { state, node in
                    model.nodes[node].children.filter { model.nodes[$0].isRepeat && model.counts[$0] == nil }.map { state.path + "/" + model.nodes[$0].name }
                }
                guard let path = options.randomElement(using: &random) else { continue }
                try record.addRepeat(at: path)
                done.append("add-repeat \(path)")
            } else if roll < 3 {
                let instances = located.filter { model.nodes[$0.1].isRepeat && model.counts[$0.1] == nil }.map(\.0.path)
                guard let path = instances.randomElement(using: &random) else { continue }
                try record.removeRepeat(at: path)
                done.append("remove-repeat \(path)")
            } else {
                let settable = located.filter { _, node in model.nodes[node].isLeaf && model.nodes[node].bind?.calculate == nil && node != 0 }
                guard let (state, node) = settable.randomElement(using: &random) else { continue }
                guard let values = try Self.values(for: node, at: state.path, in: record), let value = values.randomElement(using: &random) else { continue }
                try record.set(value, at: state.path)
                done.append("set \(state.path) \(value)")
            }
        }
        let context = "seed \(seed), \(name), after \(done.joined(separator: "; "))"
        let submitted = record.instance
        let xml = try form.document.submissionXML(for: submitted)
        let check = try form.check(submission: xml)

        // Accepted: no finding but the required and constraint ones the device's own state shows.
        let device = record.nodes
        let expected = device.compactMap { state -> String? in
            guard state.isRelevant, let node = try? record.resolve(state.path).node, model.questions.contains(node) else { return nil }
            if state.value == nil, state.isRequired { return "required \(state.path)" }
            if state.value != nil, state.constraint == false { return "constraint \(state.path)" }
            return nil
        }
        let found = check.findings.map { finding -> String in
            switch finding.kind {
            case .required: "required \(finding.path)"
            case .constraint: "constraint \(finding.path)"
            default: "\(finding)"
            }
        }
        #expect(found == expected, "\(context)")
        // Seen as the device sees it: relevance, required, read-only, the constraint where relevant,
        // and the values the submission holds.
        if !isVolatile, let difference = Self.firstDifference(check.nodes, device) {
            Issue.record("\(context): \(difference)")
        }

        // A single calculated value changed is caught, naming its node.
        let volatile = XFormCycles.volatileCalculations(model.nodes)
        let calculated = device.filter { state in
            guard state.isRelevant, let node = try? record.resolve(state.path).node, let calculate = model.nodes[node].bind?.calculate else { return false }
            return model.nodes[node].isLeaf && !volatile.contains(node) && !calculate.source.contains("once(")
        }
        guard let target = calculated.randomElement(using: &random), let node = try? record.resolve(target.path).node,
            let tampered = Self.otherValue(than: target.value, type: model.nodes[node].type)
        else { return }
        var changed = submitted
        guard Self.replace(in: &changed, path: target.path, root: "/" + model.nodes[0].name, with: tampered) else {
            Issue.record("\(context): \(target.path) is not in the submission")
            return
        }
        let caught = try form.check(submission: try form.document.submissionXML(for: changed))
        #expect(
            caught.findings.contains { $0.kind == .calculation && $0.path == target.path },
            "\(context), \(target.path) set to \(tampered): \(caught.findings.map(\.description))")
    }

    /// Values to set a node to: blank and some of its type; the choices for a select.
    static func values(for node: Int, at path: String, in record: XFormRecord) throws -> [String]? {
        let model = record.form.model
        let type = model.nodes[node].type
        if let select = model.selects[node] {
            let choices = select.itemset == nil ? select.items.map(\.value) : try record.choices(at: path).map(\.value)
            return LiveRecordPropertyTests.values(for: type, choices: choices)
        }
        switch type {
        case .boolean: return ["", "true", "false"]
        case .long: return ["", "0", "12", "-40000000000"]
        case .time: return ["", "13:45:00.000Z", "00:00:00.000Z"]
        case .dateTime: return ["", "2020-02-29T13:45:00.000Z"]
        case .geopoint: return ["", "-1.5 36.8 0.0 0.0"]
        default: return LiveRecordPropertyTests.values(for: type, choices: nil)
        }
    }

    /// A valid value of the type other than `value`.
    static func otherValue(than value: String?, type: XFormDataType) -> String? {
        let candidates: [String] =
            switch type {
            case .int, .long: ["7", "8"]
            case .decimal: ["7.25", "8.5"]
            case .date: ["1999-12-31", "2001-01-01"]
            case .dateTime: ["1999-12-31T00:00:00.000Z", "2001-01-01T00:00:00.000Z"]
            case .time: ["01:00:00.000Z", "02:00:00.000Z"]
            case .boolean: ["true", "false"]
            case .geopoint, .geotrace, .geoshape, .binary: []
            default: ["tampered", "other"]
            }
        return candidates.first { $0 != value }
    }

    /// Replaces the text of the element at `path` (positions on repeat steps, as node states give them).
    static func replace(in element: inout XFormElement, path: String, root: String, with text: String) -> Bool {
        guard path != root else {
            element.content = [.text(text)]
            return true
        }
        guard path.hasPrefix(root + "/") else { return false }
        let rest = path.dropFirst(root.count + 1)
        let step = rest.prefix { $0 != "/" }
        let name = step.prefix { $0 != "[" }
        let position = step.contains("[") ? Int(step.dropFirst(name.count + 1).dropLast()) ?? 1 : 1
        var seen = 0
        for index in element.content.indices {
            guard case .element(var child) = element.content[index], child.name.qualified == name || child.name.localName == name else { continue }
            seen += 1
            guard seen == position else { continue }
            let found = replace(in: &child, path: path, root: root + "/" + step, with: text)
            element.content[index] = .element(child)
            return found
        }
        return false
    }

    /// The first node whose state differs. The device's nodes that are not relevant are not sent
    /// (nor the repeat instances inside them), so only relevant nodes are compared, each side's
    /// against the other's node of the same path.
    static func firstDifference(_ server: [XFormNodeState], _ device: [XFormNodeState]) -> String? {
        let serverByPath = Dictionary(server.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        let deviceByPath = Dictionary(device.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        for node in device where node.isRelevant && serverByPath[node.path] != node {
            return "device \(node), server \(serverByPath[node.path].map(\.description) ?? "nothing")"
        }
        for node in server where node.isRelevant && deviceByPath[node.path]?.isRelevant != true {
            return "server \(node), device \(deviceByPath[node.path].map(\.description) ?? "nothing")"
        }
        return nil
    }
}
