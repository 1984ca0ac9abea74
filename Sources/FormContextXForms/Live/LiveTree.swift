import FormContextCore

/// A node of a live record as an XPath expression sees it: an element of the primary instance in
/// given repeat rows, an element of a secondary instance, an attribute, or an instance's document node.
struct LiveNode: Hashable, Sendable {
    /// `-1` for the primary instance, else the secondary instance's index.
    var space: Int32
    /// `-1` for the document node, else the element's index (a schema node's, in the primary instance).
    var index: Int32
    /// `-1` for the element itself, else the index of its attribute.
    var attribute: Int32 = -1
    /// The row ids of the repeats from the root down to the element, itself included.
    var rows: [RowID] = []

    static func primary(_ index: Int, _ rows: [RowID]) -> LiveNode { LiveNode(space: -1, index: Int32(index), rows: rows) }
    var isPrimaryElement: Bool { space < 0 && index >= 0 && attribute < 0 }
}

/// A record's data as XPath reads it, every read going through `reader`: in a rule, the engine's
/// tracking reader, so the engine learns what the expression read (values, relevance keys, repeat
/// orders); elsewhere the live form itself or a snapshot of its values.
struct LiveTree<Reader: FormReader>: XPathDataTree {
    let model: XFormModel
    let reader: Reader

    func document(_ instance: String?) -> LiveNode? {
        guard let instance else { return LiveNode(space: -1, index: -1) }
        guard let space = model.secondaryIndex[instance] else { return nil }
        return LiveNode(space: Int32(space), index: -1)
    }

    func children(of node: LiveNode, named name: String?) -> [LiveNode] {
        guard node.attribute < 0 else { return [] }
        if node.space < 0 {
            guard node.index >= 0 else { return name == nil || name == model.nodes[0].name ? [.primary(0, [])] : [] }
            let parent = Int(node.index)
            var result: [LiveNode] = []
            let candidates: [Int] = if let name { model.nodes[parent].childrenNamed[name] ?? [] } else { model.nodes[parent].children }
            for child in candidates {
                if model.nodes[child].isRepeat {
                    guard let order = reader[model.groupKey(child, rows: node.rows)]?.base as? RowOrder else { continue }
                    for id in order { result.append(.primary(child, node.rows + [id])) }
                } else {
                    result.append(.primary(child, node.rows))
                }
            }
            return result
        }
        let tree = model.secondary[Int(node.space)]
        guard !tree.elements.isEmpty else { return [] }
        let indices: [Int] = node.index < 0 ? [0] : tree.elements[Int(node.index)].children
        return indices.compactMap { index in
            name == nil || tree.elements[index].name == name ? LiveNode(space: node.space, index: Int32(index)) : nil
        }
    }

    func attributes(of node: LiveNode, named name: String?) -> [LiveNode] {
        guard node.attribute < 0, node.index >= 0 else { return [] }
        let attributes = self.attributeList(of: node)
        return attributes.indices.compactMap { at in
            name == nil || attributes[at].name.qualified == name ? LiveNode(space: node.space, index: node.index, attribute: Int32(at), rows: node.rows) : nil
        }
    }

    private func attributeList(of node: LiveNode) -> [XFormAttribute] {
        node.space < 0 ? model.nodes[Int(node.index)].attributes : model.secondary[Int(node.space)].elements[Int(node.index)].attributes
    }

    func parent(of node: LiveNode) -> LiveNode? {
        if node.attribute >= 0 { return LiveNode(space: node.space, index: node.index, rows: node.rows) }
        guard node.index >= 0 else { return nil }
        if node.space < 0 {
            guard let parent = model.nodes[Int(node.index)].parent else { return LiveNode(space: -1, index: -1) }
            return .primary(parent, Array(node.rows.prefix(model.nodes[parent].rowDepth)))
        }
        guard let parent = model.secondary[Int(node.space)].elements[Int(node.index)].parent else { return LiveNode(space: node.space, index: -1) }
        return LiveNode(space: node.space, index: Int32(parent))
    }

    func name(of node: LiveNode) -> String {
        guard node.index >= 0 else { return "" }
        if node.attribute >= 0 { return attributeList(of: node)[Int(node.attribute)].name.qualified }
        return node.space < 0 ? model.nodes[Int(node.index)].name : model.secondary[Int(node.space)].elements[Int(node.index)].name
    }

    func value(of node: LiveNode) -> String {
        guard node.index >= 0 else { return "" }
        if node.attribute >= 0 { return attributeList(of: node)[Int(node.attribute)].value }
        if node.space >= 0 { return model.secondary[Int(node.space)].elements[Int(node.index)].value }
        let index = Int(node.index)
        guard model.nodes[index].children.isEmpty else { return "" }
        return XFormValueText.text(reader[model.fieldKey(index, rows: node.rows)]) ?? ""
    }

    func isRelevant(_ node: LiveNode) -> Bool {
        guard node.space < 0, node.index >= 0 else { return true }
        for holder in model.nodes[Int(node.index)].relevanceChain {
            let key = model.conditionKey(holder, rows: node.rows, XFormKeys.relevant)
            guard reader[key]?.base as? Bool == true else { return false }
        }
        return true
    }

    func dataType(of node: LiveNode) -> XPathDataType {
        guard node.isPrimaryElement else { return .string }
        return model.nodes[Int(node.index)].readType
    }

    func choiceLabel(of node: LiveNode, value: String) -> String? {
        guard node.isPrimaryElement else { return nil }
        let index = Int(node.index)
        guard let language, language != model.texts.translation(nil)?.language else { return model.choiceLabels[index]?[value] }
        guard let item = model.selects[index]?.items.first(where: { $0.value == value }) else { return nil }
        if case .itext(let id)? = item.text { return model.texts.plainItext(id, language: language) ?? item.label }
        return item.label
    }

    /// The record's current language, read through the reader (so that a rule that reads a text
    /// runs again when it changes); `nil` for the default one.
    var language: String? {
        model.texts.translations.count > 1 ? reader[XFormKeys.language]?.base as? String : nil
    }
}

extension LiveTree: XPathTextSource {
    func itext(_ id: String) -> String? {
        model.texts.plainItext(id, language: language)
    }
}

extension FormValues {
    /// The reader at the form's root and the row ids of the rows this reader reads from inside,
    /// outermost first.
    var rootAndRows: (root: FormValues, rows: [RowID]) {
        var rows: [RowID] = []
        var values = self
        while let id = values.rowID {
            rows.append(id)
            values = values.outer
        }
        return (values, rows.reversed())
    }
}
