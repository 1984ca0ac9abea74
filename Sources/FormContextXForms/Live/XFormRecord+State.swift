import FormContextCore

extension XFormRecord {
    /// Every node of the primary instance in document order (repeat instances in their order,
    /// templates left out), with its value and the state of its conditions, read from one snapshot
    /// of the record.
    /// - Complexity: O(*n*) in the number of nodes, plus the required and constraint expressions
    ///   evaluated for each.
    public var nodes: [XFormNodeState] {
        let snapshot = object.context
        var states: [XFormNodeState] = []
        walk(snapshot) { node, rows, path in
            states.append(state(of: node, rows: rows, path: path, in: snapshot))
            return true
        }
        return states
    }

    /// Visits the nodes in document order with their rows and paths; `body` returns whether to go
    /// inside the node.
    func walk<Reader: FormReader>(_ reader: Reader, _ body: (Int, [RowID], String) -> Bool) {
        let model = form.model
        func visit(_ node: Int, _ rows: [RowID], _ path: String) {
            guard body(node, rows, path) else { return }
            for child in model.nodes[node].children {
                let childPath = path + "/" + model.nodes[child].name
                if model.nodes[child].isRepeat {
                    let order = reader[model.groupKey(child, rows: rows)]?.base as? RowOrder ?? RowOrder()
                    for (position, id) in order.enumerated() { visit(child, rows + [id], childPath + "[\(position + 1)]") }
                } else {
                    visit(child, rows, childPath)
                }
            }
        }
        visit(0, [], "/" + model.nodes[0].name)
    }

    private func state<Reader: FormReader>(of node: Int, rows: [RowID], path: String, in reader: Reader) -> XFormNodeState {
        let model = form.model
        let schema = model.nodes[node]
        let value = schema.isLeaf ? XFormValueText.text(reader[model.fieldKey(node, rows: rows)]) : nil
        let required = schema.bind?.required.map { model.truth($0, at: node, rows: rows, reader: reader) } ?? false
        let constraint = schema.bind?.constraint.map { value == nil || model.truth($0, at: node, rows: rows, reader: reader) }
        return XFormNodeState(
            path: path, type: schema.type.name, value: value, isRelevant: model.isRelevant(node, rows: rows, reader: reader),
            isRequired: required, isReadonly: model.isReadonly(node, rows: rows, reader: reader), constraint: constraint)
    }

    /// Checks the record as JavaRosa does before it finalizes one: grows the `jr:count` repeats,
    /// then finds the first relevant question, in document order, that is required and blank or whose
    /// value breaks its constraint.
    /// - Returns: That question and why, or `nil` when the record is complete.
    public func validate() -> XFormIssue? {
        growCountedRepeats()
        let model = form.model
        let snapshot = object.context
        let language = self.language
        func message(_ text: XFormText?, _ fallback: String?, node: Int, rows: [RowID]) -> String? {
            (try? model.render(text, language: language, at: node, rows: rows, reader: snapshot)) ?? fallback
        }
        var issue: XFormIssue?
        walk(snapshot) { node, rows, path in
            guard issue == nil, model.isRelevant(node, rows: rows, reader: snapshot) else { return false }
            guard model.questions.contains(node), let bind = model.nodes[node].bind else { return true }
            let value = model.nodes[node].isLeaf ? XFormValueText.text(snapshot[model.fieldKey(node, rows: rows)]) : nil
            if value == nil, let required = bind.required, model.truth(required, at: node, rows: rows, reader: snapshot) {
                issue = XFormIssue(result: .required, path: path, message: message(bind.requiredText, bind.requiredMessage, node: node, rows: rows) ?? "is required")
            } else if value != nil, let constraint = bind.constraint, !model.truth(constraint, at: node, rows: rows, reader: snapshot) {
                issue = XFormIssue(result: .constraint, path: path, message: message(bind.constraintText, bind.constraintMessage, node: node, rows: rows) ?? "does not meet its constraint")
            }
            return issue == nil
        }
        return issue
    }

    /// The choices a select offers now: its items, or its itemset's nodes filtered against the
    /// record's current values, with labels in the record's ``language``.
    ///
    /// Showing a select whose itemset no longer offers the stored answer makes JavaRosa drop it
    /// (a `select` keeps the values still offered); `dropsStaleAnswer` does the same.
    /// - Parameters:
    ///   - path: The select's path.
    ///   - dropsStaleAnswer: Whether to clear the choices no longer offered from the stored answer.
    /// - Returns: The choices in order.
    /// - Throws: ``XFormError`` when the path names no node, or the node is no select.
    public func choices(at path: String, dropsStaleAnswer: Bool = false) throws(XFormError) -> [XFormChoice] {
        let (node, rows) = try resolve(path)
        let choices = try choices(node: node, rows: rows, path: path)
        if dropsStaleAnswer, let text = try value(at: path) {
            let offered = Set(choices.map(\.value))
            let kept = text.split(separator: " ").map(String.init).filter(offered.contains).joined(separator: " ")
            if kept != text { try set(kept, at: path) }
        }
        return choices
    }

    private func choices(node: Int, rows: [RowID], path: String) throws(XFormError) -> [XFormChoice] {
        guard form.model.selects[node] != nil else { throw XFormError(.invalidValue, "\(Quoted.value(path)) is no select") }
        return try choices(node: node, rows: rows, reader: object.context, language: language)
    }

    /// The choices of the select at `node` in given rows, labels in `language`, read from `reader`.
    func choices(node: Int, rows: [RowID], reader: FormContext, language: String?) throws(XFormError) -> [XFormChoice] {
        let model = form.model
        guard let select = model.selects[node] else { return [] }
        guard let itemset = select.itemset else {
            var choices: [XFormChoice] = []
            for item in select.items {
                let label = try model.render(item.text, language: language, at: node, rows: rows, reader: reader) ?? item.label
                choices.append(XFormChoice(value: item.value, label: label))
            }
            return choices
        }
        let tree = LiveTree(model: model, reader: reader)
        let context = LiveNode.primary(node, rows)
        let environment = model.environment
        guard case .nodes(let items) = try? itemset.nodeset.evaluate(in: tree, context: context, environment: environment) else { return [] }
        return items.map { item in
            let value = (try? itemset.value.evaluate(in: tree, context: item, environment: environment)).map { $0.string(in: tree, environment: environment) } ?? ""
            var label = (try? itemset.label?.evaluate(in: tree, context: item, environment: environment)).flatMap { $0?.string(in: tree, environment: environment) } ?? ""
            if itemset.labelItext {
                label = model.texts.plainItext(label, language: language) ?? ""
            }
            return XFormChoice(value: value, label: label)
        }
    }

    /// The record as an instance tree: the primary instance's root with its attributes, every
    /// relevant node with its value as text, repeat instances in order; nodes that are not relevant
    /// are left out, and so are templates.
    public var instance: XFormElement {
        let model = form.model
        let snapshot = object.context
        func element(_ node: Int, _ rows: [RowID]) -> XFormElement? {
            guard model.isRelevant(node, rows: rows, reader: snapshot) else { return nil }
            let schema = model.nodes[node]
            var result = XFormElement(name: schema.qualifiedName, attributes: schema.attributes)
            if schema.isLeaf {
                if let text = XFormValueText.text(snapshot[model.fieldKey(node, rows: rows)]) { result.content = [.text(text)] }
                return result
            }
            for child in schema.children {
                if model.nodes[child].isRepeat {
                    let order = snapshot[model.groupKey(child, rows: rows)]?.base as? RowOrder ?? RowOrder()
                    for id in order { if let row = element(child, rows + [id]) { result.content.append(.element(row)) } }
                } else if let inner = element(child, rows) {
                    result.content.append(.element(inner))
                }
            }
            return result
        }
        return element(0, []) ?? XFormElement(name: model.nodes[0].qualifiedName, attributes: model.nodes[0].attributes)
    }
}
