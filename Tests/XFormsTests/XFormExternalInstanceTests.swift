import Foundation
@testable import FormContextXForms
import TestSupport
import Testing

/// External secondary instances: CSV and XML files read from the media folder the app names.
@Suite("XForm documents: external instances")
struct XFormExternalInstanceTests {
    static func form(_ source: String) -> Data {
        Data(
            ("<h:html xmlns:h='http://www.w3.org/1999/xhtml' xmlns='http://www.w3.org/2002/xforms'><h:head><model>"
                + "<instance><data/></instance>\n<instance id='list' src='" + source + "'/></model></h:head><h:body/></h:html>").utf8)
    }

    /// Reads `content` as the media file `name` through a form whose instance has `src`.
    static func read(_ content: Data, name: String = "list.csv", source: String? = nil) throws -> XFormElement? {
        let folder = try ScratchFolder("xforms-media")
        defer { folder.remove() }
        _ = FileManager.default.createFile(atPath: folder.file(name), contents: content)
        let options = XFormReadOptions(mediaFolder: URL(fileURLWithPath: folder.path))
        return try XFormDocument(data: form(source ?? "jr://file/" + name), options: options).secondaryInstance("list")?.root
    }

    /// The rows of a `root/item/column` instance.
    static func rows(_ root: XFormElement?) -> [[String]] {
        root?.children.map { $0.children.map { "\($0.name.localName)=\($0.value)" } } ?? []
    }

    @Test(
        "CSV files read as JavaRosa reads them",
        arguments: [
            ("name,label\na,A\nb,B\n", [["name=a", "label=A"], ["name=b", "label=B"]]),
            ("name;label\r\na;A, with comma\r\n", [["name=a", "label=A, with comma"]]),
            ("\u{FEFF}name,label\na,\"x, \"\"y\"\"\nz\"\n", [["name=a", "label=x, \"y\"\nz"]]),
            ("name,label\n\n\na,A\n\n", [["name=a", "label=A"]]),
            ("name,label,extra\na\nb,B,C,D\n", [["name=a", "label=", "extra="], ["name=b", "label=B", "extra=C"]]),
            ("name, spaced \n a , b ", [["name= a ", " spaced = b "]]),
            ("name,label\na,A", [["name=a", "label=A"]]),
            ("name\n", []),
        ] as [(String, [[String]])])
    func csv(text: String, rows: [[String]]) throws {
        let root = try #require(try Self.read(Data(text.utf8)))
        #expect(root.name.localName == "root")
        #expect(root.children.allSatisfy { $0.name.localName == "item" })
        #expect(Self.rows(root) == rows)
    }

    @Test(
        "malformed CSV files are refused naming the file and line",
        arguments: [
            ("", "list.csv, line 1: the CSV file is empty; its first line must name the columns"),
            ("name,label\na,\"open\nb,B\n", "list.csv, line 2: a quoted field of the CSV file is not closed"),
            ("name,label\na,\"x\"y\n", "list.csv, line 2: the CSV file has text between a quoted field's closing quote and the delimiter"),
            ("name,name\n", "list.csv, line 1: the CSV file's header names the column \"name\" twice"),
            ("a,\"\"\nb,c\n", "list.csv, line 1: a column of the CSV file's header has no name"),
            ("name\n\u{1}\u{FFFD}", nil),
        ] as [(String, String?)])
    func malformedCSV(text: String, message: String?) throws {
        guard let message else {
            #expect(Self.rows(try Self.read(Data(text.utf8))) == [["name=\u{1}\u{FFFD}"]])
            return
        }
        do {
            _ = try Self.read(Data(text.utf8))
            Issue.record("read without error")
        } catch {
            #expect((error as? XFormReadError)?.description == message)
            #expect((error as? XFormReadError)?.kind == .externalInstance)
        }
        let invalid = Data("name\nab".utf8) + Data([0xFF])
        #expect(throws: XFormReadError(.invalidEncoding, "invalid UTF-8: byte 0xFF at offset 7", line: 2, column: 3, file: "list.csv")) {
            try Self.read(invalid)
        }
    }

    @Test("seeded: a table written as CSV (quoted where needed) reads back as the same table")
    func csvRoundTrip() throws {
        var random = SplitMix64(seed: 0xC5_0023)
        let alphabet: [Character] = ["a", "b", " ", ",", "\"", "\n", "é", "\r\n", "x", ";"]
        for _ in 0..<60 {
            let columns = 2 + Int(random.next() % 4)
            let header = (0..<columns).map { "c\($0)" }
            let table = (0..<Int(random.next() % 6)).map { _ in
                (0..<columns).map { _ in String((0..<Int(random.next() % 6)).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }) }
            }
            // An independent writer: every field quoted, quotes doubled.
            let lines = [header] + table
            let text = lines.map { $0.map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }.joined(separator: ",") }
                .joined(separator: "\n")
            let expected = table.map { row in zip(header, row).map { "\($0)=\($1)" } }
            #expect(Self.rows(try Self.read(Data(text.utf8))) == expected, "\(text.debugDescription)")
        }
    }

    @Test("an XML file reads as its document, through the same safety checks")
    func xmlFile() throws {
        let root = try #require(try Self.read(Data("<towns><town id='1'><name>Oslo</name></town></towns>".utf8), name: "towns.xml"))
        #expect(root.name.localName == "towns")
        #expect(root.children.first?.attribute("id") == "1")
        #expect(throws: XFormReadError(
            .refusedDTD,
            "a DOCTYPE with a DTD (entity or attribute declarations, or an external DTD) is refused: XForms need none, and entities could expand without bound or fetch files",
            line: 1, column: 1, file: "towns.xml"))
        {
            try Self.read(Data("<!DOCTYPE t [<!ENTITY e 'x'>]><t>&e;</t>".utf8), name: "towns.xml")
        }
        #expect(throws: XFormReadError(.malformedXML, "malformed XML: the document has no complete root element", line: 1, column: 1, file: "towns.xml")) {
            try Self.read(Data("<t>".utf8), name: "towns.xml")
        }
    }

    @Test(
        "a src that is not a plain media file name, or not a file, is refused naming the instance",
        arguments: [
            ("jr://file/../secret.csv", "line 2, column 50: <instance id=\"list\"> names the file \"../secret.csv\"; a media file name has no folder part"),
            ("jr://file//etc/passwd.xml", "line 2, column 52: <instance id=\"list\"> names the file \"/etc/passwd.xml\"; a media file name has no folder part"),
            ("jr://file/.hidden.csv", "line 2, column 48: <instance id=\"list\"> names the file \".hidden.csv\"; a media file name has no folder part"),
            ("jr://file/sub/\u{301}x.csv", "line 2, column 47: <instance id=\"list\"> names the file \"sub/\u{301}x.csv\"; a media file name has no folder part"),
            ("jr://file/.\u{301}hidden.csv", "line 2, column 49: <instance id=\"list\"> names the file \".\u{301}hidden.csv\"; a media file name has no folder part"),
            ("http://127.0.0.1:9/list.csv", "line 2, column 54: <instance id=\"list\"> has the src \"http://127.0.0.1:9/list.csv\"; only jr://file/ and jr://file-csv/ are read"),
            ("jr://file/shapes.geojson", "line 2, column 51: <instance id=\"list\"> names \"shapes.geojson\"; external instances are .xml or .csv files"),
            ("jr://file/missing.csv", "missing.csv: the file cannot be read: it does not exist or is not accessible"),
        ])
    func refusedSources(source: String, message: String) {
        do {
            _ = try Self.read(Data("name\n".utf8), source: source)
            Issue.record("read without error")
        } catch {
            #expect((error as? XFormReadError)?.description == message)
        }
    }

    @Test("jr://file-csv/ reads the same CSV; without a media folder the instance is listed unread; an oversized file is refused")
    func sources() throws {
        #expect(Self.rows(try Self.read(Data("v\n1\n".utf8), source: "jr://file-csv/list.csv")) == [["v=1"]])
        let unread = try XFormDocument(data: Self.form("jr://file/list.csv")).secondaryInstance("list")
        #expect(unread?.source == "jr://file/list.csv" && unread?.root == nil)
        let folder = try ScratchFolder("xforms-media-big")
        defer { folder.remove() }
        _ = FileManager.default.createFile(atPath: folder.file("list.csv"), contents: Data(repeating: 0x61, count: 2_000))
        try FileManager.default.createDirectory(atPath: folder.file("dir.csv"), withIntermediateDirectories: false)
        let small = XFormReadOptions(maximumBytes: 1_000, mediaFolder: URL(fileURLWithPath: folder.path))
        #expect(throws: XFormReadError(.tooLarge, "the file is 2000 bytes, over the limit of 1000 bytes", file: "list.csv")) {
            try XFormDocument(data: Self.form("jr://file/list.csv"), options: small)
        }
        let options = XFormReadOptions(mediaFolder: URL(fileURLWithPath: folder.path))
        #expect(throws: XFormReadError(.unreadableFile, "the path is not a regular file", file: "dir.csv")) {
            try XFormDocument(data: Self.form("jr://file/dir.csv"), options: options)
        }
    }
}
