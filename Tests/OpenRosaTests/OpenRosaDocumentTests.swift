import Foundation
import Testing
@testable import FormContextOpenRosa
import FormContextXForms
import TestSupport

/// Form lists and manifests read safely, every problem named.
struct OpenRosaDocumentTests {
    static func list(_ items: String) -> Data {
        Data("<?xml version=\"1.0\"?><xforms xmlns=\"http://openrosa.org/xforms/xformsList\">\(items)</xforms>".utf8)
    }

    static let hash = "md5:0123456789abcdef0123456789abcdef"

    @Test func aFormListIsRead() throws {
        let data = Self.list("""
            <xform><formID>a</formID><name>A form</name><version>3</version><hash>MD5:0123456789ABCDEF0123456789abcdef</hash>
            <descriptionText>ignored</descriptionText><downloadUrl>https://x.org/a.xml</downloadUrl>
            <manifestUrl>https://x.org/a/manifest</manifestUrl></xform>
            <xform><formID>b</formID><name></name><version/><hash>\(Self.hash)</hash><downloadUrl>https://x.org/b.xml</downloadUrl></xform>
            """)
        let forms = try OpenRosaDocuments.forms(in: data, redact: { $0 })
        #expect(forms == [
            OpenRosaForm(formID: "a", name: "A form", version: "3", hash: Self.hash, downloadURL: URL(string: "https://x.org/a.xml")!,
                         manifestURL: URL(string: "https://x.org/a/manifest")!),
            OpenRosaForm(formID: "b", name: "b", version: nil, hash: Self.hash, downloadURL: URL(string: "https://x.org/b.xml")!, manifestURL: nil),
        ])
    }

    @Test(arguments: [
        ("<xform><name>x</name></xform>", "the form list's <xform> number 1 has no <formID>"),
        ("<xform><formID>a</formID><hash>\(hash)</hash></xform>", "the form list's <xform> number 1 (\"a\") has no <downloadUrl>"),
        ("<xform><formID>a</formID><hash>sha1:00</hash><downloadUrl>https://x.org</downloadUrl></xform>",
         "the form list's <xform> number 1 (\"a\") has the hash \"sha1:00\", not md5: and 32 hex digits"),
        ("<xform><formID>a</formID><hash>\(hash)</hash><downloadUrl>file:///etc/passwd</downloadUrl></xform>",
         "the form list's <xform> number 1 (\"a\") has the <downloadUrl> \"file:///etc/passwd\", not an http or https URL"),
        ("<xform><formID>a\u{202E}b\nc</formID></xform>", "the form list's <xform> number 1 (\"a\\u{202e}b\\nc\") has no <hash>"),
    ])
    func aBadFormListEntryIsNamed(items: String, message: String) {
        #expect(throws: OpenRosaError(.malformedDocument, message)) { try OpenRosaDocuments.forms(in: Self.list(items), redact: { $0 }) }
    }

    @Test func aDTDAMalformedDocumentOrAnotherRootIsRefused() {
        let dtd = Data("<?xml version=\"1.0\"?><!DOCTYPE x [<!ENTITY a \"aaaa\">]><xforms>&a;</xforms>".utf8)
        #expect(throws: OpenRosaError(.malformedDocument, "the form list has a DTD, which is refused")) {
            try OpenRosaDocuments.forms(in: dtd, redact: { $0 })
        }
        #expect(throws: OpenRosaError.self) { try OpenRosaDocuments.forms(in: Data("<xforms><xform>".utf8), redact: { $0 }) }
        #expect(throws: OpenRosaError(.malformedDocument, "the form list's root element is <html>, not <xforms>")) {
            try OpenRosaDocuments.forms(in: Data("<html><body/></html>".utf8), redact: { $0 })
        }
        let deep = Data((String(repeating: "<a>", count: 100) + String(repeating: "</a>", count: 100)).utf8)
        #expect(throws: OpenRosaError(.malformedDocument, "the form list nests elements deeper than 32")) {
            try OpenRosaDocuments.forms(in: deep, redact: { $0 })
        }
    }

    @Test(arguments: ["../evil.png", "media/logo.png", "..", ".hidden", "a\\b", "", "a/../b", "x..y"])
    func aMediaFileNameWithAFolderPartOrDotsIsRefused(name: String) {
        let data = Data("""
            <manifest xmlns="http://openrosa.org/xforms/xformsManifest"><mediaFile><filename>\(name)</filename>\
            <hash>\(Self.hash)</hash><downloadUrl>https://x.org/f</downloadUrl></mediaFile></manifest>
            """.utf8)
        do {
            _ = try OpenRosaDocuments.mediaFiles(in: data, form: "a", redact: { $0 })
            Issue.record("\(name) was taken")
        } catch {
            #expect(error.kind == (name.isEmpty ? .malformedDocument : .unsafeName), "\(error)")
        }
    }

    @Test func aDTDInAnotherEncodingIsRefusedWithTheEncoding() throws {
        // The parser reads UTF-16 and UTF-7 documents, DTD and all, whose bytes hold no "<!DOCTYPE".
        let document = """
            <!DOCTYPE xforms [<!ENTITY s "sneaky">]><xforms xmlns="http://openrosa.org/xforms/xformsList"><xform>\
            <formID>&s;</formID><hash>\(Self.hash)</hash><downloadUrl>https://x.org/f</downloadUrl></xform></xforms>
            """
        let utf16 = try #require(("<?xml version=\"1.0\" encoding=\"UTF-16\"?>" + document).data(using: .utf16))
        let utf7 = Data(("<?xml version=\"1.0\" encoding=\"UTF-7\"?>" + document)
            .replacingOccurrences(of: "<!", with: "+ADwAIQ-").utf8)
        for (data, message) in [
            (utf16, "the form list cannot be read: the document is UTF-16; XForms are read as UTF-8"),
            (utf7, "the form list cannot be read: the XML declaration names the encoding \"UTF-7\"; XForms are read as UTF-8"),
        ] {
            #expect(throws: OpenRosaError(.malformedDocument, message)) { try OpenRosaDocuments.forms(in: data, redact: { $0 }) }
            #expect(throws: OpenRosaError.self) { try OpenRosaDocuments.mediaFiles(in: data, form: "a", redact: { $0 }) }
        }
    }

    @Test func aNameTakenAsAFileNameIsOneComponentInTheFolder() {
        // Seeded: names made of pieces that `String` joins into other characters (a combining mark,
        // a prepended mark, a joiner) around slashes and dots. Whatever is taken must be, as bytes,
        // one path component in the folder, not hidden and not "..".
        let pieces = ["a", "é", ".", "/", "\\", "\u{301}", "\u{600}", "\u{200D}", "\u{1F600}", "-"]
        var random = SplitMix64(seed: 0x6E61_6D65)
        var taken = 0
        for _ in 0..<20_000 {
            let name = (0..<Int.random(in: 1...6, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            guard FileName.problem(name) == nil else { continue }
            taken += 1
            let components = ("forms/" + name).utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
            #expect(components.count == 2, "\(name.unicodeScalars.map { String($0.value, radix: 16) })")
            let last = components.last.map(Array.init) ?? []
            #expect(last.first != UInt8(ascii: ".") && !last.contains(UInt8(ascii: "\\")), "\(name.unicodeScalars.map { String($0.value, radix: 16) })")
        }
        #expect(taken > 1_000)
        for name in ["sub/\u{301}x.png", ".\u{301}hidden", "x\u{600}/y", ".\u{301}./x"] {
            #expect(FileName.problem(name) != nil, "\(name.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }

    @Test func aManifestIsRead() throws {
        let data = Data("""
            <manifest xmlns="http://openrosa.org/xforms/xformsManifest"><mediaFile type="entityList"><filename>people.csv</filename>\
            <hash>\(Self.hash)</hash><downloadUrl>https://x.org/people.csv</downloadUrl><integrityUrl>https://x.org/i</integrityUrl></mediaFile></manifest>
            """.utf8)
        #expect(try OpenRosaDocuments.mediaFiles(in: data, form: "a", redact: { $0 })
            == [OpenRosaMediaFile(filename: "people.csv", hash: Self.hash, downloadURL: URL(string: "https://x.org/people.csv")!)])
    }

    @Test(arguments: [
        ("", "d41d8cd98f00b204e9800998ecf8427e"),
        ("a", "0cc175b9c0f1b6a831c399e269772661"),
        ("The quick brown fox jumps over the lazy dog", "9e107d9d372bb6826bd81d3542a419d6"),
        (String(repeating: "x", count: 1000), "398533d48111e9f664b1f64cb10c4b63"),
    ])
    func md5MatchesKnownValues(text: String, hex: String) {
        #expect(XFormDigest.md5.hex(Array(text.utf8)) == hex)
    }
}
