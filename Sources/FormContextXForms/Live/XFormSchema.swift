import FormContextCore

/// One element of the primary instance as the form defines it: a repeat's element stands for every
/// instance of the repeat.
struct SchemaNode: Sendable {
    /// The element's name as written (with its prefix).
    var name: String
    /// The element's name with its namespace.
    var qualifiedName: XFormName = XFormName("")
    /// The parent's index, `nil` for the root element.
    var parent: Int?
    /// The child elements' indices, in document order.
    var children: [Int] = []
    /// The child elements' indices by name.
    var childrenNamed: [String: [Int]] = [:]
    /// Whether the element is a repeat (a body `<repeat nodeset>` names it, or it has a `jr:template`).
    var isRepeat = false
    /// The repeats above the element (not itself), outermost first.
    var scopes: [Int] = []
    /// The path below the nearest repeat above (or the root), steps joined with `/`, `.` written `~`.
    var key: String = ""
    /// The path without positions, `/data/hh/name`.
    var path: String = ""
    /// The template's (or first instance's) attributes.
    var attributes: [XFormAttribute] = []
    /// The template's (or first instance's) text, for a leaf.
    var defaultText: String = ""
    /// Whether the element has no child elements (it holds a value).
    var isLeaf: Bool { children.isEmpty }
    /// The data type from its bind.
    var type: XFormDataType = .untyped
    /// How an expression reads its value: by its type, or for a text node holding a calculation's
    /// result, by the result's type (see ``XPathExpression/resultType``).
    var readType: XPathDataType = .string
    /// Its merged bind, if any.
    var bind: CompiledBind?
    /// The nodes above it, itself included, whose bind has `relevant`, outermost first.
    var relevanceChain: [Int] = []
    /// The same for `readonly`.
    var readonlyChain: [Int] = []
    /// The line it was defined on.
    var line: Int = 0

    /// For elements of one name side by side that no body repeat names: how many a new instance of
    /// the repeat around them starts with (as many as its template holds); 0 for a body repeat.
    var newRows = 0
    /// The number of repeats on the way from the root to this node, itself included: how many row
    /// ids a live node of it carries.
    var rowDepth: Int { scopes.count + (isRepeat ? 1 : 0) }
}

/// The properties binds give one node, every expression parsed.
struct CompiledBind: Sendable {
    var relevant: XPathExpression?
    var required: XPathExpression?
    var readonly: XPathExpression?
    var constraint: XPathExpression?
    var calculate: XPathExpression?
    var constraintMessage: String?
    var requiredMessage: String?
    /// The messages as written, for rendering in a language.
    var constraintText: XFormText?
    var requiredText: XFormText?
    var preload: String?
    var preloadParameters: String?
    var line: Int = 0
}

/// A secondary instance flattened into a table: element `0` is the root.
struct SecondaryTree: Sendable {
    struct Element: Sendable {
        var name: String
        var parent: Int?
        var children: [Int]
        var value: String
        var attributes: [XFormAttribute]
    }

    let id: String
    var elements: [Element] = []

    init(id: String, root: XFormElement?) {
        self.id = id
        guard let root else { return }
        var pending: [(XFormElement, Int?)] = [(root, nil)]
        var next = 0
        while next < pending.count {
            let (element, parent) = pending[next]
            pending[next] = (XFormElement(name: element.name), nil)
            next += 1
            let index = elements.count
            elements.append(Element(name: element.name.qualified, parent: parent, children: [], value: element.value, attributes: element.attributes))
            if let parent { elements[parent].children.append(index) }
            pending.append(contentsOf: element.children.map { ($0, index) })
        }
    }
}

/// The suffixes of the engine keys that hold a node's own relevance and read-only conditions: `#`
/// cannot appear in an XML name, so no instance path makes such a key.
enum XFormKeys {
    static let relevant = "#relevant"
    static let readonly = "#readonly"
    /// The key, in its row, of the value of a repeat that is a leaf (elements of one name side by
    /// side holding text).
    static let value = "#value"
    /// The key of the record's current language, which `jr:itext()` and choice labels read, so
    /// that what shows a text is evaluated again when the language changes.
    static let language = "#language"

    /// An element name as a key step: `.` separates the engine's scopes, and `~` cannot appear in an
    /// XML name, so a name's dots are written as `~`.
    static func step(_ name: String) -> String {
        name.contains(".") ? name.replacingOccurrences(of: ".", with: "~") : name
    }
}
