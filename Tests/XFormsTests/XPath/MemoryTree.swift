@testable import FormContextXForms

/// A plain in-memory data tree: the primary instance and secondary ones, each node an index into
/// one array. Relevance is each node's own flag and its ancestors'; reads can be logged.
final class MemoryTree: XPathDataTree {
    /// An element to build: a name, text, a type, a relevance flag, attributes and children.
    struct Element {
        var name: String
        var value = ""
        var type = XPathDataType.string
        var isRelevant = true
        var attributes: [(String, String)] = []
        var children: [Element] = []

        init(_ name: String, _ value: String = "", type: XPathDataType = .string, relevant: Bool = true,
             attributes: [(String, String)] = [], _ children: [Element] = []) {
            self.name = name
            self.value = value
            self.type = type
            self.isRelevant = relevant
            self.attributes = attributes
            self.children = children
        }

        /// A group: a name and children.
        init(_ name: String, relevant: Bool = true, attributes: [(String, String)] = [], _ children: [Element]) {
            self.init(name, "", relevant: relevant, attributes: attributes, children)
        }
    }

    struct Entry {
        var name: String
        var value: String
        var type: XPathDataType
        var ownRelevance: Bool
        var parent: Int?
        var children: [Int] = []
        var attributes: [Int] = []
    }

    /// One logged read.
    enum Read: Hashable {
        case value(String)
        case children(String, named: String?)
        case relevance(String)
    }

    private(set) var entries: [Entry] = []
    private var documents: [String: Int] = [:]
    private var primary: Int?
    var choiceLabels: [String: [String: String]] = [:]
    var reads: [Read] = []

    init(_ root: Element, instances: [String: Element] = [:]) {
        primary = add(document: root)
        for (id, element) in instances { documents[id] = add(document: element) }
    }

    private func add(document root: Element) -> Int {
        entries.append(Entry(name: "", value: "", type: .string, ownRelevance: true, parent: nil))
        let document = entries.count - 1
        entries[document].children = [add(root, under: document)]
        return document
    }

    @discardableResult
    func add(_ element: Element, under parent: Int) -> Int {
        entries.append(Entry(name: element.name, value: element.value, type: element.type, ownRelevance: element.isRelevant, parent: parent))
        let index = entries.count - 1
        for (name, value) in element.attributes {
            entries.append(Entry(name: name, value: value, type: .string, ownRelevance: true, parent: index))
            entries[index].attributes.append(entries.count - 1)
        }
        for child in element.children { entries[index].children.append(add(child, under: index)) }
        return index
    }

    /// The node at a path of names from the primary document, `[n]` 1-based positions allowed
    /// (`data/item[2]/v`).
    func node(_ path: String) -> Int {
        var at = primary!
        for part in path.split(separator: "/") {
            var name = String(part)
            var position = 1
            if let open = name.firstIndex(of: "[") {
                position = Int(name[name.index(after: open)..<name.index(before: name.endIndex)])!
                name = String(name[..<open])
            }
            at = entries[at].children.filter { entries[$0].name == name }[position - 1]
        }
        return at
    }

    /// The path of names from the document, for the read log.
    func path(_ node: Int) -> String {
        var names: [String] = []
        var at: Int? = node
        while let index = at, entries[index].parent != nil {
            names.append(entries[index].name)
            at = entries[index].parent
        }
        return "/" + names.reversed().joined(separator: "/")
    }

    func set(_ node: Int, value: String) { entries[node].value = value }
    func set(_ node: Int, relevant: Bool) { entries[node].ownRelevance = relevant }

    func document(_ instance: String?) -> Int? { instance.map { documents[$0] } ?? primary }

    func children(of node: Int, named name: String?) -> [Int] {
        reads.append(.children(path(node), named: name))
        return entries[node].children.filter { name == nil || entries[$0].name == name }
    }

    func attributes(of node: Int, named name: String?) -> [Int] {
        entries[node].attributes.filter { name == nil || entries[$0].name == name }
    }

    func parent(of node: Int) -> Int? { entries[node].parent }
    func name(of node: Int) -> String { entries[node].name }

    func value(of node: Int) -> String {
        reads.append(.value(path(node)))
        return entries[node].value
    }

    func isRelevant(_ node: Int) -> Bool {
        reads.append(.relevance(path(node)))
        var at: Int? = node
        while let index = at {
            if !entries[index].ownRelevance { return false }
            at = entries[index].parent
        }
        return true
    }

    func dataType(of node: Int) -> XPathDataType { entries[node].type }

    func choiceLabel(of node: Int, value: String) -> String? { choiceLabels[path(node)]?[value] }
}
