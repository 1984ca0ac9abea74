/// `indexed-repeat(field, repeat1, index1, [repeatN, indexN]…)`.
extension XPathEvaluator {
    /// The field in the repeat rows the indexes pick: the path to the field is walked from the root,
    /// and at the depth of each repeat only the row at its 1-based index is kept (index 0 picks the
    /// first row, as JavaRosa does; an index past the last row gives no node). Repeats may be given
    /// in any order.
    func indexedRepeat(_ arguments: [XPathAST], _ context: Context) throws(Failure) -> Value {
        guard let field = try absoluteNames(arguments[0], context) else {
            throw Failure("indexed-repeat(): parameter 1 must be a path to a field")
        }
        var pick: [Int: Double] = [:]
        var pair = 1
        while pair < arguments.count {
            guard let repeatNames = try absoluteNames(arguments[pair], context), repeatNames.count < field.count,
                Array(field.prefix(repeatNames.count)) == repeatNames
            else {
                throw Failure("indexed-repeat(): parameter \(pair + 1) must be a parent of the field in parameter 1")
            }
            pick[repeatNames.count] = number(try evaluate(arguments[pair + 1], context))
            pair += 2
        }
        guard let document = tree.document(nil) else { throw Failure("the form has no primary instance") }
        var nodes = [document]
        for (depth, name) in field.enumerated() {
            nodes = nodes.flatMap { tree.children(of: $0, named: name) }.filter(tree.isRelevant)
            if let index = pick[depth + 1] {
                guard !index.isNaN else { return .nodes([]) }
                let at = index < 1 ? 0 : Int(min(index, 1e9)) - 1
                nodes = at < nodes.count ? [nodes[at]] : []
            }
        }
        return .nodes(nodes)
    }

    /// The element names from the root down to where a path leads, a relative path resolved from the
    /// context node; `nil` when the argument is no path of child, `.` and `..` steps.
    private func absoluteNames(_ ast: XPathAST, _ context: Context) throws(Failure) -> [String]? {
        guard case .path(let path) = ast else { return nil }
        var names: [String] = []
        if !path.isAbsolute {
            var at: Node? = context.node
            while let node = at, tree.parent(of: node) != nil {
                names.append(tree.name(of: node))
                at = tree.parent(of: node)
            }
            names.reverse()
        }
        for step in path.steps {
            switch (step.axis, step.test) {
            case (.child, .name(let name)): names.append(name)
            case (.parent, .node):
                guard !names.isEmpty else { return nil }
                names.removeLast()
            case (.self, .node): continue
            default: return nil
            }
        }
        return names
    }
}
