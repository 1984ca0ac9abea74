import Foundation
@testable import FormContextXForms
import TestSupport
import Testing

/// Submission XML, byte for byte with JavaRosa 5.1.0: forms of our own whose JavaRosa output sits
/// beside them (`Forms/submission-*.expected`, `Forms/households-submission.expected`, made with
/// `../shared/oracle/run FORM.xml FORM.script`), and every `submission` line of the oracle corpus
/// read back into a record and written again.
@Suite("Submission XML: written as JavaRosa writes it")
struct SubmissionWriterTests {
    static let forms = XFormExampleFormTests.forms

    /// The `submission` outputs of an `.expected` file, in order.
    static func submissions(_ url: URL) throws -> [Data] {
        struct Line: Decodable { var submission: String? }
        let text = try String(contentsOf: url, encoding: .utf8)
        return try text.split(separator: "\n").compactMap { line in
            try JSONDecoder().decode(Line.self, from: Data(line.utf8)).submission.map { Data($0.utf8) }
        }
    }

    /// The corpus forms whose script writes a submission.
    static let corpusForms: [String] = XFormCorpusTests.forms.filter { name in
        guard let folder = XFormCorpusTests.folder,
            let expected = try? String(contentsOf: folder.appendingPathComponent(name + ".expected"), encoding: .utf8)
        else { return false }
        return expected.contains("{\"submission\":")
    }

    @Test(
        "a form of ours, as it loads, is written as JavaRosa writes it",
        arguments: ["submission-text", "submission-namespaces", "submission-schema"])
    func formAsLoaded(name: String) throws {
        let document = try XFormDocument(contentsOf: Self.forms.appendingPathComponent(name + ".xml"))
        let expected = try #require(try Self.submissions(Self.forms.appendingPathComponent(name + ".expected")).first)
        let written = try document.submissionXML(for: document.primaryInstance)
        #expect(String(decoding: written, as: UTF8.self) == String(decoding: expected, as: UTF8.self))
        #expect(written == expected)
    }

    @Test("the example form filled in here, non-relevant nodes left out, is JavaRosa's submission of the same answers")
    func householdsFilledIn() throws {
        let document = try XFormDocument(contentsOf: Self.forms.appendingPathComponent("households.xml"))
        var record = document.primaryInstance
        func set(_ path: [String], _ value: String, at index: Int = 0) {
            record = Self.setting(record, path: path, index: index, value: value)
        }
        set(["village"], #"Bé & Co <north> "Lakeside" @ 'shore'"#)
        set(["visits"], "2")
        set(["followup", "last_visit"], "2026-11-20")
        set(["followup", "reason"], "school")
        // The form holds one member after its template; two more are copies of the template.
        let template = try #require(record.children.first { $0.isTemplate })
        var newMember = template
        newMember.attributes.removeAll { $0.name.localName == "template" }
        let last = try #require(record.content.lastIndex { if case .element(let child) = $0 { child.name.localName == "members" } else { false } })
        record.content.insert(contentsOf: [.element(newMember), .element(newMember)], at: last + 1)
        for (index, (name, age)) in [("Ann", "9"), ("Ben", "40"), ("Zoë 😀", "2")].enumerated() {
            set(["members", "name"], name, at: index)
            set(["members", "age"], age, at: index)
        }
        set(["members", "at_school"], "yes", at: 0)
        set(["member_count"], "3")
        set(["children"], "2")
        set(["meta", "instanceID"], "uuid:b166305a-fb02-4f2f-afee-76e52458d18c")
        // Not relevant: at_school of the members aged 40 and 2. (followup is relevant: visits > 0.)
        record = Self.removing(record, path: ["members", "at_school"], indexes: [1, 2])

        let expected = try #require(try Self.submissions(Self.forms.appendingPathComponent("households-submission.expected")).first)
        #expect(String(decoding: try document.submissionXML(for: record), as: UTF8.self) == String(decoding: expected, as: UTF8.self))
    }

    @Test(
        "JavaRosa's submissions of our forms read back as records of the form and are written again byte for byte",
        arguments: ["submission-text", "submission-namespaces", "submission-schema", "households-submission"])
    func ownRoundTrip(name: String) throws {
        let formName = name == "households-submission" ? "households" : name
        let document = try XFormDocument(contentsOf: Self.forms.appendingPathComponent(formName + ".xml"))
        let submissions = try Self.submissions(Self.forms.appendingPathComponent(name + ".expected"))
        #expect(!submissions.isEmpty)
        for submission in submissions {
            let record = try document.record(fromXML: submission)
            // JavaRosa writes a carriage return in text as it is; XML reads it back as a line feed.
            let expected = String(decoding: submission, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n")
                .replacingOccurrences(of: "\r", with: "\n")
            #expect(String(decoding: try document.submissionXML(for: record), as: UTF8.self) == expected)
        }
    }

    @Test("every corpus submission reads back as a record of its form and is written again byte for byte", arguments: corpusForms)
    func corpusRoundTrip(name: String) throws {
        let folder = try #require(XFormCorpusTests.folder)
        let document = try XFormDocument(contentsOf: folder.appendingPathComponent(name + ".xml"))
        for submission in try Self.submissions(folder.appendingPathComponent(name + ".expected")) {
            let record = try document.record(fromXML: submission)
            let written = try document.submissionXML(for: record)
            #expect(String(decoding: written, as: UTF8.self) == String(decoding: submission, as: UTF8.self))
        }
    }

    @Test("the corpus has its submissions (required under CI; elsewhere its absence skips them)")
    func corpusSubmissions() throws {
        guard let folder = XFormCorpusTests.folder else {
            if XFormCorpusTests.isCI {
                Issue.record("the oracle corpus is missing: set ORACLE_CORPUS or place it at ../shared/oracle-corpus")
            } else {
                print("note: the oracle corpus (../shared/oracle-corpus or $ORACLE_CORPUS) is missing; its submissions are not checked")
            }
            return
        }
        var count = 0
        for name in Self.corpusForms {
            count += try Self.submissions(folder.appendingPathComponent(name + ".expected")).count
        }
        #expect(count >= 27)
    }

    @Test("text and attribute values are escaped as kXML escapes them", arguments: [
        // (value, as text, as an attribute)
        ("plain", "plain", #"a="plain""#),
        ("a&b<c>d", "a&amp;b&lt;c&gt;d", #"a="a&amp;b&lt;c&gt;d""#),
        (#"say "hi""#, #"say "hi""#, #"a='say "hi"'"#),
        ("it's", "it's", #"a="it's""#),
        (#"both " and '"#, #"both " and '"#, #"a='both " and &apos;'"#),
        ("user@example.org", "user&#64;example.org", #"a="user&#64;example.org""#),
        ("tab\tline\nreturn\r", "tab\tline\nreturn\r", #"a="tab&#9;line&#10;return&#13;""#),
        ("é 日本 😀 \u{7F}", "é 日本 😀 \u{7F}", "a=\"é 日本 😀 \u{7F}\""),
    ])
    func escaping(value: String, text: String, attribute: String) throws {
        let record = XFormElement(
            name: XFormName("data"), attributes: [XFormAttribute(name: XFormName("a"), value: value)], content: [.text(value)])
        let written = String(decoding: try SubmissionWriter.write(record, declarations: []), as: UTF8.self)
        #expect(written == "<?xml version='1.0' encoding='UTF-8' ?><data \(attribute)>\(text)</data>")
    }

    @Test(
        "a character XML 1.0 cannot hold, in a value or an attribute, is refused naming the element and the character",
        arguments: [0x00, 0x01, 0x07, 0x08, 0x0B, 0x0C, 0x0E, 0x1B, 0x1F, 0xFFFE, 0xFFFF] as [UInt32])
    func refusesNonXMLCharacters(code: UInt32) throws {
        let scalar = try #require(Unicode.Scalar(code))
        let bad = "a" + String(Character(scalar)) + "b"
        let hex = "U+" + String(code, radix: 16, uppercase: true).leftPadded(to: 4)
        func record(text: String, attribute: String) -> XFormElement {
            let member = XFormElement(name: XFormName("member"), content: [.element(XFormElement(name: XFormName("name"), content: [.text(text)]))])
            let other = XFormElement(name: XFormName("member"), attributes: [XFormAttribute(name: XFormName("tag"), value: attribute)])
            return XFormElement(name: XFormName("data"), content: [.element(other), .element(member)])
        }
        #expect(throws: XFormError.self) { try SubmissionWriter.write(record(text: bad, attribute: "ok"), declarations: []) }
        do {
            _ = try SubmissionWriter.write(record(text: bad, attribute: "ok"), declarations: [])
        } catch {
            #expect(error.kind == .invalidValue)
            #expect(error.message.contains("/data/member[2]/name"), "\(error.message)")
            #expect(error.message.contains(hex), "\(error.message)")
        }
        do {
            _ = try SubmissionWriter.write(record(text: "ok", attribute: bad), declarations: [])
            Issue.record("an attribute holding \(hex) was written")
        } catch {
            #expect(error.message.contains("/data/member[1]/@tag"), "\(error.message)")
            #expect(error.message.contains(hex), "\(error.message)")
        }
        #expect(try SubmissionWriter.write(record(text: "ok", attribute: "ok"), declarations: []).isEmpty == false)
    }

    @Test("same-named siblings are written together where the first stands; templates and a group's text are left out")
    func structure() throws {
        func element(_ name: String, _ content: [XFormElement.Content] = [], template: Bool = false) -> XFormElement.Content {
            let attributes = template ? [XFormAttribute(name: XFormName("template", prefix: "jr", namespaceURI: XFormName.javaRosa), value: "")] : []
            return .element(XFormElement(name: XFormName(name), attributes: attributes, content: content))
        }
        let record = XFormElement(name: XFormName("data"), content: [
            element("a", [.text("1")]), element("r", [element("v")], template: true), element("b"), .text("\n  "),
            element("a", [.text("2")]), element("g", [.text("lost"), element("x", [.text("kept")])]), element("only", [element("t", template: true)]),
        ])
        let written = String(decoding: try SubmissionWriter.write(record, declarations: []), as: UTF8.self)
        #expect(written == "<?xml version='1.0' encoding='UTF-8' ?><data><a>1</a><a>2</a><b /><g><x>kept</x></g><only /></data>")
    }

    @Test("namespaces go in java.util.HashMap's order: the instance root's first, then <h:html>'s, by bucket, growing the table")
    func namespaceOrder() {
        func declarations(_ prefixes: [String]) -> [XMLNamespaceDeclaration] {
            prefixes.map { XMLNamespaceDeclaration(prefix: $0, uri: "urn:" + $0) }
        }
        // Seen from JavaRosa: h, jr and xsd share a bucket of 16, so they keep the order written.
        #expect(SubmissionNamespaces.declarations(form: declarations(["h", "ev", "xsd", "jr", "orx", "odk"]), instance: [], instanceNamespace: nil)
            .map(\.prefix) == ["ev", "orx", "odk", "h", "xsd", "jr"])
        #expect(SubmissionNamespaces.declarations(form: declarations(["h", "jr", "xsd"]), instance: [], instanceNamespace: nil)
            .map(\.prefix) == ["h", "jr", "xsd"])
        // Thirteen prefixes grow the table to 32 buckets.
        let many = SubmissionNamespaces.declarations(
            form: declarations(["h", "jr", "foo", "orx", "a", "b", "c", "d", "e", "f", "g", "i", "k"]), instance: declarations(["bar"]),
            instanceNamespace: "urn:x")
        #expect(many.map(\.prefix) == ["a", "b", "c", "d", "e", "f", "foo", "g", "h", "jr", "i", "k", "bar", "orx", ""])
        // A prefix on both keeps the instance's place and takes <h:html>'s URI.
        let both = SubmissionNamespaces.declarations(
            form: declarations(["h", "jr"]), instance: [XMLNamespaceDeclaration(prefix: "jr", uri: "urn:other"), XMLNamespaceDeclaration(prefix: "rt", uri: "urn:rt")],
            instanceNamespace: nil)
        #expect(both == [.init(prefix: "rt", uri: "urn:rt"), .init(prefix: "jr", uri: "urn:jr"), .init(prefix: "h", uri: "urn:h")])
    }

    /// java.util.HashMap as its source runs `put`: a table of chained buckets, a new key at the end of
    /// its chain, a resize that splits each chain in order into its low and high halves, and the
    /// resize in place of a tree when a chain reaches 9 in a table under 64 buckets.
    struct LiteralHashMap {
        var table: [[(key: String, value: String)]] = Array(repeating: [], count: 16)
        var size = 0

        static func hash(_ key: String) -> UInt32 {
            var hash: Int32 = 0
            for unit in key.utf16 { hash = hash &* 31 &+ Int32(unit) }
            let bits = UInt32(bitPattern: hash)
            return bits ^ (bits >> 16)
        }

        mutating func put(_ key: String, _ value: String) {
            let index = Int(Self.hash(key) & UInt32(table.count - 1))
            if let found = table[index].firstIndex(where: { $0.key == key }) {
                table[index][found].value = value
                return
            }
            table[index].append((key, value))
            if table[index].count >= 9 && table.count < 64 { resize() }
            size += 1
            if size > table.count * 3 / 4 { resize() }
        }

        mutating func resize() {
            let old = table
            table = Array(repeating: [], count: old.count * 2)
            for (index, chain) in old.enumerated() {
                for entry in chain {
                    let high = Self.hash(entry.key) & UInt32(old.count) != 0
                    table[high ? index + old.count : index].append(entry)
                }
            }
        }

        var entries: [(key: String, value: String)] { table.flatMap { $0 } }
    }

    @Test("the namespace order is java.util.HashMap's, against a literal model of its table, for seeded random prefixes")
    func hashMapOrder() {
        let seed = ProcessInfo.processInfo.environment["FORMCONTEXT_SEED"].flatMap(UInt64.init) ?? 20_261_126
        var random = SplitMix64(seed: seed)
        let letters = Array("abhjkoqrxyz")
        // "Aa" and "BB" have the same hash, so these 16 keys share one chain; up to 10 of them grow the
        // table twice through the chain rule (an 11th would make the chain a tree, which neither models).
        let colliding = (0..<16).map { bits in (0..<4).map { bits >> $0 & 1 == 0 ? "Aa" : "BB" }.joined() }
        for round in 0..<500 {
            var literal = LiteralHashMap()
            var order = JavaHashMapOrder()
            let collisions = Array(colliding.shuffled(using: &random).prefix(round % 2 == 0 ? 0 : Int.random(in: 1...10, using: &random)))
            for _ in 0..<Int.random(in: 0...70, using: &random) {
                let plain = String((0..<Int.random(in: 1...3, using: &random)).map { _ in letters.randomElement(using: &random)! })
                let key = !collisions.isEmpty && Int.random(in: 0..<3, using: &random) == 0 ? collisions.randomElement(using: &random)! : plain
                let value = "urn:\(Int.random(in: 0...3, using: &random))"
                literal.put(key, value)
                order.put(key, value)
            }
            #expect(order.entries.map { "\($0.key)=\($0.value)" } == literal.entries.map { "\($0.key)=\($0.value)" }, "seed \(seed), round \(round)")
        }
    }

    @Test("a seeded random record written and read back is the same record, and written again the same bytes")
    func seededRoundTrip() throws {
        let seed = ProcessInfo.processInfo.environment["FORMCONTEXT_SEED"].flatMap(UInt64.init) ?? 20_261_126
        var random = SplitMix64(seed: seed)
        let document = try XFormDocument(contentsOf: Self.forms.appendingPathComponent("submission-text.xml"))
        let pieces = ["a", "Z", "0", " ", "&", "<", ">", "\"", "'", "@", "\t", "\n", "é", "日", "😀", "]]>", "&amp;"]
        func text(attribute: Bool) -> String {
            (0..<Int.random(in: 0...6, using: &random)).map { _ in
                attribute && Bool.random(using: &random) ? "\r" : pieces.randomElement(using: &random)!
            }.joined()
        }
        func element(depth: Int) -> XFormElement {
            let names = [XFormName("a"), XFormName("b"), XFormName("meta", prefix: "orx", namespaceURI: "http://openrosa.org/xforms"), XFormName("c")]
            var attributes: [XFormAttribute] = []
            for name in [XFormName("x"), XFormName("tag", prefix: "odk", namespaceURI: XFormName.odk), XFormName("y")] where Bool.random(using: &random) {
                attributes.append(XFormAttribute(name: name, value: text(attribute: true)))
            }
            let name = names.randomElement(using: &random)!
            guard depth < 4, Bool.random(using: &random) else {
                let value = text(attribute: false)
                return XFormElement(name: name, attributes: attributes, content: value.isEmpty ? [] : [.text(value)])
            }
            // Children already grouped by name, as the writer writes them.
            let children = (0..<Int.random(in: 1...4, using: &random)).map { _ in element(depth: depth + 1) }
            let grouped = children.reduce(into: [XFormElement]()) { out, child in
                if let last = out.lastIndex(where: { $0.name.localName == child.name.localName }) { out.insert(child, at: last + 1) } else { out.append(child) }
            }
            return XFormElement(name: name, attributes: attributes, content: grouped.map { .element($0) })
        }
        for round in 0..<200 {
            var record = element(depth: 0)
            // Unprefixed names in no namespace: the submission declares no default namespace.
            record.name = XFormName(document.primaryInstance.name.localName)
            let written = try document.submissionXML(for: record)
            let read = try XMLTreeReader.read(written, options: XFormReadOptions(), file: nil)
            #expect(Self.positionless(read) == Self.positionless(record), "seed \(seed), round \(round)")
            #expect(try document.submissionXML(for: read) == written, "seed \(seed), round \(round)")
        }
    }

    /// The tree with every line and column 0, so trees from different sources compare.
    static func positionless(_ element: XFormElement) -> XFormElement {
        var copy = element
        copy.line = 0
        copy.column = 0
        copy.content = element.content.map { if case .element(let child) = $0 { .element(positionless(child)) } else { $0 } }
        return copy
    }

    /// The tree with the text of the `index`th element at the path (counting across repeats) set.
    static func setting(_ element: XFormElement, path: [String], index: Int, value: String) -> XFormElement {
        var remaining = index
        return setting(element, path: path[...], remaining: &remaining, value: value)
    }

    private static func setting(_ element: XFormElement, path: ArraySlice<String>, remaining: inout Int, value: String) -> XFormElement {
        guard let first = path.first else {
            defer { remaining -= 1 }
            guard remaining == 0 else { return element }
            var copy = element
            copy.content = [.text(value)]
            return copy
        }
        var copy = element
        copy.content = element.content.map { piece in
            guard case .element(let child) = piece, child.name.localName == first, !child.isTemplate else { return piece }
            return .element(setting(child, path: path.dropFirst(), remaining: &remaining, value: value))
        }
        return copy
    }

    /// The tree without the elements at the path whose place (counting across repeats) is listed.
    static func removing(_ element: XFormElement, path: [String], indexes: Set<Int>) -> XFormElement {
        var seen = 0
        func walk(_ element: XFormElement, _ path: ArraySlice<String>) -> XFormElement {
            var copy = element
            copy.content = element.content.compactMap { piece in
                guard case .element(let child) = piece, child.name.localName == path.first, !child.isTemplate else { return piece }
                if path.count == 1 {
                    defer { seen += 1 }
                    return indexes.contains(seen) ? nil : piece
                }
                return .element(walk(child, path.dropFirst()))
            }
            return copy
        }
        return walk(element, path[...])
    }
}
