import Foundation
import FormContextCore

/// Builds an ``XFormModel`` and its engine definition from a document.
struct XFormBuilder {
    var nodes: [SchemaNode] = []
    var pathIndex: [String: Int] = [:]
    let environment: XPathEnvironment
    var model: XFormModel!

    init(_ document: XFormDocument, environment: XPathEnvironment) throws(XFormError) {
        self.environment = environment
        // Repeats: the body's <repeat nodeset>, and any node with a jr:template.
        var repeatPaths: Set<String> = []
        Self.visit(document.body, context: "/" + document.primaryInstance.name.qualified) { control, path in
            if control.kind == .repeat, let path { repeatPaths.insert(path) }
        }
        try addNode(document.primaryInstance, parent: nil, path: "/" + document.primaryInstance.name.qualified, repeats: repeatPaths)
        let secondary = document.secondaryInstances.map { SecondaryTree(id: $0.id, root: $0.root) }
        try applyBinds(document)
        var choiceLabels: [Int: [String: String]] = [:]
        var selects: [Int: SelectInfo] = [:]
        var counts: [Int: XPathExpression] = [:]
        var questions: Set<Int> = []
        let translation = document.translations.first { $0.isDefault } ?? document.translations.first
        var problem: XFormError?
        Self.visit(document.body, context: "/" + document.primaryInstance.name.qualified) { control, path in
            guard problem == nil, let path, let node = pathIndex[path] else { return }
            if ![.group, .repeat].contains(control.kind) { questions.insert(node) }
            do throws(XFormError) {
                switch control.kind {
                case .select1, .select:
                    if nodes[node].type == .untyped || nodes[node].type == .string {
                        nodes[node].type = control.kind == .select ? .select : .select1
                    }
                    var info = SelectInfo(items: [], itemset: nil)
                    for item in control.items { info.items.append((item.value, Self.text(item.label, translation), item.label)) }
                    if let itemset = control.itemset {
                        let nodeset = try Self.parse(itemset.nodeset, "itemset nodeset", of: path, line: control.line)
                        let value = try Self.parse(itemset.value, "itemset value", of: path, line: control.line)
                        var label: XPathExpression?
                        var isItext = false
                        switch itemset.label {
                        case .reference(let source):
                            let trimmed = source.trimmingCharacters(in: .whitespaces)
                            if trimmed.hasPrefix("jr:itext("), trimmed.hasSuffix(")") {
                                label = try Self.parse(String(trimmed.dropFirst(9).dropLast()), "itemset label", of: path, line: control.line)
                                isItext = true
                            } else {
                                label = try Self.parse(source, "itemset label", of: path, line: control.line)
                            }
                        case .itext(let id):
                            label = try Self.parse("'" + id.replacingOccurrences(of: "'", with: "") + "'", "itemset label", of: path, line: control.line)
                            isItext = true
                        default: break
                        }
                        info.itemset = (nodeset, value, label, isItext)
                    }
                    selects[node] = info
                    choiceLabels[node] = Dictionary(info.items.map { ($0.value, $0.label) }, uniquingKeysWith: { first, _ in first })
                case .repeat:
                    if let count = control.count {
                        counts[node] = try Self.parse(count, "jr:count", of: path, line: control.line)
                    }
                case .upload:
                    if nodes[node].type == .untyped { nodes[node].type = .binary }
                default: break
                }
            } catch {
                problem = error
            }
        }
        if let problem { throw problem }
        computeChains()
        let actions = try compileActions(document)
        model = XFormModel(
            nodes: nodes, secondary: secondary, choiceLabels: choiceLabels, selects: selects, counts: counts, questions: questions, actions: actions,
            environment: environment, translation: translation, texts: try XFormTexts(document), instance: document.primaryInstance)
        try checkDefaults(document.primaryInstance, node: 0)
        try XFormCycles.check(model)
    }

    // MARK: The body

    /// Calls `body` for every control in document order with its ref resolved to a path without
    /// positions (`nil` when it has none).
    static func visit(_ controls: [XFormControl], context: String, _ body: (XFormControl, String?) -> Void) {
        for control in controls {
            let path = control.ref.map { resolve($0, from: context) }
            body(control, path)
            visit(control.children, context: path ?? context, body)
        }
    }

    /// A body ref as a path from the root, predicates dropped: `name` inside `/data/hh` is `/data/hh/name`.
    static func resolve(_ ref: String, from context: String) -> String {
        var text = ref.trimmingCharacters(in: .whitespaces)
        var steps: [Substring] = []
        if text.hasPrefix("/") {
            text.removeFirst()
        } else {
            steps = context.split(separator: "/")
        }
        for step in text.split(separator: "/") {
            var name = step
            if let bracket = name.firstIndex(of: "[") { name = name[..<bracket] }
            switch name {
            case ".", "": continue
            case "..": if !steps.isEmpty { steps.removeLast() }
            default: steps.append(name)
            }
        }
        return "/" + steps.joined(separator: "/")
    }

    /// A label as plain text in the default language (outputs left out).
    static func text(_ text: XFormText?, _ translation: XFormTranslation?) -> String {
        let parts: [XFormTextPart]
        switch text {
        case .inline(let inline)?: parts = inline
        case .itext(let id)?: parts = translation?.texts[id]?.parts() ?? []
        default: parts = []
        }
        return parts.reduce(into: "") { if case .text(let piece) = $1 { $0 += piece } }
    }

    // MARK: The instance

    /// Adds an element of the primary instance and, recursively, its children; a repeat's structure
    /// comes from its template, or its first instance when it has none.
    private mutating func addNode(
        _ element: XFormElement, parent: Int?, path: String, repeats: Set<String>, isRepeat: Bool = false, fromInstance: Bool = false,
        newRows: Int = 0
    ) throws(XFormError) {
        let index = nodes.count
        var node = SchemaNode(name: element.name.qualified, parent: parent)
        node.path = path
        node.qualifiedName = element.name
        node.line = element.line
        node.attributes = element.attributes.filter { $0.name.localName != "template" || $0.name.namespaceURI != XFormName.javaRosa }
        // A repeat without a template takes its first instance's structure, values cleared.
        node.defaultText = fromInstance ? "" : element.value.trimmingXPathSpace()
        node.newRows = newRows
        if let parent {
            let above = nodes[parent]
            node.scopes = above.scopes + (above.isRepeat ? [parent] : [])
            let step = XFormKeys.step(node.name)
            node.key = above.isRepeat || above.parent == nil ? step : above.key + "/" + step
        }
        node.isRepeat = parent != nil && isRepeat
        nodes.append(node)
        pathIndex[path] = index
        if let parent {
            nodes[parent].children.append(index)
            nodes[parent].childrenNamed[node.name, default: []].append(index)
        }
        // The children grouped by name in one pass, in the order each name first appears.
        let children = element.children
        var names: [String] = []
        var sameNamed: [String: [Int]] = [:]
        for (at, child) in children.enumerated() {
            let name = child.name.qualified
            if sameNamed[name] == nil { names.append(name) }
            sameNamed[name, default: []].append(at)
        }
        for name in names {
            let all = sameNamed[name] ?? []
            let childPath = path + "/" + name
            // Elements of one name side by side are instances of a repeat too (JavaRosa numbers them).
            let template = all.first { children[$0].isTemplate }
            let isRepeat = repeats.contains(childPath) || template != nil || all.count > 1
            let structure = isRepeat ? template ?? all[0] : all[0]
            try addNode(
                children[structure], parent: index, path: childPath, repeats: repeats, isRepeat: isRepeat,
                fromInstance: fromInstance || (isRepeat && template == nil),
                newRows: repeats.contains(childPath) || template != nil ? 0 : all.count)
        }
    }

    /// Applies the binds to the nodes their node sets select; later binds override earlier ones.
    private mutating func applyBinds(_ document: XFormDocument) throws(XFormError) {
        let tree = SchemaTree(nodes: nodes)
        for bind in document.binds {
            let selected = try Self.select(bind.nodeset, in: tree, what: "bind", line: bind.line)
            let where_ = "bind for " + Quoted.plain(bind.nodeset, limit: 80)
            func parse(_ source: String?, _ attribute: String) throws(XFormError) -> XPathExpression? {
                guard let source else { return nil }
                do {
                    return try XPathExpression(source)
                } catch {
                    throw XFormError(.invalidExpression, "\(where_), \(attribute): \(error.quoted)", line: bind.line)
                }
            }
            let relevant = try parse(bind.relevant, "relevant")
            let required = try parse(bind.required, "required")
            let readonly = try parse(bind.readonly, "readonly")
            let constraint = try parse(bind.constraint, "constraint")
            let calculate = try parse(bind.calculate, "calculate")
            for node in selected {
                var compiled = nodes[node].bind ?? CompiledBind()
                compiled.relevant = relevant ?? compiled.relevant
                compiled.required = required ?? compiled.required
                compiled.readonly = readonly ?? compiled.readonly
                compiled.constraint = constraint ?? compiled.constraint
                compiled.calculate = calculate ?? compiled.calculate
                compiled.constraintMessage = bind.constraintMessage.map { Self.text($0, document.translations.first { $0.isDefault } ?? document.translations.first) } ?? compiled.constraintMessage
                compiled.requiredMessage = bind.requiredMessage.map { Self.text($0, document.translations.first { $0.isDefault } ?? document.translations.first) } ?? compiled.requiredMessage
                compiled.constraintText = bind.constraintMessage ?? compiled.constraintText
                compiled.requiredText = bind.requiredMessage ?? compiled.requiredText
                compiled.preload = bind.preload ?? compiled.preload
                compiled.preloadParameters = bind.preloadParameters ?? compiled.preloadParameters
                compiled.line = bind.line
                nodes[node].bind = compiled
                if bind.type != nil { nodes[node].type = XFormDataType(bind.type) }
            }
        }
    }

    /// The schema nodes an expression selects (a bind's nodeset, an action's ref).
    static func select(_ source: String, in tree: SchemaTree, what: String, line: Int, context: Int = 0) throws(XFormError) -> [Int] {
        let expression: XPathExpression
        do {
            expression = try XPathExpression(source)
        } catch {
            throw XFormError(.invalidExpression, "\(what) nodeset: \(error.quoted)", line: line)
        }
        guard case .nodes(let selected)? = try? expression.evaluate(in: tree, context: context), !selected.isEmpty,
            selected.allSatisfy({ $0 >= 0 })
        else {
            throw XFormError(.unmatchedBind, "\(what) for \(Quoted.value(source, limit: 80)) selects no node of the primary instance", line: line)
        }
        return selected
    }

    static func parse(_ source: String, _ attribute: String, of path: String, line: Int) throws(XFormError) -> XPathExpression {
        do {
            return try XPathExpression(source)
        } catch {
            throw XFormError(.invalidExpression, "control for \(Quoted.plain(path, limit: 80)), \(attribute): \(error.quoted)", line: line)
        }
    }

    /// Each node's chain of relevance and read-only conditions, from the root down to itself.
    private mutating func computeChains() {
        for index in nodes.indices {
            var relevance: [Int] = []
            var readonly: [Int] = []
            if let parent = nodes[index].parent {
                relevance = nodes[parent].relevanceChain
                readonly = nodes[parent].readonlyChain
            }
            if nodes[index].bind?.relevant != nil { relevance.append(index) }
            if nodes[index].bind?.readonly != nil { readonly.append(index) }
            nodes[index].readType = nodes[index].type.xpathType
            if [.untyped, .string].contains(nodes[index].type), let type = nodes[index].bind?.calculate?.resultType {
                nodes[index].readType = type
            }
            nodes[index].relevanceChain = relevance
            nodes[index].readonlyChain = readonly
        }
    }

    /// Checks that every default in the instance (templates included) fits its node's type.
    private func checkDefaults(_ element: XFormElement, node: Int) throws(XFormError) {
        let schema = nodes[node]
        if schema.isLeaf {
            if case .failure(let refusal) = XFormValueText.parse(element.value.trimmingXPathSpace(), as: schema.type, timeZone: environment.timeZone) {
                throw XFormError(
                    .invalidDefault,
                    "\(Quoted.plain(schema.path, limit: 80)) has the default \(Quoted.value(element.value)), which its type \(schema.type.name ?? "string") cannot hold: \(refusal.reason)",
                    line: element.line)
            }
            return
        }
        for child in element.children {
            guard let index = schema.childrenNamed[child.name.qualified]?.first else { continue }
            try checkDefaults(child, node: index)
        }
    }

    // MARK: Actions

    private func compileActions(_ document: XFormDocument) throws(XFormError) -> [CompiledAction] {
        let tree = SchemaTree(nodes: nodes)
        let root = "/" + document.primaryInstance.name.qualified
        var compiled: [CompiledAction] = []
        for action in document.actions where action.name.localName == "setvalue" {
            let context = action.control.map { Self.resolve($0, from: root) }
            let contextNode = context.flatMap { pathIndex[$0] } ?? 0
            let targets: [Int]
            if let ref = action.ref {
                targets = try Self.select(ref, in: tree, what: "setvalue", line: action.line, context: contextNode)
            } else if let bind = action.bind, let nodeset = document.binds.first(where: { $0.id == bind })?.nodeset {
                targets = try Self.select(nodeset, in: tree, what: "setvalue", line: action.line)
            } else {
                throw XFormError(.unmatchedBind, "setvalue names the bind \(Quoted.value(action.bind ?? "")), which the form does not have", line: action.line)
            }
            var value: XPathExpression?
            if let source = action.value {
                do {
                    value = try XPathExpression(source)
                } catch {
                    throw XFormError(.invalidExpression, "setvalue for \(Quoted.plain(nodes[targets[0]].path, limit: 80)), value: \(error.quoted)", line: action.line)
                }
            }
            var events: [CompiledAction.Event] = []
            for event in action.events {
                switch event {
                case "odk-instance-first-load", "xforms-ready": events.append(.firstLoad)
                case "odk-new-repeat", "jr-insert":
                    // The repeat it sits in, else the innermost repeat around its target.
                    if let node = context.flatMap({ pathIndex[$0] }), nodes[node].isRepeat {
                        events.append(.newRepeat(node))
                    } else if let scope = nodes[targets[0]].scopes.last {
                        events.append(.newRepeat(scope))
                    }
                case "xforms-value-changed":
                    if let node = context.flatMap({ pathIndex[$0] }) { events.append(.valueChanged(node)) }
                default: continue
                }
            }
            for target in targets {
                compiled.append(CompiledAction(events: events, target: target, value: value, literal: action.literal, line: action.line))
            }
        }
        return compiled
    }

    // MARK: The engine definition

    /// The engine definition: the root's fields, with repeat groups for the repeats.
    func definition() throws(XFormError) -> FormDefinition {
        var fields = fields(in: 0)
        if model.texts.translations.count > 1 {
            fields.append(FieldDefinition(FormKey<String>(XFormKeys.language), default: model.texts.translation(nil)?.language))
        }
        do {
            return try FormDefinition(fields)
        } catch {
            throw XFormError(.unsupported, "the form's fields do not make an engine definition: \(Quoted.plain(String(describing: error)))")
        }
    }

    /// The fields of the scope `scope` (the root, or a repeat's row): the leaves and conditions of
    /// every node below it down to the repeats inside, which become repeat groups.
    private func fields(in scope: Int) -> [FieldDefinition] {
        var fields: [FieldDefinition] = []
        var pending = [scope]
        while let node = pending.popLast() {
            let schema = nodes[node]
            if node != scope, schema.isRepeat {
                fields.append(FieldDefinition(repeatGroup(node)))
                continue
            }
            fields.append(contentsOf: conditionFields(node))
            if schema.isLeaf, node != scope || schema.isRepeat {
                fields.append(leafField(node))
            }
            pending.append(contentsOf: schema.children.reversed())
        }
        return fields
    }

    private func repeatGroup(_ node: Int) -> RepeatGroup {
        let model = self.model!
        var group = RepeatGroup(nodes[node].key, fields: fields(in: node))
        if !nodes[node].relevanceChain.isEmpty {
            group = group.rowVisible { values in
                let (root, rows) = values.rootAndRows
                return model.isRelevant(node, rows: rows, reader: root)
            }
        }
        return group
    }

    /// The calculated `Bool`s holding a node's own relevance and read-only conditions.
    private func conditionFields(_ node: Int) -> [FieldDefinition] {
        let model = self.model!
        var fields: [FieldDefinition] = []
        if let relevant = nodes[node].bind?.relevant {
            let plan = LivePlan.make(relevant.ast, model: model)
            fields.append(
                FieldDefinition(FormKey<Bool>(model.relativeConditionKey(node, XFormKeys.relevant))).calculated { values in
                    let (root, rows) = values.rootAndRows
                    return model.truth(relevant, plan: plan, at: node, rows: rows, reader: root)
                })
        }
        if let readonly = nodes[node].bind?.readonly {
            let plan = LivePlan.make(readonly.ast, model: model)
            fields.append(
                FieldDefinition(FormKey<Bool>(model.relativeConditionKey(node, XFormKeys.readonly))).calculated { values in
                    let (root, rows) = values.rootAndRows
                    return model.truth(readonly, plan: plan, at: node, rows: rows, reader: root)
                })
        }
        return fields
    }

    private func leafField(_ node: Int) -> FieldDefinition {
        var schema = nodes[node]
        if schema.isRepeat { schema.key = XFormKeys.value }
        let initial: AnyHashable? = (try? XFormValueText.parse(schema.defaultText, as: schema.type, timeZone: environment.timeZone).get()) ?? nil
        if schema.type.storesInt {
            return leafField(node, FormKey<Int>(schema.key), default: initial?.base as? Int)
        }
        return leafField(node, FormKey<String>(schema.key), default: initial?.base as? String)
    }

    private func leafField<Value: Hashable & Sendable>(_ node: Int, _ key: FormKey<Value>, default initial: Value?) -> FieldDefinition {
        let model = self.model!
        let bind = nodes[node].bind
        var validators: [Validator<Value>] = []
        if let constraint = bind?.constraint {
            let plan = LivePlan.make(constraint.ast, model: model)
            validators.append(
                .custom("constraint", message: bind?.constraintMessage ?? "does not meet its constraint") { _, values in
                    let (root, rows) = values.rootAndRows
                    return model.truth(constraint, plan: plan, at: node, rows: rows, reader: root)
                })
        }
        var field = FieldDefinition(key, default: initial, validators: validators)
        if let calculate = bind?.calculate {
            let plan = LivePlan.make(calculate.ast, model: model)
            field = field.calculated { values -> Value? in
                let (root, rows) = values.rootAndRows
                return model.stored(calculate, plan: plan, at: node, rows: rows, reader: root)?.base as? Value
            }
        }
        if let required = bind?.required {
            let plan = LivePlan.make(required.ast, model: model)
            field = field.required(
                when: { values in
                    let (root, rows) = values.rootAndRows
                    return model.truth(required, plan: plan, at: node, rows: rows, reader: root)
                }, message: bind?.requiredMessage ?? "is required")
        }
        if !nodes[node].relevanceChain.isEmpty {
            field = field.visible { values in
                let (root, rows) = values.rootAndRows
                return model.isRelevant(node, rows: rows, reader: root)
            }
        }
        // `readonly` on the node or on any node above it in the instance: the engine's controls
        // refuse edits while it holds, as for the engine's own read-only fields.
        if !nodes[node].readonlyChain.isEmpty {
            field = field.readOnly { values in
                let (root, rows) = values.rootAndRows
                return model.isReadonly(node, rows: rows, reader: root)
            }
        }
        return field
    }
}

/// The primary instance's nodes as one tree (each repeat once), to resolve binds' node sets.
struct SchemaTree: XPathDataTree {
    let nodes: [SchemaNode]

    func document(_ instance: String?) -> Int? { instance == nil ? -1 : nil }
    func children(of node: Int, named name: String?) -> [Int] {
        if node < 0 { return name == nil || name == nodes[0].name ? [0] : [] }
        guard let name else { return nodes[node].children }
        return nodes[node].childrenNamed[name] ?? []
    }
    func attributes(of node: Int, named name: String?) -> [Int] { [] }
    func parent(of node: Int) -> Int? { node < 0 ? nil : nodes[node].parent ?? -1 }
    func name(of node: Int) -> String { node < 0 ? "" : nodes[node].name }
    func value(of node: Int) -> String { "" }
}
