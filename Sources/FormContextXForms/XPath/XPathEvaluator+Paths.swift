/// Location paths: axes, node tests, predicates, document order.
extension XPathEvaluator {
    /// The nodes the steps select from `start`, each step's result in document order, without
    /// non-relevant nodes.
    func select(_ steps: [XPathStep], from start: [Node]) throws(Failure) -> [Node] {
        var nodes = start
        // Whether `nodes` holds no node twice: a step's result never does, nor does a single start.
        var distinct = start.count <= 1
        for step in steps {
            var next: [Node] = []
            // Distinct nodes have distinct children, attributes and selves: no duplicate to drop.
            let keepsDistinct: Bool =
                switch step.axis {
                case .child, .attribute, .self: distinct
                default: false
                }
            var seen = Set<Node>()
            for node in nodes {
                var candidates = axis(step, of: node)
                for predicate in step.predicates { candidates = try filter(candidates, by: predicate) }
                if step.axis.isReverse { candidates.reverse() }
                if keepsDistinct {
                    next.append(contentsOf: candidates)
                } else {
                    for candidate in candidates where seen.insert(candidate).inserted { next.append(candidate) }
                }
            }
            let mayInterleave: Bool =
                switch step.axis {
                case .child, .attribute, .self, .parent: false
                default: true
                }
            nodes = mayInterleave && nodes.count > 1 ? documentOrder(next) : next
            distinct = true
        }
        return nodes
    }

    /// The relevant nodes on a step's axis from `node` that pass its test, in the axis's order
    /// (nearest first on a reverse axis).
    func axis(_ step: XPathStep, of node: Node) -> [Node] {
        let raw: [Node]
        switch step.axis {
        case .child:
            if case .name(let name) = step.test { raw = tree.children(of: node, named: name) } else { raw = tree.children(of: node, named: nil) }
        case .attribute:
            if case .name(let name) = step.test { raw = tree.attributes(of: node, named: name) } else { raw = tree.attributes(of: node, named: nil) }
        case .self: raw = [node]
        case .parent: raw = tree.parent(of: node).map { [$0] } ?? []
        case .descendant: raw = descendants(of: node)
        case .descendantOrSelf: raw = [node] + descendants(of: node)
        case .ancestor, .ancestorOrSelf:
            var chain: [Node] = step.axis == .ancestorOrSelf ? [node] : []
            var at = tree.parent(of: node)
            while let parent = at {
                chain.append(parent)
                at = tree.parent(of: parent)
            }
            raw = chain
        case .followingSibling, .precedingSibling:
            guard let parent = tree.parent(of: node) else { return [] }
            let siblings = tree.children(of: parent, named: nil)
            guard let at = siblings.firstIndex(of: node) else { return [] }
            raw = step.axis == .followingSibling ? Array(siblings[(at + 1)...]) : siblings[..<at].reversed()
        }
        return raw.filter { passes(step.test, $0) && tree.isRelevant($0) }
    }

    private func passes(_ test: XPathStep.Test, _ node: Node) -> Bool {
        switch test {
        case .node, .text: return true
        case .any: return !tree.name(of: node).isEmpty
        case .name(let name): return tree.name(of: node) == name
        }
    }

    /// Every element below `node`, in document order.
    func descendants(of node: Node) -> [Node] {
        var out: [Node] = []
        var stack = tree.children(of: node, named: nil).reversed() as [Node]
        while let next = stack.popLast() {
            out.append(next)
            stack.append(contentsOf: tree.children(of: next, named: nil).reversed())
        }
        return out
    }

    /// The nodes for which the predicate holds: a number is a position (1-based, in the order given),
    /// anything else converts to a boolean.
    func filter(_ nodes: [Node], by predicate: XPathAST) throws(Failure) -> [Node] {
        var kept: [Node] = []
        for (offset, node) in nodes.enumerated() {
            let context = Context(node: node, position: offset + 1, size: nodes.count, inPredicate: true)
            let result = try evaluate(predicate, context)
            if case .number(let n) = result {
                if n == Double(offset + 1) { kept.append(node) }
            } else if boolean(result) {
                kept.append(node)
            }
        }
        return kept
    }

    func unique(_ nodes: [Node]) -> [Node] {
        var seen = Set<Node>()
        return nodes.filter { seen.insert($0).inserted }
    }

    /// The nodes sorted in document order: by the path of child positions from their document
    /// (attributes before children).
    func documentOrder(_ nodes: [Node]) -> [Node] {
        guard nodes.count > 1 else { return nodes }
        func key(_ node: Node) -> [Int] {
            var key: [Int] = []
            var at = node
            while let parent = tree.parent(of: at) {
                if let index = tree.children(of: parent, named: nil).firstIndex(of: at) {
                    key.append(index)
                } else {
                    key.append(-1_000_000 + (tree.attributes(of: parent, named: nil).firstIndex(of: at) ?? 0))
                }
                at = parent
            }
            return key.reversed()
        }
        return nodes.map { ($0, key($0)) }.sorted { $0.1.lexicographicallyPrecedes($1.1) }.map(\.0)
    }
}
