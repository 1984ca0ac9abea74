import Foundation
@testable import FormContextXForms

/// A plain record that evaluates every bind of a form from scratch: the oracle of the live record's
/// tracked re-evaluation. Its instance is a plain tree of entries; after each change, every
/// `relevant` and `calculate` is evaluated in document order, again and again until nothing changes,
/// then `required`, `readonly` and `constraint` are read off.
///
/// It knows only what the property test needs: binds with absolute node sets, repeats added from
/// their template (or their first instance as written) and removed, values set as given.
final class ScratchRecord: XPathDataTree {
    struct Entry {
        var name: String
        var value: String
        var parent: Int?
        var children: [Int] = []
        var attributes: [Int] = []
        var isAttribute = false
        /// A repeat template: kept in its parent's children to mark where a first instance goes,
        /// never seen by a path or a dump.
        var isTemplate = false
        /// The path of names from the root, without positions: how binds find the node.
        var generic: String
        var ownRelevance = true
    }

    struct Bind {
        var type: XFormDataType
        var relevant, required, readonly, constraint, calculate: XPathExpression?
    }

    private(set) var entries: [Entry] = []
    private var documents: [String: Int] = [:]
    let primary: Int
    let binds: [String: Bind]
    /// Repeats by generic path: the element a new instance is made from.
    let prototypes: [String: XFormElement]
    let environment: XPathEnvironment

    /// Makes the record of a form as written (defaults, the instances the instance holds).
    /// - Throws: When a bind's expression does not parse.
    init(_ document: XFormDocument, repeats: Set<String>, environment: XPathEnvironment) throws {
        self.environment = environment
        var binds: [String: Bind] = [:]
        for bind in document.binds {
            func parse(_ text: String?) throws -> XPathExpression? { try text.map { try XPathExpression($0) } }
            binds[bind.nodeset.trimmingCharacters(in: .whitespaces)] = Bind(
                type: XFormDataType(bind.type), relevant: try parse(bind.relevant), required: try parse(bind.required),
                readonly: try parse(bind.readonly), constraint: try parse(bind.constraint), calculate: try parse(bind.calculate))
        }
        self.binds = binds
        var prototypes: [String: XFormElement] = [:]
        // A repeat's template, or else its first instance with its values blanked (as JavaRosa makes
        // a template of it).
        func blanked(_ element: XFormElement) -> XFormElement {
            var copy = element
            copy.content = element.children.isEmpty ? [] : element.children.map { .element(blanked($0)) }
            return copy
        }
        func collect(_ element: XFormElement, _ generic: String) {
            for child in element.children {
                let path = generic + "/" + child.name.qualified
                if repeats.contains(path), child.isTemplate || prototypes[path] == nil { prototypes[path] = child.isTemplate ? child : blanked(child) }
                collect(child, path)
            }
        }
        collect(document.primaryInstance, "/" + document.primaryInstance.name.qualified)
        self.prototypes = prototypes
        primary = 0
        entries.append(Entry(name: "", value: "", parent: nil, generic: ""))
        entries[0].children = [add(document.primaryInstance, under: 0, generic: "")]
        for instance in document.secondaryInstances {
            guard let root = instance.root else { continue }
            entries.append(Entry(name: "", value: "", parent: nil, generic: ""))
            let node = entries.count - 1
            documents[instance.id] = node
            entries[node].children = [add(root, under: node, generic: "")]
        }
    }

    @discardableResult
    private func add(_ element: XFormElement, under parent: Int, generic: String, at position: Int? = nil) -> Int {
        let path = generic + "/" + element.name.qualified
        entries.append(Entry(name: element.name.qualified, value: element.value, parent: parent, generic: path))
        let node = entries.count - 1
        for attribute in element.attributes {
            entries.append(Entry(name: attribute.name.qualified, value: attribute.value, parent: node, isAttribute: true, generic: path + "/@" + attribute.name.qualified))
            entries[node].attributes.append(entries.count - 1)
        }
        for child in element.children {
            let added = add(child, under: node, generic: path)
            entries[added].isTemplate = child.isTemplate
            entries[node].children.append(added)
        }
        if let position { entries[parent].children.insert(node, at: position) }
        return node
    }

    // MARK: XPathDataTree

    func document(_ instance: String?) -> Int? { instance.map { documents[$0] } ?? primary }
    func children(of node: Int, named name: String?) -> [Int] {
        entries[node].children.filter { !entries[$0].isTemplate && (name == nil || entries[$0].name == name) }
    }
    func attributes(of node: Int, named name: String?) -> [Int] { entries[node].attributes.filter { name == nil || entries[$0].name == name } }
    func parent(of node: Int) -> Int? { entries[node].parent }
    func name(of node: Int) -> String { entries[node].name }
    func value(of node: Int) -> String { entries[node].value }
    func isRelevant(_ node: Int) -> Bool {
        var at: Int? = node
        while let current = at {
            if !entries[current].ownRelevance { return false }
            at = entries[current].parent
        }
        return true
    }
    func dataType(of node: Int) -> XPathDataType {
        switch binds[entries[node].generic]?.type {
        case .int?, .long?, .decimal?: .number
        case .boolean?: .boolean
        case .date?, .dateTime?: .date
        default: .string
        }
    }

    // MARK: Changes

    /// The node at an instance path with `[n]` positions (a step without one is the first).
    func node(_ path: String) -> Int? {
        var node = primary
        for step in path.split(separator: "/") {
            var name = Substring(step), position = 1
            if step.hasSuffix("]"), let open = step.firstIndex(of: "[") {
                name = step[..<open]
                position = Int(step[step.index(after: open)..<step.index(before: step.endIndex)]) ?? 0
            }
            let matches = children(of: node, named: String(name))
            guard position >= 1, position <= matches.count else { return nil }
            node = matches[position - 1]
        }
        return node
    }

    func set(_ node: Int, _ text: String) { entries[node].value = text }

    /// Appends an instance of the repeat `generic` under `parent`, after its last instance, or
    /// where its template stands when it has none.
    func addRepeat(_ generic: String, under parent: Int) {
        guard let prototype = prototypes[generic] else { return }
        let name = prototype.name.qualified
        let last = entries[parent].children.lastIndex { entries[$0].name == name }
        var copy = prototype
        copy.attributes.removeAll { $0.name.localName == "template" && $0.name.namespaceURI == XFormName.javaRosa }
        add(copy, under: parent, generic: entries[parent].generic, at: last.map { $0 + 1 } ?? entries[parent].children.count)
    }

    func removeRepeat(_ node: Int) {
        guard let parent = entries[node].parent else { return }
        entries[parent].children.removeAll { $0 == node }
        entries[node].parent = nil
    }

    // MARK: Evaluation

    /// The nodes of the primary instance in document order.
    var nodes: [Int] {
        var out: [Int] = []
        func visit(_ node: Int) {
            guard !entries[node].isTemplate else { return }
            out.append(node)
            for child in entries[node].children { visit(child) }
        }
        entries[primary].children.forEach(visit)
        return out
    }

    private func truth(_ expression: XPathExpression, at node: Int) -> Bool {
        (try? expression.evaluate(in: self, context: node, environment: environment))?.boolean(in: self) ?? false
    }

    /// Evaluates every relevance and calculation in document order until none changes.
    /// - Returns: Whether they settled (within as many rounds as there are nodes, plus one).
    @discardableResult
    func settle() -> Bool {
        let order = nodes
        for _ in 0...order.count {
            var changed = false
            for node in order {
                guard let bind = binds[entries[node].generic] else { continue }
                if let relevant = bind.relevant {
                    let own = truth(relevant, at: node)
                    if own != entries[node].ownRelevance { entries[node].ownRelevance = own; changed = true }
                }
                if let calculate = bind.calculate, entries[node].children.isEmpty {
                    let result = (try? calculate.evaluate(in: self, context: node, environment: environment)).flatMap {
                        XFormValueText.text(XFormValueText.store($0, as: bind.type, in: self, environment: environment))
                    } ?? ""
                    if result != entries[node].value { entries[node].value = result; changed = true }
                }
            }
            if !changed { return true }
        }
        return false
    }

    /// Every node's state, as the live record reports it.
    func states(repeats: Set<String>) -> [XFormNodeState] {
        nodes.map { node in
            let entry = entries[node]
            let bind = binds[entry.generic]
            let siblings = entry.parent.map { children(of: $0, named: entry.name) } ?? [node]
            let step = repeats.contains(entry.generic) || siblings.count > 1 ? entry.name + "[\((siblings.firstIndex(of: node) ?? 0) + 1)]" : entry.name
            var path = "/" + step
            var at = entry.parent
            while let current = at, entries[current].parent != nil {
                let up = entries[current]
                let upSiblings = up.parent.map { children(of: $0, named: up.name) } ?? [current]
                path = "/" + (repeats.contains(up.generic) || upSiblings.count > 1 ? up.name + "[\((upSiblings.firstIndex(of: current) ?? 0) + 1)]" : up.name) + path
                at = up.parent
            }
            let value = entry.children.isEmpty && !entry.value.isEmpty ? entry.value : nil
            var readonly = false
            var up: Int? = node
            while let current = up {
                if let expression = binds[entries[current].generic]?.readonly, truth(expression, at: current) { readonly = true }
                up = entries[current].parent
            }
            return XFormNodeState(
                path: path, type: bind?.type.name, value: value, isRelevant: isRelevant(node),
                isRequired: bind?.required.map { truth($0, at: node) } ?? false, isReadonly: readonly,
                constraint: bind?.constraint.map { value == nil || truth($0, at: node) })
        }
    }
}
