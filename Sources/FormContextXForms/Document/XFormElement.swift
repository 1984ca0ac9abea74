/// An XML element as read from an XForm: its name with its namespace, its attributes, and its
/// content (text and child elements, in document order).
///
/// Instances (primary and secondary) are trees of elements; the reader keeps every attribute and
/// every element as written, with the line and column it started at.
public struct XFormElement: Sendable, Equatable {
    /// One piece of an element's content.
    public enum Content: Sendable, Equatable {
        /// Character data (text and CDATA sections, entities and character references resolved).
        case text(String)
        /// A child element.
        case element(XFormElement)
    }

    /// The element's name.
    public var name: XFormName
    /// The attributes as written, in the order written; namespace declarations (`xmlns`,
    /// `xmlns:p`) are not among them.
    public var attributes: [XFormAttribute]
    /// The content in document order; comments and processing instructions are left out.
    public var content: [Content]
    /// The 1-based line the element starts on (for a CSV instance, the row's line).
    public var line: Int
    /// The 1-based column the element's start tag ends at, as the parser reports it.
    public var column: Int

    /// Creates an element.
    /// - Parameters:
    ///   - name: The element's name.
    ///   - attributes: Its attributes.
    ///   - content: Its text and child elements in document order.
    ///   - line: The 1-based line it starts on.
    ///   - column: The 1-based column.
    public init(name: XFormName, attributes: [XFormAttribute] = [], content: [Content] = [], line: Int = 0, column: Int = 0) {
        self.name = name
        self.attributes = attributes
        self.content = content
        self.line = line
        self.column = column
    }

    /// The child elements in document order.
    public var children: [XFormElement] {
        content.compactMap { if case .element(let child) = $0 { child } else { nil } }
    }

    /// All the element's own text pieces joined (not its descendants' text).
    public var text: String {
        content.reduce(into: "") { if case .text(let piece) = $1 { $0 += piece } }
    }

    /// The value an instance node holds by default: its text when it has no child elements, and
    /// empty when it has some (the white space between child elements is layout, not a value).
    public var value: String {
        content.contains { if case .element = $0 { true } else { false } } ? "" : text
    }

    /// Whether this instance node is a repeat template (`jr:template` present, whatever its value).
    public var isTemplate: Bool { attribute("template", namespace: XFormName.javaRosa) != nil }

    /// The value of an attribute.
    /// - Parameters:
    ///   - localName: The attribute's name without prefix.
    ///   - namespace: The attribute's namespace URI; `nil` for an attribute without prefix.
    /// - Returns: The value, or `nil` when the element has no such attribute.
    public func attribute(_ localName: String, namespace: String? = nil) -> String? {
        attributes.first { $0.name.localName == localName && $0.name.namespaceURI == namespace }?.value
    }

    /// The number of elements in this tree, this one included.
    /// - Parameter includingTemplates: Whether `jr:template` subtrees count.
    /// - Returns: The element count.
    /// - Complexity: O(n) in the size of the tree.
    public func elementCount(includingTemplates: Bool = true) -> Int {
        var count = 0
        var pending = [self]
        while let element = pending.popLast() {
            guard includingTemplates || !element.isTemplate else { continue }
            count += 1
            pending.append(contentsOf: element.children)
        }
        return count
    }
}

/// A namespace-qualified XML name.
public struct XFormName: Sendable, Hashable, CustomStringConvertible {
    /// The prefix as written (`jr` in `jr:count`), or `nil`.
    public var prefix: String?
    /// The name without prefix.
    public var localName: String
    /// The namespace URI the prefix (or the default namespace) is bound to, or `nil` for none.
    public var namespaceURI: String?

    /// Creates a name.
    /// - Parameters:
    ///   - localName: The name without prefix.
    ///   - prefix: The prefix as written, or `nil`.
    ///   - namespaceURI: The namespace URI, or `nil`.
    public init(_ localName: String, prefix: String? = nil, namespaceURI: String? = nil) {
        self.localName = localName
        self.prefix = prefix
        self.namespaceURI = namespaceURI
    }

    /// The name as written: `prefix:localName`, or the local name alone.
    public var qualified: String { prefix.map { $0 + ":" + localName } ?? localName }

    /// The name as written.
    public var description: String { qualified }

    /// The XForms namespace, `http://www.w3.org/2002/xforms`.
    public static let xforms = "http://www.w3.org/2002/xforms"
    /// The XHTML namespace the document's `h:html`, `h:head`, `h:body` live in.
    public static let xhtml = "http://www.w3.org/1999/xhtml"
    /// The JavaRosa namespace (`jr:`), `http://openrosa.org/javarosa`.
    public static let javaRosa = "http://openrosa.org/javarosa"
    /// The ODK namespace (`odk:`), `http://www.opendatakit.org/xforms`.
    public static let odk = "http://www.opendatakit.org/xforms"
}

/// An attribute as written.
public struct XFormAttribute: Sendable, Equatable {
    /// The attribute's name; an attribute without prefix has no namespace.
    public var name: XFormName
    /// Its value, entities and character references resolved.
    public var value: String

    /// Creates an attribute.
    /// - Parameters:
    ///   - name: The attribute's name.
    ///   - value: Its value.
    public init(name: XFormName, value: String) {
        self.name = name
        self.value = value
    }
}
