import Foundation
@testable import FormContextXForms
import TestSupport
import Testing

/// Hostile documents, generated here: each gets a clear error naming what and where, without
/// expanding, fetching or recursing, and with memory that does not grow with the attack.
@Suite("XForm documents: hostile input")
struct XFormSafetyTests {
    /// A minimal form around an instance body.
    static func form(instance: String, prolog: String = "") -> String {
        prolog + "<h:html xmlns:h='http://www.w3.org/1999/xhtml' xmlns='http://www.w3.org/2002/xforms'><h:head><model><instance>"
            + instance + "</instance></model></h:head><h:body/></h:html>"
    }

    static func readError(_ bytes: Data, options: XFormReadOptions = XFormReadOptions()) -> XFormReadError? {
        do {
            _ = try XFormDocument(data: bytes, options: options)
            return nil
        } catch {
            return error
        }
    }

    @Test(
        "a DTD is refused before the parser sees it: entity expansion, external entities, external DTDs",
        arguments: [
            // A billion laughs: ten levels of ten references each.
            "<!DOCTYPE h:html [<!ENTITY l0 'ha'>"
                + (1...9).map { level in "<!ENTITY l\(level) '" + String(repeating: "&l\(level - 1);", count: 10) + "'>" }.joined()
                + "]>\n",
            "<?xml version='1.0'?>\n<!-- a comment -->\n<!DOCTYPE h:html [<!ENTITY xxe SYSTEM 'file:///etc/passwd'>]>\n",
            "<!DOCTYPE h:html SYSTEM 'http://127.0.0.1:9/evil.dtd'>\n",
            "<!DOCTYPE h:html PUBLIC '-//x//y' 'evil.dtd'>\n",
            "<!DOCTYPE h:html [<!ATTLIST data id CDATA 'injected'>]>\n",
        ])
    func refusedDTD(prolog: String) throws {
        let text = Self.form(instance: "<data>&l9;</data>", prolog: prolog)
        let error = try #require(Self.readError(Data(text.utf8)))
        #expect(error.kind == .refusedDTD)
        let line = prolog.split(separator: "\n", omittingEmptySubsequences: false).count - 1
        #expect(error.description == "line \(line), column 1: a DOCTYPE with a DTD (entity or attribute declarations, or an external DTD) is refused: XForms need none, and entities could expand without bound or fetch files")
    }

    @Test("a DOCTYPE that declares nothing is read; a reference to an undeclared entity is malformed XML")
    func bareDoctype() throws {
        let bare = Self.form(instance: "<data><a>1</a></data>", prolog: "<?xml version='1.0' encoding='utf-8'?><!DOCTYPE h:html>")
        #expect(try XFormDocument(data: Data(bare.utf8)).primaryInstance.children.map(\.value) == ["1"])
        let reference = try #require(Self.readError(Data(Self.form(instance: "<data>&xxe;</data>").utf8)))
        #expect(reference.kind == .malformedXML)
        #expect(reference.description == "line 1, column 122: malformed XML: a reference to an undeclared entity")
    }

    @Test("100,000 nested elements stop at the depth limit with the element and its place, in bounded memory")
    func deepNesting() throws {
        let depth = 100_000
        let text = Self.form(instance: String(repeating: "<a>", count: depth) + String(repeating: "</a>", count: depth))
        let before = Memory.residentBytes()
        let error = try #require(Self.readError(Data(text.utf8)))
        let grown = Memory.residentBytes().map { $0 - (before ?? 0) }
        #expect(error.kind == .tooDeep)
        #expect(error.description == "line 1, column 293: <a> is nested 65 elements deep, over the limit of 64")
        let raised = try #require(Self.readError(Data(text.utf8), options: XFormReadOptions(maximumDepth: 500)))
        #expect(raised.description == "line 1, column 1601: <a> is nested 501 elements deep, over the limit of 500")
        let overCeiling = try #require(Self.readError(Data(text.utf8), options: XFormReadOptions(maximumDepth: 100_000)))
        #expect(overCeiling.description == "the depth limit 100000 is over the ceiling of 500, past which a document could exhaust a thread's stack")
        if let grown { #expect(grown < 64 << 20, "resident memory grew by \(grown) bytes") }
    }

    @Test("a document as deep as the ceiling, in its instance and in its body, reads and is freed on a 512 KB thread stack")
    func deepestOnSmallStack() async throws {
        let depth = XFormReadOptions.depthCeiling - 10
        let text = "<h:html xmlns:h='http://www.w3.org/1999/xhtml' xmlns='http://www.w3.org/2002/xforms'><h:head><model><instance>"
            + String(repeating: "<a>", count: depth) + String(repeating: "</a>", count: depth) + "</instance></model></h:head><h:body>"
            + String(repeating: "<group><label>x <h:span><output value='/a'/></h:span></label>", count: depth)
            + String(repeating: "</group>", count: depth) + "</h:body></h:html>"
        let counts: (Int, Int)? = await withCheckedContinuation { continuation in
            let thread = Thread {
                let document = try? XFormDocument(data: Data(text.utf8), options: XFormReadOptions(maximumDepth: XFormReadOptions.depthCeiling))
                var controls = 0
                var level = document?.body ?? []
                while let first = level.first {
                    controls += 1
                    level = first.children
                }
                continuation.resume(returning: document.map { ($0.primaryInstance.elementCount(), controls) })
            }
            thread.stackSize = 512 << 10
            thread.start()
        }
        #expect(counts?.0 == depth && counts?.1 == depth)
    }

    @Test("a 100 MB file is refused before it is read, in bounded memory; so are 100 MB in memory")
    func hugeFile() throws {
        let folder = try ScratchFolder("xforms-huge")
        defer { folder.remove() }
        let path = folder.file("huge.xml")
        #expect(FileManager.default.createFile(atPath: path, contents: Data("<h:html>".utf8)))
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: 100 << 20)  // sparse: 100 MB that cost no disk
        try handle.close()
        let before = Memory.residentBytes()
        do {
            _ = try XFormDocument(contentsOf: URL(fileURLWithPath: path))
            Issue.record("a 100 MB file was read")
        } catch {
            #expect(error.kind == .tooLarge)
            #expect(error.description == "huge.xml: the file is 104857600 bytes, over the limit of 16777216 bytes")
        }
        let grown = Memory.residentBytes().map { $0 - (before ?? 0) }
        if let grown { #expect(grown < 16 << 20, "resident memory grew by \(grown) bytes") }
        let inMemory = try #require(Self.readError(Data(count: 100 << 20)))
        #expect(inMemory.description == "the document is 104857600 bytes, over the limit of 16777216 bytes")
        let small = Data(Self.form(instance: "<data/>").utf8)
        #expect(Self.readError(small, options: XFormReadOptions(maximumBytes: small.count)) == nil)
        #expect(Self.readError(small, options: XFormReadOptions(maximumBytes: small.count - 1))?.kind == .tooLarge)
    }

    @Test("a path that is not a regular file, or no file at all, is refused")
    func notAFile() throws {
        let folder = try ScratchFolder("xforms-notfile")
        defer { folder.remove() }
        for (url, message) in [
            (URL(fileURLWithPath: folder.path), "the path is not a regular file"),
            (URL(fileURLWithPath: folder.file("missing.xml")), "the file cannot be read: it does not exist or is not accessible"),
        ] {
            #expect(throws: XFormReadError(.unreadableFile, message, file: url.lastPathComponent)) {
                try XFormDocument(contentsOf: url)
            }
        }
    }

    @Test("a link to a form is read; a FIFO, or a link to one, is refused without waiting for a writer")
    func linksAndFIFOs() throws {
        let folder = try ScratchFolder("xforms-links")
        defer { folder.remove() }
        try Data(Self.form(instance: "<data id='d'><a/></data>").utf8).write(to: URL(fileURLWithPath: folder.file("form.xml")))
        try FileManager.default.createSymbolicLink(atPath: folder.file("link.xml"), withDestinationPath: folder.file("form.xml"))
        #expect(try XFormDocument(contentsOf: URL(fileURLWithPath: folder.file("link.xml"))).primaryInstance.name.localName == "data")
        #expect(mkfifo(folder.file("fifo.xml"), 0o600) == 0)
        try FileManager.default.createSymbolicLink(atPath: folder.file("fifo-link.xml"), withDestinationPath: folder.file("fifo.xml"))
        for name in ["fifo.xml", "fifo-link.xml"] {
            #expect(throws: XFormReadError(.unreadableFile, "the path is not a regular file", file: name)) {
                try XFormDocument(contentsOf: URL(fileURLWithPath: folder.file(name)))
            }
        }
    }

    @Test(
        "invalid UTF-8 is refused naming its line and column",
        arguments: [
            ([0xFF], "line 3, column 9: invalid UTF-8: byte 0xFF at offset 16"),
            ([0xC0, 0x80], "line 3, column 9: invalid UTF-8: byte 0xC0 at offset 16"),  // overlong NUL
            ([0xED, 0xA0, 0x80], "line 3, column 9: invalid UTF-8: byte 0xED at offset 16"),  // a surrogate
            ([0xF4, 0x90, 0x80, 0x80], "line 3, column 9: invalid UTF-8: byte 0xF4 at offset 16"),  // past U+10FFFF
            ([0xE2, 0x82], "line 3, column 9: invalid UTF-8: byte 0xE2 at offset 16"),  // cut short
            ([0x80], "line 3, column 9: invalid UTF-8: byte 0x80 at offset 16"),  // a lone continuation
        ] as [([UInt8], String)])
    func invalidUTF8(bytes: [UInt8], message: String) throws {
        let data = Data("<a>\né\n<b>x é y".utf8) + Data(bytes) + Data("</b></a>".utf8)
        let error = try #require(Self.readError(data))
        #expect(error.kind == .invalidEncoding)
        #expect(error.description == message)
    }

    @Test("a control character is refused naming its place; a 12 MB form (past libxml2's 10 MB lookup limit) reads")
    func controlsAndBigForms() throws {
        let nul = try #require(Self.readError(Data("<a>\n <b>x\u{0}</b></a>".utf8)))
        #expect(nul.description == "line 2, column 6: malformed XML: the control character U+0000 is not allowed in XML")
        let zeros = try #require(Self.readError(Data(count: 1_000)))
        #expect(zeros.description == "line 1, column 1: malformed XML: the control character U+0000 is not allowed in XML")
        let question = "<q>" + String(repeating: "x", count: 1_000) + "</q>\n"
        let big = Data(Self.form(instance: "<data>" + String(repeating: question, count: 12_000) + "</data>").utf8)
        #expect(big.count > 12_000_000)
        let document = try XFormDocument(data: big)
        #expect(document.primaryInstance.children.count == 12_000)
        #expect(document.primaryInstance.children.last?.value.count == 1_000)
    }

    @Test("another encoding than UTF-8 is refused")
    func otherEncodings() throws {
        let latin = try #require(Self.readError(Data("<?xml version='1.0' encoding='ISO-8859-1'?>\n<a/>".utf8)))
        #expect(latin.description == "line 1, column 1: the XML declaration names the encoding \"ISO-8859-1\"; XForms are read as UTF-8")
        let utf16 = try #require(Self.readError(Data([0xFF, 0xFE, 0x3C, 0x00, 0x61, 0x00])))
        #expect(utf16.description == "line 1, column 1: the document is UTF-16; XForms are read as UTF-8")
    }

    @Test(
        "malformed XML is refused naming its line and column, never half read",
        arguments: [
            ("<a>\n<b>\n</c></a>", "line 3, column 5: malformed XML: an end tag does not match its start tag"),
            ("<a><b></a>", "line 1, column 11: malformed XML: an end tag does not match its start tag"),
            ("<a>x</a><b/>", "line 1, column 9: malformed XML: content after the root element"),
            ("", "line 1, column 1: malformed XML: the document has no complete root element"),
            ("  \n ", "line 2, column 2: malformed XML: the document has no complete root element"),
            ("<a b=1/>", "line 1, column 6: malformed XML: an attribute value is not quoted"),
            ("<a b='1' b='2'/>", "line 1, column 15: malformed XML: an attribute is repeated"),
            ("<a>\n<!-- open", "line 2, column 10: malformed XML: a comment is not closed"),
            ("<a><b>", "line 1, column 7: malformed XML: the document ends before <b> (line 1) is closed"),
        ])
    func malformed(text: String, message: String) throws {
        let error = try #require(Self.readError(Data(text.utf8)))
        #expect(error.description == message)
    }

    @Test("seeded: cut, flipped or inserted bytes in a real form give a form or a clear error, never a trap")
    func mutations() throws {
        let original = Array(XFormDocumentTests.form.utf8)
        var random = SplitMix64(seed: 0x5EED_23)
        var outcomes: [XFormReadError.Kind?: Int] = [:]
        for _ in 0..<300 {
            var bytes = original
            switch random.next() % 3 {
            case 0: bytes.removeLast(Int(random.next() % UInt64(bytes.count)))
            case 1: bytes[Int(random.next() % UInt64(bytes.count))] = UInt8(truncatingIfNeeded: random.next())
            default: bytes.insert(UInt8(truncatingIfNeeded: random.next()), at: Int(random.next() % UInt64(bytes.count)))
            }
            let error = Self.readError(Data(bytes))
            outcomes[error?.kind, default: 0] += 1
            if let error {
                #expect(!error.message.isEmpty)
                if [.malformedXML, .invalidEncoding, .invalidForm, .tooDeep].contains(error.kind) {
                    #expect(error.line != nil, "no line in \(error)")
                }
                #expect(!error.description.unicodeScalars.contains { $0.value < 0x20 }, "a control character in \(error)")
            }
        }
        #expect(outcomes[nil, default: 0] > 0 && outcomes[.malformedXML, default: 0] > 0, "\(outcomes)")
    }
}

/// The process's resident memory, where the system tells it cheaply.
enum Memory {
    static func residentBytes() -> Int? {
        #if os(Linux)
        guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
        let fields = statm.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
        #else
        return nil
        #endif
    }
}
