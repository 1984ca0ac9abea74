import Foundation
@testable import FormContextXForms
import TestSupport
import Testing

/// Every form of the oracle corpus (forms written by others, read where they are:
/// `../shared/oracle-corpus`, or `$ORACLE_CORPUS`) reads without error into a model whose parts
/// match the form: the instance's nodes against JavaRosa's first dump, the binds, itext entries
/// and body controls against a plain count of their tags in the file.
@Suite("XForm documents: the oracle corpus")
struct XFormCorpusTests {
    static var isCI: Bool { OracleCorpus.isCI }
    static var folder: URL? { OracleCorpus.folder }
    static var forms: [String] { OracleCorpus.forms }

    @Test("the corpus is there (required under CI; elsewhere its absence skips the corpus tests)")
    func corpusPresent() {
        if Self.folder == nil {
            if Self.isCI {
                Issue.record("the oracle corpus is missing: set ORACLE_CORPUS or place it at ../shared/oracle-corpus")
            } else {
                print("note: the oracle corpus (../shared/oracle-corpus or $ORACLE_CORPUS) is missing; its forms are not read")
            }
            return
        }
        #expect(Self.forms.count >= 57)
    }

    @Test("every corpus form reads, and its parts match the form", arguments: forms)
    func corpusForm(name: String) throws {
        let folder = try #require(Self.folder)
        let url = folder.appendingPathComponent(name + ".xml")
        let document = try XFormDocument(contentsOf: url)
        let text = try Self.withoutComments(String(contentsOf: url, encoding: .utf8))

        #expect(document.binds.count == Self.count(#"<bind[\s/>]"#, in: text), "binds")
        #expect(document.translations.reduce(0) { $0 + $1.texts.count } == Self.count(#"<text\s+id="#, in: text), "itext entries")
        let body = text.range(of: "<h:body").map { String(text[$0.lowerBound...]) } ?? ""
        var kinds: [XFormControl.Kind: Int] = [:]
        Self.visit(document.body) { kinds[$0.kind, default: 0] += 1 }
        for kind in [XFormControl.Kind.input, .select1, .select, .trigger, .range, .upload, .group, .repeat] {
            #expect(kinds[kind, default: 0] == Self.count("<\(kind)[\\s/>]", in: body), "\(kind) controls")
        }

        // The instance against JavaRosa's first dump, when the script dumps before changing the
        // instance's structure.
        let script = try String(contentsOf: folder.appendingPathComponent(name + ".script"), encoding: .utf8)
        let actions = script.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty && !$0.hasPrefix("#") }
        guard let firstStructural = actions.firstIndex(where: { ["dump", "add-repeat", "remove-repeat", "walk"].contains($0.split(separator: " ")[0]) }),
            actions[firstStructural] == "dump"
        else { return }
        let expected = try String(contentsOf: folder.appendingPathComponent(name + ".expected"), encoding: .utf8)
        guard let line = expected.split(separator: "\n").first(where: { $0.hasPrefix("{\"dump\"") }) else { return }
        let dump = try JSONDecoder().decode(Dump.self, from: Data(line.utf8))
        var repeats: Set<String> = []
        Self.visit(document.body) { if $0.kind == .repeat, let ref = $0.ref { repeats.insert(ref.trimmingCharacters(in: .whitespaces)) } }
        #expect(Self.paths(document.primaryInstance, repeats: repeats) == dump.dump.map(\.path))
    }

    struct Dump: Decodable {
        struct Node: Decodable { var path: String }
        var dump: [Node]
    }

    /// The paths of the non-template elements as JavaRosa's dump writes them: `[n]` on repeat
    /// instances and on elements with same-named siblings, and in JavaRosa's child order, which
    /// is document order except that same-named siblings are kept together (a child joins the
    /// last sibling of its name).
    static func paths(_ root: XFormElement, repeats: Set<String>) -> [String] {
        var out: [String] = []
        func walk(_ element: XFormElement, path: String, plain: String) {
            out.append(path)
            let children = element.children
            var order: [String] = []
            for child in children where !order.contains(child.name.localName) { order.append(child.name.localName) }
            let grouped = order.flatMap { name in children.filter { $0.name.localName == name } }
            var seen: [String: Int] = [:]
            for child in grouped where !child.isTemplate {
                let name = child.name.localName
                let childPlain = plain + "/" + name
                let siblings = children.filter { !$0.isTemplate && $0.name.localName == name }.count
                let isRepeat = repeats.contains(childPlain) || children.contains { $0.isTemplate && $0.name.localName == name }
                seen[name, default: 0] += 1
                let step = siblings > 1 || isRepeat ? "\(name)[\(seen[name]!)]" : name
                walk(child, path: path + "/" + step, plain: childPlain)
            }
        }
        let name = root.name.localName
        walk(root, path: "/" + name, plain: "/" + name)
        return out
    }

    static func visit(_ controls: [XFormControl], _ body: (XFormControl) -> Void) {
        for control in controls {
            body(control)
            visit(control.children, body)
        }
    }

    static func count(_ pattern: String, in text: String) -> Int {
        (try? NSRegularExpression(pattern: pattern)).map { $0.numberOfMatches(in: text, range: NSRange(text.startIndex..., in: text)) } ?? -1
    }

    static func withoutComments(_ text: String) throws -> String {
        let regex = try NSRegularExpression(pattern: "<!--.*?-->", options: .dotMatchesLineSeparators)
        return regex.stringByReplacingMatches(in: text, range: NSRange(text.startIndex..., in: text), withTemplate: "")
    }
}
