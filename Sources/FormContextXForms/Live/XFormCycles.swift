/// Finds loops among a form's binds before it runs, as JavaRosa does: every `calculate`,
/// `relevant`, `required` and `readonly` expression makes its node depend on every node its paths
/// name (predicates included, positions ignored), and a loop in those dependencies is an error.
///
/// One difference: a node whose expression names its own node through a repeat step with a
/// predicate (`/data/group[position() = position(current()) - 1]/a` from `a`) reads another
/// instance of itself, which is no loop; JavaRosa refuses it, its authors calling that a false
/// positive. A loop through instances that does arise is the engine's to find at run time.
enum XFormCycles {
    static func check(_ model: XFormModel) throws(XFormError) {
        let nodes = model.nodes
        var readers: [[Int]] = Array(repeating: [], count: nodes.count)
        for (target, node) in nodes.enumerated() {
            guard let bind = node.bind else { continue }
            for expression in [bind.calculate, bind.relevant, bind.required, bind.readonly].compactMap({ $0 }) {
                var found: [(node: Int, throughOtherInstance: Bool)] = []
                References(nodes: nodes, current: target).collect(expression.ast, context: [target], into: &found)
                for (source, other) in found where !(source == target && other) && !readers[source].contains(target) {
                    readers[source].append(target)
                }
            }
        }
        if let loop = firstLoop(readers) {
            let names = (loop + [loop[0]]).map { nodes[$0].path }
            throw XFormError(
                .cycle, "the binds' expressions depend on each other in a loop: " + names.map { Quoted.plain($0, limit: 80) }.joined(separator: " → "),
                line: nodes[loop[0]].bind?.line)
        }
    }

    /// The calculated nodes whose value need not come out the same twice: their `calculate` calls
    /// `now()`, `today()`, `random()`, `randomize()` or `uuid()`, or reads (through any path) a node
    /// that is one of them.
    static func volatileCalculations(_ nodes: [SchemaNode]) -> Set<Int> {
        var readers: [[Int]] = Array(repeating: [], count: nodes.count)
        var volatile: [Int] = []
        for (target, node) in nodes.enumerated() {
            guard let calculate = node.bind?.calculate else { continue }
            if callsVolatile(calculate.ast) { volatile.append(target) }
            var found: [(node: Int, throughOtherInstance: Bool)] = []
            References(nodes: nodes, current: target).collect(calculate.ast, context: [target], into: &found)
            for (source, _) in found where source != target { readers[source].append(target) }
        }
        var result = Set(volatile)
        while let node = volatile.popLast() {
            for reader in readers[node] where result.insert(reader).inserted { volatile.append(reader) }
        }
        return result
    }

    private static func callsVolatile(_ ast: XPathAST) -> Bool {
        switch ast {
        case .literal, .number: false
        case .negate(let operand): callsVolatile(operand)
        case .binary(_, let left, let right): callsVolatile(left) || callsVolatile(right)
        case .call(let function, let arguments):
            [.now, .today, .random, .randomize, .uuid].contains(function) || arguments.contains(where: callsVolatile)
        case .path(let path): path.steps.contains { $0.predicates.contains(where: callsVolatile) }
        case .filter(let primary, let predicates, let steps):
            callsVolatile(primary) || predicates.contains(where: callsVolatile) || steps.contains { $0.predicates.contains(where: callsVolatile) }
        }
    }

    /// A loop of the graph (each node followed by one that reads it), found by depth-first search.
    private static func firstLoop(_ readers: [[Int]]) -> [Int]? {
        var state = Array(repeating: 0, count: readers.count)  // 0 new, 1 on the path, 2 done
        for start in readers.indices where state[start] == 0 {
            var path: [Int] = [start]
            var next: [Int] = [0]
            state[start] = 1
            while let node = path.last {
                let at = next[next.count - 1]
                if at < readers[node].count {
                    next[next.count - 1] += 1
                    let reader = readers[node][at]
                    if state[reader] == 1, let from = path.firstIndex(of: reader) { return Array(path[from...]) }
                    if state[reader] == 0 {
                        state[reader] = 1
                        path.append(reader)
                        next.append(0)
                    }
                } else {
                    state[node] = 2
                    path.removeLast()
                    next.removeLast()
                }
            }
        }
        return nil
    }
}

/// The primary instance's nodes an expression names, each path resolved over the form's nodes
/// (every repeat once), predicates searched too.
private struct References {
    let nodes: [SchemaNode]
    let current: Int

    func collect(_ ast: XPathAST, context: [Int], into found: inout [(node: Int, throughOtherInstance: Bool)]) {
        switch ast {
        case .literal, .number: return
        case .negate(let operand): collect(operand, context: context, into: &found)
        case .binary(_, let left, let right):
            collect(left, context: context, into: &found)
            collect(right, context: context, into: &found)
        case .call(_, let arguments):
            for argument in arguments { collect(argument, context: context, into: &found) }
        case .path(let path):
            walk(path.steps, from: path.isAbsolute ? [-1] : context, predicated: false, into: &found)
        case .filter(let primary, let predicates, let steps):
            var start: [Int] = []
            if case .call(.current, _) = primary {
                start = [current]
            } else if case .call(.instance, _) = primary {
                start = []
            } else {
                collect(primary, context: context, into: &found)
            }
            for predicate in predicates { collect(predicate, context: start, into: &found) }
            walk(steps, from: start, predicated: false, into: &found)
        }
    }

    private func walk(_ steps: [XPathStep], from start: [Int], predicated: Bool, into found: inout [(node: Int, throughOtherInstance: Bool)]) {
        var current = start
        var predicated = predicated
        for step in steps {
            var next: [Int] = []
            for node in current {
                switch step.axis {
                case .child:
                    let children = node < 0 ? [0] : nodes[node].children
                    next += children.filter { matches(step.test, $0) }
                case .parent: if node >= 0 { next.append(nodes[node].parent ?? -1) }
                case .self: next.append(node)
                case .descendant, .descendantOrSelf:
                    var pending = step.axis == .descendantOrSelf ? [node] : (node < 0 ? [0] : nodes[node].children)
                    while let at = pending.popLast() {
                        if at >= 0, matches(step.test, at) { next.append(at) }
                        if at >= 0 { pending += nodes[at].children }
                    }
                default: continue
                }
            }
            if !step.predicates.isEmpty {
                for predicate in step.predicates { collect(predicate, context: next.filter { $0 >= 0 }, into: &found) }
                if next.contains(where: { $0 >= 0 && nodes[$0].isRepeat }) { predicated = true }
            }
            current = next
        }
        for node in current where node >= 0 { found.append((node, predicated)) }
    }

    private func matches(_ test: XPathStep.Test, _ node: Int) -> Bool {
        switch test {
        case .name(let name): nodes[node].name == name
        case .any, .node, .text: true
        }
    }
}
