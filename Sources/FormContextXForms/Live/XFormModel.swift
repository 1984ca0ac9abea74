import Foundation
import FormContextCore

/// A setvalue action, its target and expression resolved.
struct CompiledAction: Sendable {
    enum Event: Sendable, Equatable { case firstLoad, newRepeat(Int), valueChanged(Int) }
    var events: [Event]
    /// The schema node it writes.
    var target: Int
    /// The expression whose value it writes, or `nil` to write ``literal``.
    var value: XPathExpression?
    var literal: String
    var line: Int
}

/// What a select offers: its inline items, or an itemset.
struct SelectInfo: Sendable {
    var items: [(value: String, label: String, text: XFormText?)]
    var itemset: (nodeset: XPathExpression, value: XPathExpression, label: XPathExpression?, labelItext: Bool)?
}

/// Everything a live XForm needs at run time besides the engine definition: the instance's nodes
/// with their binds, the secondary instances, actions, selects and repeat counts.
final class XFormModel: Sendable {
    let nodes: [SchemaNode]
    let secondary: [SecondaryTree]
    let secondaryIndex: [String: Int]
    let choiceLabels: [Int: [String: String]]
    let selects: [Int: SelectInfo]
    let counts: [Int: XPathExpression]
    /// The nodes a body control (not a group or repeat) asks about.
    let questions: Set<Int>
    let actions: [CompiledAction]
    let environment: XPathEnvironment
    let translation: XFormTranslation?
    /// The translations and the expressions texts show.
    let texts: XFormTexts
    /// The instance as written, for the initial rows.
    let instance: XFormElement
    /// Each node's key with ``XFormKeys/relevant`` after it, and with ``XFormKeys/readonly``: a
    /// condition's key outside repeats, made once rather than on every read.
    let ownRelevantKeys: [String]
    let ownReadonlyKeys: [String]
    /// The nodes outside repeats by path (`/data/age`), for a path with no position to resolve.
    let pathsOutsideRepeats: [String: Int]
    /// The indices in ``actions`` of each node's `xforms-value-changed` actions, in document order.
    let valueChangedActions: [Int: [Int]]

    init(
        nodes: [SchemaNode], secondary: [SecondaryTree], choiceLabels: [Int: [String: String]], selects: [Int: SelectInfo],
        counts: [Int: XPathExpression], questions: Set<Int>, actions: [CompiledAction], environment: XPathEnvironment, translation: XFormTranslation?,
        texts: XFormTexts, instance: XFormElement
    ) {
        self.nodes = nodes
        self.secondary = secondary
        var index: [String: Int] = [:]
        for (at, tree) in secondary.enumerated() where index[tree.id] == nil { index[tree.id] = at }
        self.secondaryIndex = index
        self.choiceLabels = choiceLabels
        self.selects = selects
        self.counts = counts
        self.questions = questions
        self.actions = actions
        self.environment = environment
        self.translation = translation
        self.texts = texts
        self.instance = instance
        self.ownRelevantKeys = nodes.map { $0.key + XFormKeys.relevant }
        self.ownReadonlyKeys = nodes.map { $0.key + XFormKeys.readonly }
        var paths: [String: Int] = [:]
        for (index, node) in nodes.enumerated() where node.rowDepth == 0 && paths[node.path] == nil { paths[node.path] = index }
        self.pathsOutsideRepeats = paths
        var changed: [Int: [Int]] = [:]
        for (index, action) in actions.enumerated() {
            for case .valueChanged(let node) in action.events where changed[node]?.last != index { changed[node, default: []].append(index) }
        }
        self.valueChangedActions = changed
    }

    /// The engine key prefix of the rows `rows` of the repeats in `scopes` (`hh.r1.members.r2.`).
    func prefix(_ scopes: [Int], rows: [RowID]) -> String {
        var prefix = ""
        for (depth, scope) in scopes.enumerated() where depth < rows.count {
            prefix += nodes[scope].key
            prefix += "."
            prefix += rows[depth].description
            prefix += "."
        }
        return prefix
    }

    /// The engine key of a leaf in the given rows.
    func fieldKey(_ node: Int, rows: [RowID]) -> String {
        if nodes[node].isRepeat { return prefix(nodes[node].scopes + [node], rows: rows) + XFormKeys.value }
        // Outside repeats the key is the node's own, as built: nothing to join.
        if nodes[node].scopes.isEmpty || rows.isEmpty { return nodes[node].key }
        return prefix(nodes[node].scopes, rows: rows) + nodes[node].key
    }

    /// The engine key of a repeat's order, in the rows around it.
    func groupKey(_ node: Int, rows: [RowID]) -> String {
        if nodes[node].scopes.isEmpty || rows.isEmpty { return nodes[node].key }
        return prefix(nodes[node].scopes, rows: rows) + nodes[node].key
    }

    /// The engine key of a node's own condition (`suffix` is ``XFormKeys/relevant`` or
    /// ``XFormKeys/readonly``); a repeat's is kept in each of its rows.
    func conditionKey(_ node: Int, rows: [RowID], _ suffix: String) -> String {
        if nodes[node].isRepeat { return prefix(nodes[node].scopes + [node], rows: rows) + suffix }
        // Outside repeats, the key made once when the model was.
        if nodes[node].scopes.isEmpty || rows.isEmpty {
            if suffix == XFormKeys.relevant { return ownRelevantKeys[node] }
            if suffix == XFormKeys.readonly { return ownReadonlyKeys[node] }
        }
        return prefix(nodes[node].scopes, rows: rows) + nodes[node].key + suffix
    }

    /// The key of a node's condition relative to the row (or root) its rules run in.
    func relativeConditionKey(_ node: Int, _ suffix: String) -> String {
        nodes[node].isRepeat ? suffix : nodes[node].key + suffix
    }

    /// A node's path with 1-based positions on repeat steps: `/data/hh[2]/name`.
    func path(of node: Int, rows: [RowID], reader: some FormReader) -> String {
        var chain: [Int] = []
        var at: Int? = node
        while let current = at {
            chain.append(current)
            at = nodes[current].parent
        }
        var path = ""
        for current in chain.reversed() {
            path += "/" + nodes[current].name
            if nodes[current].isRepeat {
                let depth = nodes[current].rowDepth
                let order = reader[groupKey(current, rows: Array(rows.prefix(depth - 1)))]?.base as? RowOrder ?? RowOrder()
                let position = (order.firstIndex(of: rows[depth - 1]) ?? 0) + 1
                path += "[\(position)]"
            }
        }
        return path
    }

    /// Evaluates `expression` with a node in given rows as context.
    func evaluate<Reader: FormReader>(
        _ expression: XPathExpression, at node: Int, rows: [RowID], reader: Reader
    ) -> XPathValue<LiveNode>? {
        let tree = LiveTree(model: self, reader: reader)
        return try? expression.evaluate(in: tree, context: .primary(node, Array(rows.prefix(nodes[node].rowDepth))), environment: environment)
    }

    /// Evaluates `expression` as a truth value; `false` when it fails. With the expression's `plan`,
    /// by the plan.
    func truth<Reader: FormReader>(_ expression: XPathExpression, plan: LivePlan? = nil, at node: Int, rows: [RowID], reader: Reader) -> Bool {
        if let plan { return LivePlanEvaluator(model: self, reader: reader).boolean(plan) }
        guard let value = evaluate(expression, at: node, rows: rows, reader: reader) else { return false }
        return value.boolean(in: LiveTree(model: self, reader: reader))
    }

    /// What `expression` stores in `node` (a calculation, a setvalue), as JavaRosa stores it.
    /// With the expression's `plan`, by the plan.
    func stored<Reader: FormReader>(_ expression: XPathExpression, plan: LivePlan? = nil, at node: Int, rows: [RowID], reader: Reader) -> AnyHashable? {
        if let plan {
            let evaluator = LivePlanEvaluator(model: self, reader: reader)
            return XFormValueText.store(evaluator.value(plan), as: nodes[node].type, in: evaluator.tree, environment: environment)
        }
        guard let value = evaluate(expression, at: node, rows: rows, reader: reader) else { return nil }
        return XFormValueText.store(value, as: nodes[node].type, in: LiveTree(model: self, reader: reader), environment: environment)
    }

    /// Whether a node in given rows is relevant (its own condition and its ancestors'), read from `reader`.
    func isRelevant(_ node: Int, rows: [RowID], reader: some FormReader) -> Bool {
        LiveTree(model: self, reader: reader).isRelevant(.primary(node, rows))
    }

    /// Whether a node in given rows is read-only (its own condition or an ancestor's).
    func isReadonly(_ node: Int, rows: [RowID], reader: some FormReader) -> Bool {
        nodes[node].readonlyChain.contains { holder in
            reader[conditionKey(holder, rows: rows, XFormKeys.readonly)]?.base as? Bool == true
        }
    }
}
