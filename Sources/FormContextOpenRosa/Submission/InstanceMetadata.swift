internal import FormContextXForms
internal import Foundation
#if canImport(FoundationXML)
internal import FoundationXML
#endif

/// What a submission needs from an instance's XML: the root element's `id` and `version`, the
/// `meta/instanceID` and `meta/deprecatedID` (in any namespace, as ODK writes `orx:meta` or `meta`),
/// and every element's text, so an attachment can be checked to be named in it.
///
/// The XML is read safely: UTF-8 only, no DTD (so no entity is expanded or fetched), at most
/// ``maximumDepth`` levels, and every error the parser reports is fatal.
struct InstanceMetadata {
    /// The deepest nesting read.
    static let maximumDepth = 128

    var rootName = ""
    var formID: String?
    var formVersion: String?
    var instanceID: String?
    var deprecatedID: String?
    /// The text of every element that holds text, trimmed.
    var texts: Set<String> = []

    /// Reads `xml`.
    ///
    /// - Parameter xml: The instance's bytes.
    /// - Throws: ``OpenRosaError/invalidInstance(_:)`` naming what is wrong and where.
    init(reading xml: Data) throws(OpenRosaError) {
        guard !xml.isEmpty else { throw .invalidInstance("the instance XML is empty") }
        guard String(data: xml, encoding: .utf8) != nil else { throw .invalidInstance("the instance XML is not UTF-8") }
        if Self.declaresDocumentType(xml) {
            throw .invalidInstance("the instance XML declares a document type (<!DOCTYPE>), which is refused")
        }
        let parser = XMLParser(stream: InputStream(data: xml))
        parser.shouldProcessNamespaces = true
        parser.shouldResolveExternalEntities = false
        let reader = Reader()
        parser.delegate = reader
        _ = parser.parse()
        if let problem = reader.problem {
            throw .invalidInstance("\(problem) (line \(parser.lineNumber), column \(parser.columnNumber))")
        }
        if let error = parser.parserError {
            let text = (error as NSError).localizedDescription
            throw .invalidInstance("the instance XML does not read: \(Quoted.plain(text)) (line \(parser.lineNumber), column \(parser.columnNumber))")
        }
        guard reader.depth == 0, !reader.rootName.isEmpty else { throw .invalidInstance("the instance XML ends before its root element closes") }
        self = reader.metadata
    }

    /// Whether `xml` holds `<!DOCTYPE` in any case.
    static func declaresDocumentType(_ xml: Data) -> Bool {
        let pattern = Array("<!doctype".utf8)
        let bytes = [UInt8](xml)
        guard bytes.count >= pattern.count else { return false }
        for start in 0...(bytes.count - pattern.count) where bytes[start] == 0x3C && bytes[start + 1] == 0x21 {
            if (0..<pattern.count).allSatisfy({ bytes[start + $0] | (bytes[start + $0] >= 0x41 && bytes[start + $0] <= 0x5A ? 0x20 : 0) == pattern[$0] }) {
                return true
            }
        }
        return false
    }

    /// The parser's delegate: follows the path of local names and keeps what the metadata needs.
    private final class Reader: NSObject, XMLParserDelegate {
        var metadata = InstanceMetadata(empty: ())
        var rootName = ""
        var path: [String] = []
        var depth = 0
        var text = ""
        var problem: String?

        func parser(
            _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            guard problem == nil else { return }
            if depth == 0 {
                guard rootName.isEmpty else {
                    fail(parser, "the instance XML has more than one root element")
                    return
                }
                rootName = elementName
                metadata.rootName = elementName
                metadata.formID = attributes["id"]
                metadata.formVersion = attributes["version"]
            }
            depth += 1
            guard depth <= InstanceMetadata.maximumDepth else {
                fail(parser, "the instance XML nests deeper than \(InstanceMetadata.maximumDepth) elements")
                return
            }
            path.append(elementName)
            text = ""
        }

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
            guard problem == nil else { return }
            let value = text.trimmingCharacters(in: .whitespacesAndNewlines)
            if !value.isEmpty { metadata.texts.insert(value) }
            if path.count == 3 && path[1] == "meta" {
                if path[2] == "instanceID" { metadata.instanceID = value }
                if path[2] == "deprecatedID" { metadata.deprecatedID = value.isEmpty ? nil : value }
            }
            path.removeLast()
            depth -= 1
            text = ""
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            text += string
        }

        func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
            text += String(decoding: CDATABlock, as: UTF8.self)
        }

        func parser(_ parser: XMLParser, foundInternalEntityDeclarationWithName name: String, value: String?) {
            fail(parser, "the instance XML declares an entity, which is refused")
        }

        func parser(_ parser: XMLParser, foundExternalEntityDeclarationWithName name: String, publicID: String?, systemID: String?) {
            fail(parser, "the instance XML declares an entity, which is refused")
        }

        func fail(_ parser: XMLParser, _ message: String) {
            if problem == nil { problem = message }
            parser.abortParsing()
        }
    }

    private init(empty: Void) {}
}
