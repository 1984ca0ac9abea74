import FormContextXForms
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// A small XML element tree for the documents an OpenRosa server sends (form list, manifest,
/// `OpenRosaResponse`), read with `XMLParser` safely: bounded in size, depth and element count, no
/// DTD (so no entity is ever expanded or fetched), namespaces resolved.
struct OpenRosaXML: Sendable {
    var localName: String
    var namespace: String?
    var attributes: [String: String]
    var children: [OpenRosaXML]
    var text: String

    static let maximumDepth = 32
    static let maximumElements = 200_000

    /// The first child named `name`.
    func child(_ name: String) -> OpenRosaXML? { children.first { $0.localName == name } }

    /// The trimmed text of the first child named `name`, or `nil` when there is no such child.
    func value(_ name: String) -> String? {
        child(name).map { $0.text.trimmingCharacters(in: .whitespacesAndNewlines) }
    }

    /// Reads `data`; the error says what was wrong in `what` (`the form list`).
    static func parse(_ data: Data, what: String) throws(OpenRosaError) -> OpenRosaXML {
        if data.range(of: Data("<!DOCTYPE".utf8)) != nil || data.range(of: Data("<!ENTITY".utf8)) != nil {
            throw OpenRosaError(.malformedDocument, "\(what) has a DTD, which is refused")
        }
        // UTF-8 only, as the XForms reader takes it: in UTF-16 or UTF-7 a DTD has other bytes than
        // the ones looked for above, and the parser would read it.
        do throws(XFormReadError) {
            _ = try XMLPrescan.check(data, maximumBytes: data.count, file: nil)
        } catch {
            throw OpenRosaError(.malformedDocument, "\(what) cannot be read: \(error.message)")
        }
        let builder = Builder()
        let parser = XMLParser(data: data)
        parser.shouldProcessNamespaces = true
        parser.shouldReportNamespacePrefixes = false
        parser.shouldResolveExternalEntities = false
        parser.delegate = builder
        let parsed = parser.parse()
        if let problem = builder.problem { throw OpenRosaError(.malformedDocument, "\(what) \(problem)") }
        guard parsed, let root = builder.root else {
            let line = parser.lineNumber
            throw OpenRosaError(.malformedDocument, "\(what) is not well-formed XML (line \(line))")
        }
        return root
    }

    private final class Builder: NSObject, XMLParserDelegate {
        var stack: [OpenRosaXML] = []
        var root: OpenRosaXML?
        var count = 0
        var problem: String?

        func parser(
            _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            count += 1
            if stack.count >= OpenRosaXML.maximumDepth {
                problem = "nests elements deeper than \(OpenRosaXML.maximumDepth)"
                parser.abortParsing()
                return
            }
            if count > OpenRosaXML.maximumElements {
                problem = "has more than \(OpenRosaXML.maximumElements) elements"
                parser.abortParsing()
                return
            }
            let local = elementName.split(separator: ":").last.map(String.init) ?? elementName
            stack.append(OpenRosaXML(
                localName: local, namespace: namespaceURI?.isEmpty == false ? namespaceURI : nil, attributes: attributes, children: [], text: ""))
        }

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
            guard let element = stack.popLast() else { return }
            if stack.isEmpty { root = element } else { stack[stack.count - 1].children.append(element) }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            guard !stack.isEmpty else { return }
            stack[stack.count - 1].text += string
        }

        func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
            guard !stack.isEmpty else { return }
            stack[stack.count - 1].text += String(decoding: CDATABlock, as: UTF8.self)
        }
    }
}
