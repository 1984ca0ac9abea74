internal import Foundation
#if canImport(FoundationXML)
internal import FoundationXML
#endif

/// Reads checked bytes into an ``XFormElement`` tree with `XMLParser`, resolving namespaces itself
/// (the same on every platform), refusing elements deeper than the limit as soon as the parser
/// reaches them, and treating every error the parser reports as fatal (libxml2 underneath recovers
/// from some errors and would otherwise hand back a half-read tree).
enum XMLTreeReader {
    /// Reads a whole document.
    /// - Parameters:
    ///   - data: The document's bytes.
    ///   - options: The size and depth limits.
    ///   - file: The external file's name, or `nil` for the form, for error messages.
    /// - Returns: The root element.
    static func read(_ data: Data, options: XFormReadOptions, file: String?) throws(XFormReadError) -> XFormElement {
        try readWithNamespaces(data, options: options, file: file).root
    }

    /// Where an element starts: its line and the column its start tag ends at, which no two
    /// elements share.
    struct Position: Hashable {
        var line: Int
        var column: Int
    }

    /// Reads a whole document, and the namespace declarations of every element that has some.
    /// - Parameters:
    ///   - data: The document's bytes.
    ///   - options: The size and depth limits.
    ///   - file: The external file's name, or `nil` for the form, for error messages.
    /// - Returns: The root element, and the declarations by the position of the element they are
    ///   written on, in the order written.
    static func readWithNamespaces(
        _ data: Data, options: XFormReadOptions, file: String?
    ) throws(XFormReadError) -> (root: XFormElement, declarations: [Position: [XMLNamespaceDeclaration]]) {
        guard options.maximumDepth <= XFormReadOptions.depthCeiling else {
            throw XFormReadError(
                .tooDeep,
                "the depth limit \(options.maximumDepth) is over the ceiling of \(XFormReadOptions.depthCeiling), past which a document could exhaust a thread's stack",
                file: file)
        }
        let skip = try XMLPrescan.check(data, maximumBytes: options.maximumBytes, file: file)
        // Fed as a stream: given the whole buffer at once, libxml2 stops documents over 10 MB with
        // an internal error ("huge input lookup").
        let tags = StartTagScanner.scan([UInt8](data), from: skip)
        let parser = XMLParser(stream: InputStream(data: skip == 0 ? data : data.dropFirst(skip)))
        parser.shouldProcessNamespaces = false
        parser.shouldReportNamespacePrefixes = false
        parser.shouldResolveExternalEntities = false
        let builder = Builder(maximumDepth: options.maximumDepth, file: file, tags: tags)
        parser.delegate = builder
        _ = parser.parse()
        if let error = builder.error { throw error }
        if let error = parser.parserError {
            throw XFormReadError(.malformedXML, Builder.describe(error), line: parser.lineNumber, column: parser.columnNumber, file: file)
        }
        if let open = builder.stack.last {
            // libxml2 may end a truncated document without reporting it.
            throw XFormReadError(
                .malformedXML, "malformed XML: the document ends before \(Quoted.element(open.name.qualified)) (line \(open.line)) is closed",
                line: parser.lineNumber, column: parser.columnNumber, file: file)
        }
        guard let root = builder.root else {
            throw XFormReadError(
                .malformedXML, "malformed XML: the document has no complete root element", line: max(parser.lineNumber, 1),
                column: max(parser.columnNumber, 1),
                file: file)
        }
        return (root, builder.declarations)
    }

    /// The parser's delegate: a stack of open elements.
    private final class Builder: NSObject, XMLParserDelegate {
        struct Open {
            var name: XFormName
            var attributes: [XFormAttribute]
            var content: [XFormElement.Content] = []
            var pendingText = ""
            var namespaces: [String: String]
            var line: Int
            var column: Int
        }

        let maximumDepth: Int
        let file: String?
        var stack: [Open] = []
        var root: XFormElement?
        var error: XFormReadError?
        /// The start tags as written, consumed one per element the parser starts.
        let tags: [StartTagScanner.Tag]
        var nextTag = 0
        var declarations: [Position: [XMLNamespaceDeclaration]] = [:]

        init(maximumDepth: Int, file: String?, tags: [StartTagScanner.Tag]) {
            self.maximumDepth = maximumDepth
            self.file = file
            self.tags = tags
        }

        /// The attribute names in the order written: the scanned start tag's when it names the
        /// same element and attributes (it always should), else sorted.
        func writtenOrder(_ elementName: String, _ attributes: [String: String]) -> [String] {
            defer { nextTag += 1 }
            if nextTag < tags.count, tags[nextTag].name == elementName, tags[nextTag].attributes.count == attributes.count,
                Set(tags[nextTag].attributes) == Set(attributes.keys)
            {
                return tags[nextTag].attributes
            }
            return attributes.keys.sorted()
        }

        func fail(_ parser: XMLParser, _ error: XFormReadError) {
            if self.error == nil { self.error = error }
            parser.abortParsing()
        }

        func parser(
            _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
            attributes attributeDict: [String: String] = [:]
        ) {
            guard error == nil else { return }
            let line = parser.lineNumber
            let column = parser.columnNumber
            guard stack.count < maximumDepth else {
                fail(parser, XFormReadError(
                    .tooDeep, "\(Quoted.element(elementName)) is nested \(stack.count + 1) elements deep, over the limit of \(maximumDepth)",
                    line: line, column: column, file: file))
                return
            }
            let order = writtenOrder(elementName, attributeDict)
            var namespaces = stack.last?.namespaces ?? ["xml": "http://www.w3.org/XML/1998/namespace"]
            var declared: [XMLNamespaceDeclaration] = []
            for key in order {
                let value = attributeDict[key] ?? ""
                if key == "xmlns" {
                    namespaces[""] = value
                    declared.append(XMLNamespaceDeclaration(prefix: "", uri: value))
                } else if key.hasPrefix("xmlns:") {
                    namespaces[String(key.dropFirst(6))] = value
                    declared.append(XMLNamespaceDeclaration(prefix: String(key.dropFirst(6)), uri: value))
                }
            }
            guard let name = resolve(elementName, namespaces: namespaces, isAttribute: false, parser: parser) else { return }
            var attributes: [XFormAttribute] = []
            for key in order where key != "xmlns" && !key.hasPrefix("xmlns:") {
                guard let attributeName = resolve(key, namespaces: namespaces, isAttribute: true, parser: parser, element: elementName) else { return }
                attributes.append(XFormAttribute(name: attributeName, value: attributeDict[key] ?? ""))
            }
            if !declared.isEmpty { declarations[Position(line: line, column: column)] = declared }
            flushText()
            stack.append(Open(name: name, attributes: attributes, namespaces: namespaces, line: line, column: column))
        }

        func resolve(
            _ qualified: String, namespaces: [String: String], isAttribute: Bool, parser: XMLParser, element: String? = nil
        ) -> XFormName? {
            guard let colon = qualified.firstIndex(of: ":") else {
                let uri = isAttribute ? nil : namespaces[""].flatMap { $0.isEmpty ? nil : $0 }
                return XFormName(qualified, namespaceURI: uri)
            }
            let prefix = String(qualified[..<colon])
            let local = String(qualified[qualified.index(after: colon)...])
            guard let uri = namespaces[prefix], !uri.isEmpty else {
                let what = element.map { "attribute \(Quoted.name(qualified)) of \(Quoted.element($0))" } ?? Quoted.element(qualified)
                fail(parser, XFormReadError(
                    .invalidForm, "\(what) uses the prefix \(Quoted.name(prefix)), which no xmlns declaration binds",
                    line: parser.lineNumber, column: parser.columnNumber, file: file))
                return nil
            }
            return XFormName(local, prefix: prefix, namespaceURI: uri)
        }

        func flushText() {
            guard !stack.isEmpty, !stack[stack.count - 1].pendingText.isEmpty else { return }
            stack[stack.count - 1].content.append(.text(stack[stack.count - 1].pendingText))
            stack[stack.count - 1].pendingText = ""
        }

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
            guard error == nil, !stack.isEmpty else { return }
            flushText()
            let open = stack.removeLast()
            let element = XFormElement(
                name: open.name, attributes: open.attributes, content: open.content, line: open.line, column: open.column)
            if stack.isEmpty {
                root = element
            } else {
                stack[stack.count - 1].content.append(.element(element))
            }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            guard error == nil, !stack.isEmpty else { return }
            stack[stack.count - 1].pendingText += string
        }

        func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
            guard error == nil, !stack.isEmpty else { return }
            stack[stack.count - 1].pendingText += String(decoding: CDATABlock, as: UTF8.self)
        }

        func parser(_ parser: XMLParser, foundInternalEntityDeclarationWithName name: String, value: String?) {
            fail(parser, XFormReadError(
                .refusedDTD, "the entity \(Quoted.name(name)) is declared: entities are refused",
                line: parser.lineNumber, column: parser.columnNumber, file: file))
        }

        func parser(_ parser: XMLParser, foundExternalEntityDeclarationWithName name: String, publicID: String?, systemID: String?) {
            fail(parser, XFormReadError(
                .refusedDTD, "the external entity \(Quoted.name(name)) is declared: entities are refused",
                line: parser.lineNumber, column: parser.columnNumber, file: file))
        }

        func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
            // An unbound prefix (libxml2's namespace error 201) is named, with its element, when
            // the element starts.
            guard error == nil, (parseError as NSError).code != 201 else { return }
            var message = Self.describe(parseError)
            if (parseError as NSError).code == 5 {  // libxml2's "document end", said more precisely
                if let open = stack.last {
                    message = "malformed XML: the document ends before \(Quoted.element(open.name.qualified)) (line \(open.line)) is closed"
                } else if root != nil {
                    message = "malformed XML: content after the root element"
                } else {
                    message = "malformed XML: the document has no complete root element"
                }
            }
            fail(parser, XFormReadError(.malformedXML, message, line: parser.lineNumber, column: parser.columnNumber, file: file))
        }

        func parser(_ parser: XMLParser, validationErrorOccurred validationError: any Error) {
            self.parser(parser, parseErrorOccurred: validationError)
        }

        /// A phrase for the parser's error code (libxml2's numbering, which Foundation passes on).
        static func describe(_ error: any Error) -> String {
            let code = (error as NSError).code
            let phrases: [Int: String] = [
                4: "the document is empty",
                9: "a character not allowed in XML",
                23: "an entity reference without its ';'",
                26: "a reference to an undeclared entity",
                27: "a reference to an undeclared entity",
                38: "a '<' inside an attribute value",
                39: "an attribute value is not quoted",
                40: "an attribute is not finished",
                41: "an attribute has no value",
                42: "an attribute is repeated",
                44: "a quoted value is not closed",
                45: "a comment is not closed",
                47: "a processing instruction is not closed",
                63: "a CDATA section is not closed",
                65: "white space is required here",
                68: "a name is required here",
                73: "a '>' is required here",
                76: "an end tag does not match its start tag",
                77: "an element is not closed before the end of the document",
                111: "the parser stopped",
            ]
            return "malformed XML: " + (phrases[code] ?? "the XML parser's error \(code)")
        }
    }
}
