import FormContextCore

extension XFormRecord {
    /// The language the record's texts are shown in: labels, hints, choice labels, messages and
    /// `jr:itext()` in expressions. It starts as the form's ``XForm/defaultLanguage``; `nil` when the
    /// form has no translations.
    public var language: String? {
        guard form.model.texts.translations.count > 1 else { return form.defaultLanguage }
        return object[XFormKeys.language]?.base as? String ?? form.defaultLanguage
    }

    /// Shows the record's texts in another of the form's languages. What shows a text (an
    /// expression with `jr:itext()`, a `jr:choice-name()`) is evaluated again, and only that.
    /// - Parameter language: One of ``XForm/languages``, as the form names it.
    /// - Throws: ``XFormError`` (``XFormError/Kind/invalidValue``) naming the language and the ones
    ///   the form has, when it has no such translation. Nothing changes then.
    public func setLanguage(_ language: String) throws(XFormError) {
        let languages = form.languages
        guard languages.contains(language) else {
            let known = languages.isEmpty ? "it has no translations" : "it has " + languages.map { Quoted.value($0) }.joined(separator: ", ")
            throw XFormError(.invalidValue, "\(Quoted.value(language)) is no language of the form: \(known)")
        }
        guard languages.count > 1 else { return }
        object.set(language, for: XFormKeys.language, origin: .program)
    }

    /// The form's body as the record shows it now, in document order: the relevant questions,
    /// groups and repeats (each repeat with its relevant instances), texts in ``language`` with
    /// every `<output>` showing its value, read from one snapshot of the record. A repeat with a
    /// `jr:count` first grows to its count, as JavaRosa grows it when it shows it.
    ///
    /// A body control whose `ref` names no node of the instance is shown only when it is a group
    /// (its controls inside still are); a question bound inside a repeat but written outside the
    /// body's `<repeat>` shows the repeat's first instance, as a setvalue does.
    /// - Returns: The top-level prompts; groups and repeats hold theirs in ``XFormPrompt/children``.
    /// - Throws: ``XFormError`` (``XFormError/Kind/evaluation``) naming the output and the node when
    ///   an `<output>`'s expression fails on the record's values.
    /// - Complexity: O(*n*) in the number of controls shown, plus their texts' expressions and
    ///   their required conditions.
    public func prompts() throws(XFormError) -> [XFormPrompt] {
        growCountedRepeats()
        let renderer = PromptRenderer(record: self, snapshot: object.context, language: language)
        return try renderer.prompts(form.body.entries, rows: [], context: 0)
    }
}

/// Turns the body's plan into prompts for one snapshot of a record.
private struct PromptRenderer {
    let record: XFormRecord
    let snapshot: FormContext
    let language: String?
    var model: XFormModel { record.form.model }

    func prompts(_ entries: [XFormBodyPlan.Entry], rows: [RowID], context: Int) throws(XFormError) -> [XFormPrompt] {
        var result: [XFormPrompt] = []
        for entry in entries {
            guard let node = entry.node else {
                guard entry.control.kind == .group else { continue }
                var prompt = try self.prompt(entry.control, path: nil, node: context, rows: rows)
                prompt.children = try prompts(entry.children, rows: rows, context: context)
                result.append(prompt)
                continue
            }
            if model.nodes[node].isRepeat, entry.control.kind == .repeat {
                guard let prompt = try repeatPrompt(entry, node: node, rows: rows) else { continue }
                result.append(prompt)
                continue
            }
            if model.nodes[node].isRepeat, entry.control.kind == .group {
                // pyxform's `<group ref="/data/r"><repeat nodeset="/data/r">`: the group stands around
                // the repeat, in the rows around it, shown while the node above it is relevant.
                let parent = model.nodes[node].parent ?? 0
                guard let outer = self.rows(for: parent, from: rows), model.isRelevant(parent, rows: outer, reader: snapshot),
                    isRepeatRelevant(node, outer: outer)
                else { continue }
                let path = model.path(of: parent, rows: outer, reader: snapshot) + "/" + model.nodes[node].name
                var prompt = try self.prompt(entry.control, path: path, node: parent, rows: outer)
                prompt.children = try prompts(entry.children, rows: outer, context: parent)
                result.append(prompt)
                continue
            }
            guard let nodeRows = self.rows(for: node, from: rows), model.isRelevant(node, rows: nodeRows, reader: snapshot) else { continue }
            var prompt = try self.prompt(entry.control, path: model.path(of: node, rows: nodeRows, reader: snapshot), node: node, rows: nodeRows)
            prompt.children = try prompts(entry.children, rows: nodeRows, context: node)
            result.append(prompt)
        }
        return result
    }

    /// A repeat with a prompt per relevant instance; `nil` when the node around it is not relevant.
    private func repeatPrompt(_ entry: XFormBodyPlan.Entry, node: Int, rows: [RowID]) throws(XFormError) -> XFormPrompt? {
        let schema = model.nodes[node]
        guard let outer = self.rows(for: schema.parent ?? 0, from: rows) else { return nil }
        let parent = schema.parent ?? 0
        guard model.isRelevant(parent, rows: outer, reader: snapshot), isRepeatRelevant(node, outer: outer) else { return nil }
        let path = model.path(of: parent, rows: outer, reader: snapshot) + "/" + schema.name
        var prompt = try self.prompt(entry.control, path: path, node: parent, rows: outer)
        let order = snapshot[model.groupKey(node, rows: outer)]?.base as? RowOrder ?? RowOrder()
        for (position, id) in order.enumerated() {
            let instanceRows = outer + [id]
            guard model.isRelevant(node, rows: instanceRows, reader: snapshot) else { continue }
            var instance = try self.prompt(entry.control, path: path + "[\(position + 1)]", node: node, rows: instanceRows)
            instance.instance = position + 1
            instance.children = try prompts(entry.children, rows: instanceRows, context: node)
            prompt.children.append(instance)
        }
        return prompt
    }

    /// Whether a repeat is shown in the rows around it: while one of its instances is relevant, or,
    /// when none is, while its own `relevant` holds for a new instance, as JavaRosa asks of the
    /// repeat's template before it offers to add one. A new instance is read as a row that holds
    /// nothing yet; a condition that cannot be evaluated there shows the repeat.
    private func isRepeatRelevant(_ node: Int, outer: [RowID]) -> Bool {
        guard let relevant = model.nodes[node].bind?.relevant else { return true }
        let order = snapshot[model.groupKey(node, rows: outer)]?.base as? RowOrder ?? RowOrder()
        if order.contains(where: { model.isRelevant(node, rows: outer + [$0], reader: snapshot) }) { return true }
        let tree = LiveTree(model: model, reader: snapshot)
        let unseen = RowID(Int.max)
        guard let value = try? relevant.evaluate(in: tree, context: .primary(node, outer + [unseen]), environment: model.environment) else {
            return true
        }
        return value.boolean(in: tree)
    }

    /// The rows a node is read in from inside `rows`: as deep as the node's repeats go, the first
    /// instance of any repeat `rows` does not reach; `nil` when such a repeat has no instance.
    private func rows(for node: Int, from rows: [RowID]) -> [RowID]? {
        let depth = model.nodes[node].rowDepth
        var result = Array(rows.prefix(depth))
        var scopes = model.nodes[node].scopes
        if model.nodes[node].isRepeat { scopes.append(node) }
        while result.count < depth {
            let order = snapshot[model.groupKey(scopes[result.count], rows: result)]?.base as? RowOrder ?? RowOrder()
            guard let first = order.first else { return nil }
            result.append(first)
        }
        return result
    }

    /// One control's prompt without children, its texts read with `node` in `rows` as context.
    private func prompt(_ control: XFormControl, path: String?, node: Int, rows: [RowID]) throws(XFormError) -> XFormPrompt {
        let schema = model.nodes[node]
        let isQuestion = path != nil && ![.group, .repeat].contains(control.kind)
        let bind = isQuestion ? schema.bind : nil
        var choices: [XFormChoice] = []
        if isQuestion, model.selects[node] != nil {
            choices = try record.choices(node: node, rows: rows, reader: snapshot, language: language)
        }
        return XFormPrompt(
            control: control, path: path, instance: nil,
            label: try model.render(control.label, language: language, at: node, rows: rows, reader: snapshot),
            hint: try model.render(control.hint, language: language, at: node, rows: rows, reader: snapshot),
            help: try model.render(control.help, language: language, at: node, rows: rows, reader: snapshot),
            media: control.label.map { label in
                guard case .itext(let id) = label else { return [:] }
                return model.texts.media(id, language: language)
            } ?? [:],
            value: isQuestion && schema.isLeaf ? XFormValueText.text(snapshot[model.fieldKey(node, rows: rows)]) : nil,
            choices: choices,
            isRequired: bind?.required.map { model.truth($0, at: node, rows: rows, reader: snapshot) } ?? false,
            isReadOnly: path != nil && model.isReadonly(node, rows: rows, reader: snapshot),
            constraintMessage: try model.render(bind?.constraintText, language: language, at: node, rows: rows, reader: snapshot),
            requiredMessage: try model.render(bind?.requiredText, language: language, at: node, rows: rows, reader: snapshot),
            children: [])
    }
}
