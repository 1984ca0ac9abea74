/// Writes a record as JavaRosa 5.1.0 writes a submission: its `XFormSerializingVisitor` builds a
/// kXML document and kXML's `KXmlSerializer` writes it. What decides each byte:
///
/// - `<?xml version='1.0' encoding='UTF-8' ?>`, then the root, no line breaks, no trailing one.
/// - Repeat templates are left out, and with them the `jr:template` attribute. Children are
///   written grouped by name, each name where it first appears (`<a/><b/><a/>` is written
///   `<a /><a /><b />`). An element with child elements writes them and not its text; one
///   without writes its text, and `<name />` when the text is empty.
/// - Attributes in the order held. A value is quoted with `"` unless it holds one, then with
///   `'`; in it, `&`, `<`, `>` and the quote are escaped, and tab, line feed and carriage return
///   as `&#9;`, `&#10;`, `&#13;`. In text, `&`, `<` and `>` are escaped, tab, line feed and
///   carriage return are written as they are, quotes too. In both, `@` is written `&#64;`;
///   everything else as UTF-8. JavaRosa writes any other character below U+0020 as `&#n;`, which
///   no XML reader accepts: this writer refuses a record holding a character XML 1.0 cannot hold
///   (U+0000–U+0008, U+000B, U+000C, U+000E–U+001F, U+FFFE, U+FFFF).
/// - The root carries the form's namespace declarations (`SubmissionNamespaces`) after its
///   attributes. An element or attribute in a namespace is written with the prefix in scope for
///   it; an element in the root's own namespace with none. A namespace with no prefix in scope
///   gets a new one, `n0`, `n1`, …, declared on the element that needs it.
struct SubmissionWriter {
    private var bytes: [UInt8] = []
    /// The declarations in scope, outermost first, as kXML keeps them (it starts with these two).
    private var scope: [(prefix: String, uri: String)] = [("", ""), ("xml", "http://www.w3.org/XML/1998/namespace")]
    private var generated = 0
    /// The path of the element being written, `/data/members[2]/name`, for a refusal to name.
    private var path: [String] = []
    /// The record root's namespace: JavaRosa gives an element no namespace of its own when it is
    /// in this one.
    private let recordNamespace: String

    private init(recordNamespace: String) {
        self.recordNamespace = recordNamespace
    }

    /// The submission's bytes.
    /// - Parameters:
    ///   - record: The record's root element.
    ///   - declarations: The root's namespace declarations in order; a default one (prefix `""`)
    ///     makes it the root's namespace.
    /// - Throws: ``XFormError/Kind/invalidValue`` when a value or an attribute holds a character
    ///   XML 1.0 cannot hold, naming the element's path and the character.
    static func write(_ record: XFormElement, declarations: [XMLNamespaceDeclaration]) throws(XFormError) -> [UInt8] {
        var writer = SubmissionWriter(recordNamespace: record.name.namespaceURI ?? "")
        writer.append("<?xml version='1.0' encoding='UTF-8' ?>")
        let schema = declarations.last { $0.prefix.isEmpty }?.uri
        try writer.write(record, step: record.name.localName, namespace: schema, declarations: declarations)
        return writer.bytes
    }

    private mutating func write(
        _ element: XFormElement, step: String, namespace: String?, declarations: [XMLNamespaceDeclaration]
    ) throws(XFormError) {
        path.append(step)
        defer { path.removeLast() }
        let mark = scope.count
        scope.append(contentsOf: declarations.map { ($0.prefix, $0.uri) })
        var name = element.name.localName
        if let namespace {
            let prefix = prefix(for: namespace, includeDefault: true)
            if !prefix.isEmpty { name = prefix + ":" + name }
        }
        append("<" + name)
        for attribute in element.attributes where !(attribute.name.localName == "template" && attribute.name.namespaceURI == XFormName.javaRosa) {
            var attributeName = attribute.name.localName
            if let uri = attribute.name.namespaceURI, !uri.isEmpty {
                attributeName = prefix(for: uri, includeDefault: false) + ":" + attributeName
            }
            let quote: Unicode.Scalar = attribute.value.contains("\"") ? "'" : "\""
            append(" " + attributeName + "=" + String(quote))
            try appendEscaped(attribute.value, quote: quote, attribute: attribute.name.localName)
            append(String(quote))
        }
        for declaration in scope[mark...] {
            append(declaration.prefix.isEmpty ? " xmlns=\"" : " xmlns:" + declaration.prefix + "=\"")
            try appendEscaped(declaration.uri, quote: "\"", attribute: "xmlns")
            append("\"")
        }
        let hasElements = element.content.contains { if case .element = $0 { true } else { false } }
        if hasElements {
            var names: [String] = []
            var byName: [String: [XFormElement]] = [:]
            for child in element.children where !child.isTemplate {
                if byName[child.name.localName] == nil { names.append(child.name.localName) }
                byName[child.name.localName, default: []].append(child)
            }
            if names.isEmpty {
                append(" />")
            } else {
                append(">")
                for childName in names {
                    let children = byName[childName] ?? []
                    for (index, child) in children.enumerated() {
                        let uri = child.name.namespaceURI ?? ""
                        let step = children.count == 1 ? childName : "\(childName)[\(index + 1)]"
                        try write(child, step: step, namespace: uri == recordNamespace ? nil : uri, declarations: [])
                    }
                }
                append("</" + name + ">")
            }
        } else {
            let text = element.text
            if text.isEmpty {
                append(" />")
            } else {
                append(">")
                try appendEscaped(text, quote: nil, attribute: nil)
                append("</" + name + ">")
            }
        }
        scope.removeLast(scope.count - mark)
    }

    /// The prefix for a namespace as kXML's `getPrefix` finds it: the innermost declaration of
    /// that URI whose prefix is not reused by a later entry, or a new prefix declared here.
    private mutating func prefix(for uri: String, includeDefault: Bool) -> String {
        var index = scope.count - 1
        while index >= 0 {
            let candidate = scope[index]
            if candidate.uri == uri && (includeDefault || !candidate.prefix.isEmpty)
                && !scope[(index + 1)...].contains(where: { $0.prefix == candidate.prefix || $0.uri == candidate.prefix })
            {
                return candidate.prefix
            }
            index -= 1
        }
        var prefix = ""
        if !uri.isEmpty {
            repeat {
                prefix = "n\(generated)"
                generated += 1
            } while scope.contains { $0.prefix == prefix }
        }
        scope.append((prefix, uri))
        return prefix
    }

    private mutating func append(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    /// kXML's `writeEscaped`: `quote` is the attribute's quote, `nil` in text. A character XML 1.0
    /// cannot hold is refused, naming the element and the attribute (`nil` for the text).
    private mutating func appendEscaped(_ text: String, quote: Unicode.Scalar?, attribute: String?) throws(XFormError) {
        for scalar in text.unicodeScalars {
            // Refused mid-write: the caller gets the error and none of the bytes.
            if XFormRecord.isNonXML(scalar) {
                let place = "/" + path.joined(separator: "/") + (attribute.map { "/@" + $0 } ?? "")
                throw XFormError(
                    .invalidValue,
                    "the value of \(Quoted.value(place)) holds \(XFormRecord.codePoint(scalar)), a character XML 1.0 cannot hold")
            }
            switch scalar {
            case "\n", "\r", "\t":
                if quote == nil { bytes.append(UInt8(scalar.value)) } else { append("&#\(scalar.value);") }
            case "&": append("&amp;")
            case ">": append("&gt;")
            case "<": append("&lt;")
            case _ where scalar == quote: append(scalar == "\"" ? "&quot;" : "&apos;")
            case "@": append("&#64;")
            default:
                bytes.append(contentsOf: String(scalar).utf8)
            }
        }
    }
}
