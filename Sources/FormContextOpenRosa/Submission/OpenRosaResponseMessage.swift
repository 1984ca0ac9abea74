internal import Foundation
#if canImport(FoundationXML)
internal import FoundationXML
#endif

/// The `<message>` of a server's `<OpenRosaResponse>` envelope, read safely (no DTD, at most 1 MiB),
/// escaped and cut for a reason line.
enum OpenRosaResponseMessage {
    /// Whether `body` is an `OpenRosaResponse` envelope, and its message, escaped; `nil` when the body
    /// is not an envelope.
    ///
    /// - Parameter body: The response body.
    /// - Returns: The message (empty when the envelope has none), or `nil`.
    static func read(_ body: Data) -> String? {
        guard !body.isEmpty, body.count <= 1 << 20, !InstanceMetadata.declaresDocumentType(body) else { return nil }
        let parser = XMLParser(data: body)
        parser.shouldProcessNamespaces = true
        parser.shouldResolveExternalEntities = false
        let reader = Reader()
        parser.delegate = reader
        guard parser.parse(), reader.isEnvelope else { return nil }
        return Escaped.plain(reader.message.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    private final class Reader: NSObject, XMLParserDelegate {
        var isEnvelope = false
        var depth = 0
        var inMessage = false
        var found = false
        var message = ""

        func parser(
            _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            if depth == 0 { isEnvelope = elementName == "OpenRosaResponse" }
            if depth == 1 && elementName == "message" && !found { inMessage = true }
            depth += 1
            if depth > 32 { parser.abortParsing() }
        }

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
            depth -= 1
            if inMessage && depth == 1 {
                inMessage = false
                found = true
            }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if inMessage && message.count < 4096 { message += string }
        }

        func parser(_ parser: XMLParser, foundInternalEntityDeclarationWithName name: String, value: String?) {
            parser.abortParsing()
        }
    }
}
