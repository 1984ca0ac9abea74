/// The data an XPath expression reads: instance trees of named nodes holding text.
///
/// Every read an evaluation makes goes through these requirements, so an implementation over a
/// live form can record each one (a value read, and a node-set's membership: which repeat rows
/// exist) and re-evaluate the expression when, and only when, something it read changes.
///
/// Relevance is the tree's to answer: a node that is not relevant (its own condition or an
/// ancestor's) drops out of every node-set a path selects, so it reads as empty and `count()` and
/// `sum()` skip it, as in JavaRosa.
public protocol XPathDataTree {
    /// A node of the tree: an element, an attribute, or the document node above an instance's root
    /// element.
    associatedtype Node: Hashable

    /// The document node of an instance: the primary instance for `nil`, a secondary instance by
    /// its `id` (`instance('cities')`); `nil` when there is none.
    /// - Parameter instance: The instance's id, or `nil` for the primary instance.
    /// - Returns: The instance's document node, whose one child is the instance's root element.
    func document(_ instance: String?) -> Node?

    /// A node's child elements in document order, those with one name or all of them.
    /// - Parameters:
    ///   - node: The parent.
    ///   - name: The children's name with its prefix as written in the expression (`orx:meta`), or
    ///     `nil` for every child element.
    /// - Returns: The children in document order; repeat rows in row order.
    func children(of node: Node, named name: String?) -> [Node]

    /// A node's attributes, one by name or all of them.
    /// - Parameters:
    ///   - node: The element.
    ///   - name: The attribute's name, or `nil` for every attribute.
    /// - Returns: The attributes as nodes.
    func attributes(of node: Node, named name: String?) -> [Node]

    /// A node's parent: an element's parent element or document node, an attribute's element; `nil`
    /// for a document node.
    func parent(of node: Node) -> Node?

    /// A node's name as written in the instance, with its prefix; empty for a document node.
    func name(of node: Node) -> String

    /// A node's text: a leaf's value, empty for a blank leaf or a group.
    func value(of node: Node) -> String

    /// Whether a node is relevant: its own condition holds and every ancestor's does.
    func isRelevant(_ node: Node) -> Bool

    /// The node's data type, which decides how a single node converts to a boolean or a number
    /// (JavaRosa reads an `int` node holding `0` as false, a `string` node holding `0` as true).
    func dataType(of node: Node) -> XPathDataType

    /// The label of a choice of the select at `node`, in the active language, for
    /// `jr:choice-name(value, 'path')` (`node` is what the path selects); `nil` when the node is no
    /// select or has no such choice.
    func choiceLabel(of node: Node, value: String) -> String?
}

extension XPathDataTree {
    /// Every node is a string unless the tree says otherwise.
    public func dataType(of node: Node) -> XPathDataType { .string }

    /// No choice labels unless the tree has selects.
    public func choiceLabel(of node: Node, value: String) -> String? { nil }

    /// Every node is relevant unless the tree says otherwise.
    public func isRelevant(_ node: Node) -> Bool { true }

    /// The 1-based position of a node among its parent's children of the same name (a repeat row's
    /// number); 1 for a node without a parent.
    /// - Complexity: O(*n*) in the number of same-named siblings.
    func position(of node: Node) -> Int {
        guard let parent = parent(of: node) else { return 1 }
        let siblings = children(of: parent, named: name(of: node))
        return (siblings.firstIndex(of: node) ?? 0) + 1
    }
}

/// The data type of an instance node, as a bind's `type` gives it.
public enum XPathDataType: Sendable, Equatable {
    /// Text: `string`, `select1`, `select`, `geopoint`, `barcode`, … and untyped nodes.
    case string
    /// A number: `int`, `decimal`.
    case number
    /// `boolean`.
    case boolean
    /// `date` or `dateTime`.
    case date
}

/// A tree that holds a form's translations, for `jr:itext('id')`.
protocol XPathTextSource {
    /// The plain text of itext `id` in the tree's current language, or `nil` when no language has it.
    func itext(_ id: String) -> String?
}
