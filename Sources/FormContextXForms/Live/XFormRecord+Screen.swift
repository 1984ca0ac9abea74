public import FormContextCore

extension XFormRecord {
    /// The form's body as an engine ``Screen`` over the record's ``object``, for a ``LiveScreen``:
    /// `LiveScreen(try record.screen(), form: record.object)`.
    ///
    /// What maps to what:
    /// - the form's title is the screen's; each body `group` (with or without a `ref`, `field-list`
    ///   or not) is a ``FormSection`` titled with its label, its questions its cells; a group inside
    ///   a group is a section of its own after the questions before it; questions outside any group
    ///   go into untitled sections;
    /// - each `repeat` is a ``RepeatSection`` over the repeat's ``RepeatGroup``, titled with its
    ///   label (or its group's), one section per instance, with add and remove buttons unless it has
    ///   a `jr:count` or `jr:noAddRemove`; a repeat inside a repeat is a ``DetailCell`` of the outer
    ///   instance that opens a screen with the inner repeat's section;
    /// - a question bound to an `int` node is a ``NumberCell``; a `select1` a ``ChoiceCell`` and a
    ///   `select` a ``MultipleChoiceCell`` whose options are the choices' labels (an itemset's
    ///   choices as it filters them when the screen is made, in a repeat's first instance for a
    ///   question in a repeat; make the screen again when the filter's inputs change), a `select`
    ///   storing its chosen values separated by spaces in the order they were chosen, as JavaRosa
    ///   keeps them, and dropping the values its choices no longer offer at the next toggle; every
    ///   other question (text, decimals, dates, a trigger, an upload's file name) a ``TextCell``
    ///   holding the value as XForm text;
    /// - relevance and `readonly` come with the fields: a cell is hidden while its node is not
    ///   relevant, a section while all its cells are, and a read-only node's cell refuses edits.
    ///
    /// A repeat with a `jr:count` first grows to its count, as for ``prompts()``. Titles and option
    /// titles are the labels in the record's ``language``, each `<output>` showing
    /// the value it has when the screen is made: make the screen again after ``setLanguage(_:)``,
    /// and read ``prompts()`` for labels that follow the values. Controls that bind no node, and
    /// nodes no control shows (calculations), have no cell.
    /// - Returns: The screen.
    /// - Throws: ``XFormError`` (``XFormError/Kind/evaluation``) when an `<output>` in a label fails
    ///   on the record's values.
    /// - Complexity: O(*n*) in the number of body controls, plus their labels' outputs.
    public func screen() throws(XFormError) -> Screen {
        growCountedRepeats()
        let maker = ScreenMaker(record: self, snapshot: object.context, language: language)
        let parts = try maker.parts(form.body.entries, rows: [], context: 0, repeatNode: nil)
        let sections = ScreenBuilder.buildFinalResult(parts)
        return Screen(form.document.title ?? "") { sections }
    }
}

/// Builds the sections and cells of an XForm's body.
private struct ScreenMaker {
    let record: XFormRecord
    let snapshot: FormContext
    let language: String?
    var model: XFormModel { record.form.model }

    /// The parts of a run of controls; inside a repeat's row (`repeatNode`), cells are keyed
    /// relative to the row.
    func parts(_ entries: [XFormBodyPlan.Entry], rows: [RowID], context: Int, repeatNode: Int?) throws(XFormError) -> [ScreenBuilder.Part] {
        var parts: [ScreenBuilder.Part] = []
        for entry in entries {
            let node = entry.node
            switch entry.control.kind {
            case .repeat:
                guard let node, model.nodes[node].isRepeat else { continue }
                parts.append(contentsOf: try repeatParts(entry, node: node, rows: rows, context: context, repeatNode: repeatNode, title: nil))
            case .group:
                let inner = node ?? context
                let title = try model.render(entry.control.label, language: language, at: inner, rows: rows, reader: snapshot)
                // A group holding just a repeat is the repeat's title, as pyxform writes repeats.
                if entry.children.count == 1, entry.children[0].control.kind == .repeat, let only = entry.children[0].node, model.nodes[only].isRepeat {
                    parts.append(contentsOf: try repeatParts(entry.children[0], node: only, rows: rows, context: inner, repeatNode: repeatNode, title: title))
                    continue
                }
                let inside = try self.parts(entry.children, rows: rows, context: inner, repeatNode: repeatNode)
                parts.append(contentsOf: section(title, inside, node: repeatNode == nil ? node : nil))
            case .other:
                continue
            default:
                // A question in the rows it is written in: its node's nearest repeat is the one around it.
                guard let node, model.nodes[node].isLeaf, !model.nodes[node].isRepeat, model.nodes[node].scopes.last == repeatNode else { continue }
                parts.append(.cells([try cell(entry.control, node: node, rows: rows, repeatNode: repeatNode)]))
            }
        }
        return parts
    }

    /// A section titled `title` holding the loose cells among `inside` before the first section
    /// inside; then the sections inside, and untitled sections for the cells after each. Outside
    /// repeats, the group's sections are shown only while its `node` is relevant.
    private func section(_ title: String?, _ inside: [ScreenBuilder.Part], node: Int?) -> [ScreenBuilder.Part] {
        var sections: [FormSection] = []
        var cells: [Cell] = []
        var isFirst = true
        func flush() {
            if isFirst, !cells.isEmpty || title != nil {
                sections.append(FormSection(title) { cells })
            } else if !isFirst, !cells.isEmpty {
                sections.append(FormSection { cells })
            }
            isFirst = false
            cells = []
        }
        for part in inside {
            switch part {
            case .cells(let more): cells += more
            case .section(let section):
                flush()
                sections.append(section)
            }
        }
        flush()
        guard let node, !model.nodes[node].relevanceChain.isEmpty else { return sections.map(ScreenBuilder.Part.section) }
        let model = self.model
        return sections.map { .section($0.visible { values in model.isRelevant(node, rows: [], reader: values) }) }
    }

    /// A repeat's section: its rows' cells keyed in the row.
    private func repeatParts(
        _ entry: XFormBodyPlan.Entry, node: Int, rows: [RowID], context: Int, repeatNode: Int?, title: String?
    ) throws(XFormError) -> [ScreenBuilder.Part] {
        var label = title
        if label == nil { label = try model.render(entry.control.label, language: language, at: context, rows: rows, reader: snapshot) }
        // Labels inside the rows read the first instance, if there is one.
        let order = snapshot[model.groupKey(node, rows: rows)]?.base as? RowOrder ?? RowOrder()
        let rowRows = order.first.map { rows + [$0] } ?? rows
        let inside = try parts(entry.children, rows: rowRows, context: node, repeatNode: node)
        var cells: [Cell] = []
        for part in inside {
            switch part {
            case .cells(let more): cells += more
            case .section(let section): cells += section.cells
            }
        }
        // The group's key relative to the row (or root) around it.
        var section = RepeatSection(label, group: model.nodes[node].key) { cells }
        if entry.control.count == nil, entry.control.noAddRemove == nil {
            section = section.addButton("Add").removeButton("Remove")
        }
        guard repeatNode != nil else { return ScreenBuilder.buildExpression(section) }
        // A repeat in a repeat's row: a detail cell of the row that opens the inner repeat.
        let screen = Screen(label ?? "") { section }
        return [.cells(DetailCell(label ?? "", screen: screen).cells)]
    }

    /// The cell of one question.
    private func cell(_ control: XFormControl, node: Int, rows: [RowID], repeatNode: Int?) throws(XFormError) -> Cell {
        let schema = model.nodes[node]
        let title = try model.render(control.label, language: language, at: node, rows: rows, reader: snapshot) ?? ""
        let key = repeatNode == nil ? model.fieldKey(node, rows: []) : schema.key
        if schema.type.storesInt { return NumberCell(title, key: FormKey<Int>(key)).cells[0] }
        if control.kind == .select1 || control.kind == .select, model.selects[node] != nil {
            let choices = try record.choices(node: node, rows: rows, reader: snapshot, language: language)
            let options = choices.map { CellOption($0.label, value: $0.value) }
            if control.kind == .select { return MultipleChoiceCell(title, key: FormKey<String>(key), options: options).cells[0] }
            return ChoiceCell(title, key: FormKey<String>(key), options: options).cells[0]
        }
        return TextCell(title, key: FormKey<String>(key)).cells[0]
    }
}
