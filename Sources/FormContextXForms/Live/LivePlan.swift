import FormContextCore

/// An expression resolved against a form's nodes once, when the form is made, for the shapes binds
/// use most: absolute paths without predicates to leaves outside repeats (`/data/age`), numbers,
/// text, arithmetic, comparisons, `and`/`or`, and `sum()` of a field of a repeat at the top level.
///
/// Evaluating a plan reads the same values and relevance conditions, through the same reader, as
/// evaluating the expression does, and gives the same result; it only skips the per-evaluation
/// path walking (a node array per step, a name looked up per step) and, for a number node holding
/// an `Int`, the value's trip through text. An expression with any other part has no plan and is
/// evaluated as written.
indirect enum LivePlan: Sendable {
    /// A leaf outside repeats, by schema index.
    case node(Int)
    case number(Double)
    case literal(String)
    case negate(LivePlan)
    case binary(XPathOperator, LivePlan, LivePlan)
    /// `sum()` of a leaf (`field`) whose only repeat is `group`, a repeat outside any other.
    case sum(group: Int, field: Int)

    /// The plan of `ast` over `model`'s nodes, or `nil` when a part of it has none.
    static func make(_ ast: XPathAST, model: XFormModel) -> LivePlan? {
        switch ast {
        case .literal(let text): return .literal(text)
        case .number(let number): return .number(number)
        case .negate(let operand): return make(operand, model: model).map(LivePlan.negate)
        case .binary(let op, let left, let right):
            guard op != .union, let left = make(left, model: model), let right = make(right, model: model) else { return nil }
            return .binary(op, left, right)
        case .path(let path):
            guard let node = resolve(path, model: model), model.nodes[node].rowDepth == 0 else { return nil }
            return .node(node)
        case .call(.sum, let arguments):
            guard arguments.count == 1, case .path(let path) = arguments[0], let field = resolve(path, model: model) else { return nil }
            let schema = model.nodes[field]
            guard schema.scopes.count == 1, !schema.isRepeat, model.nodes[schema.scopes[0]].scopes.isEmpty else { return nil }
            return .sum(group: schema.scopes[0], field: field)
        default: return nil
        }
    }

    /// The leaf an absolute path of child steps by name, without predicates, names.
    private static func resolve(_ path: XPathLocationPath, model: XFormModel) -> Int? {
        guard path.isAbsolute, !path.steps.isEmpty else { return nil }
        var text = ""
        var at: Int?
        for step in path.steps {
            guard step.axis == .child, step.predicates.isEmpty, case .name(let name) = step.test else { return nil }
            if let parent = at {
                guard let children = model.nodes[parent].childrenNamed[name], children.count == 1 else { return nil }
                at = children[0]
            } else {
                guard model.nodes.first?.name == name else { return nil }
                at = 0
            }
            text += "/" + name
        }
        guard let node = at, model.nodes[node].isLeaf, model.nodes[node].path == text else { return nil }
        return node
    }
}

/// Evaluates plans over a live tree.
struct LivePlanEvaluator<Reader: FormReader> {
    let tree: LiveTree<Reader>
    let conversions: XPathConversions<LiveTree<Reader>>

    init(model: XFormModel, reader: Reader) {
        tree = LiveTree(model: model, reader: reader)
        conversions = XPathConversions(tree: tree, environment: model.environment)
    }

    typealias Value = XPathValue<LiveNode>

    /// The plan's value, as the expression's evaluation gives it.
    func value(_ plan: LivePlan) -> Value {
        switch plan {
        case .node(let node): return tree.isRelevant(.primary(node, [])) ? .nodes([.primary(node, [])]) : .nodes([])
        case .number(let number): return .number(number)
        case .literal(let text): return .string(text)
        case .negate(let operand): return .number(-number(operand))
        case .binary(let op, let left, let right):
            switch op {
            case .or: return .boolean(boolean(left) || boolean(right))
            case .and: return .boolean(boolean(left) && boolean(right))
            case .plus, .minus, .times, .div, .mod:
                return .number(op.arithmetic(number(left), number(right)))
            default:
                // One atom a side: a node reads as its typed value, or empty text when not relevant.
                return .boolean(conversions.compare(op, atom(left), atom(right)))
            }
        case .sum(let group, let field): return .number(sum(group, field))
        }
    }

    /// The plan's value as a number.
    func number(_ plan: LivePlan) -> Double {
        switch plan {
        case .node(let node): return tree.isRelevant(.primary(node, [])) ? conversions.number(typed(node)) : .nan
        case .number(let number): return number
        default: return conversions.number(value(plan))
        }
    }

    /// The plan's value as a boolean.
    func boolean(_ plan: LivePlan) -> Bool {
        switch plan {
        case .node(let node): return tree.isRelevant(.primary(node, [])) && conversions.boolean(typed(node))
        default: return conversions.boolean(value(plan))
        }
    }

    /// The one value a comparison compares on the plan's side.
    private func atom(_ plan: LivePlan) -> Value {
        guard case .node(let node) = plan else { return value(plan) }
        return tree.isRelevant(.primary(node, [])) ? typed(node) : .string("")
    }

    /// A leaf's typed value outside repeats: a number node holding an `Int` as that number, with no
    /// trip through its text (which would parse back to the same number).
    private func typed(_ node: Int) -> Value {
        if tree.model.nodes[node].readType == .number, let int = tree.reader[tree.model.nodes[node].key]?.base as? Int {
            return .number(Double(int))
        }
        return conversions.typed(.primary(node, []))
    }

    /// `sum()` of a field of a top-level repeat: each relevant row's value, blanks and text that is no
    /// number skipped.
    private func sum(_ group: Int, _ field: Int) -> Double {
        let model = tree.model
        guard let order = tree.reader[model.nodes[group].key]?.base as? RowOrder else { return 0 }
        let isNumber = model.nodes[field].readType == .number
        let chain = model.nodes[field].relevanceChain
        let groupKey = model.nodes[group].key
        let fieldKey = model.nodes[field].key
        var total = 0.0
        for id in order {
            if !chain.isEmpty, !tree.isRelevant(.primary(field, [id])) { continue }
            let key = groupKey + "." + id.description + "." + fieldKey
            let number: Double
            if isNumber, let int = tree.reader[key]?.base as? Int {
                number = Double(int)
            } else {
                number = conversions.number(conversions.typed(.primary(field, [id])))
            }
            if !number.isNaN { total += number }
        }
        return total
    }
}
