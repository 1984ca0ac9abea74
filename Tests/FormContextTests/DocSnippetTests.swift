import Foundation
import Testing
import TestSupport

/// The documents' code and the tests' code are the same code: every snippet a test compiles appears
/// in the documents its marker names, and every block of the guides that promise it is compiled.
@Suite("Documentation code blocks are the code the tests compile")
struct DocSnippetTests {
    /// Guides whose every `swift` block is compiled, except blocks that begin with `// SwiftUI` or `// UIKit`.
    static let fullyCompiledGuides = ["Docs/SwiftUI.md", "Docs/Layout.md", "Docs/Repeats.md", "Docs/XForms.md", "Docs/OpenRosa.md"]

    /// Where a guide's examples are compiled, and the one library module they import, for a guide
    /// about a module `import FormContext` does not give: the XForms guide's examples are compiled in
    /// Tests/XFormsTests with a plain `import FormContextXForms`, the OpenRosa guide's in Tests/OpenRosaTests
    /// with `import FormContextOpenRosa`. Every other guide's are compiled in Tests/GuideTests with
    /// `import FormContext`.
    static let guideModules: [String: (folder: String, module: String)] = [
        "Docs/XForms.md": ("Tests/XFormsTests/", "FormContextXForms"),
        "Docs/OpenRosa.md": ("Tests/OpenRosaTests/", "FormContextOpenRosa"),
    ]

    /// The library modules of the package; a snippet's file imports only the one its guide names.
    static let libraryModules: Set<String> = [
        "FormContext", "FormContextCore", "FormContextDurability", "FormContextXForms", "FormContextOpenRosa",
    ]

    /// A source file's import lines (comments left out).
    static func imports(of text: String) -> [String] {
        text.components(separatedBy: "\n").filter { $0.contains("import ") && !$0.hasPrefix("//") && !$0.hasPrefix("///") }
    }

    /// The first line of a block that holds SwiftUI's view code, which cannot be compiled on Linux.
    static let swiftUIMarker = "// SwiftUI"

    /// The first lines of blocks that need Apple's frameworks (SwiftUI, UIKit) and are not compiled here.
    static let platformMarkers: Set<String> = [swiftUIMarker, "// UIKit"]

    @Test("every marked snippet appears, line for line, in a swift block of each document it names")
    func snippetsAppearInTheirDocuments() throws {
        let snippets = try DocSnippet.all()
        #expect(snippets.count >= 12, "found \(snippets.count) snippets")
        for snippet in snippets {
            for document in snippet.documents {
                let blocks = try DocSnippet.swiftBlocks(of: document)
                #expect(blocks.contains { snippet.appears(in: $0) }, "\(snippet) is not in a swift block of \(document)")
            }
        }
    }

    @Test("every swift block of a fully compiled guide is a compiled snippet or SwiftUI view code", arguments: fullyCompiledGuides)
    func everyBlockIsCompiled(guide: String) throws {
        let snippets = try DocSnippet.all().filter { $0.documents.contains(guide) }
        let blocks = try DocSnippet.swiftBlocks(of: guide)
        #expect(!blocks.isEmpty && !snippets.isEmpty)
        for (index, block) in blocks.enumerated() where !Self.platformMarkers.contains(block.first ?? "") {
            #expect(snippets.contains { $0.lines == block }, "block \(index + 1) of \(guide) is not compiled by any test: \(block.prefix(3))")
        }
        if guide == "Docs/SwiftUI.md" { #expect(blocks.contains { $0.first == Self.swiftUIMarker }, "\(guide) shows SwiftUI code") }
    }

    @Test("every snippet is compiled in its guide's folder; GuideTests' files import FormContext without @testable")
    func snippetsUseThePublicAPIOnly() throws {
        let snippets = try DocSnippet.all()
        for snippet in snippets {
            for document in snippet.documents {
                let folder = Self.guideModules[document]?.folder ?? "Tests/GuideTests/"
                #expect(snippet.source.hasPrefix(folder), "\(snippet) of \(document) is outside \(folder), where it could use internals")
            }
        }
        let folder = DocSnippet.packageRoot.appendingPathComponent("Tests/GuideTests")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }
        #expect(!files.isEmpty)
        for file in files {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            let imports = Self.imports(of: text)
            #expect(!imports.contains { $0.contains("@testable") }, "Tests/GuideTests/\(file) imports with @testable")
            #expect(!imports.contains { $0.contains("import FormContextCore") || $0.contains("import FormContextDurability") },
                    "Tests/GuideTests/\(file) imports a module users do not import")
        }
    }

    @Test("a guide about another module is compiled in its folder by files that import that module alone, without @testable")
    func guidesOfOtherModulesUseThePublicAPIOnly() throws {
        let snippets = try DocSnippet.all()
        for (guide, place) in Self.guideModules {
            let files = Set(snippets.filter { $0.documents.contains(guide) }.map { String($0.source.prefix(while: { $0 != ":" })) })
            #expect(!files.isEmpty, "no test compiles the examples of \(guide)")
            for file in files {
                let text = try String(contentsOf: DocSnippet.packageRoot.appendingPathComponent(file), encoding: .utf8)
                let imports = Self.imports(of: text)
                #expect(!imports.contains { $0.contains("@testable") }, "\(file) imports with @testable")
                let modules = Set(imports.compactMap { $0.split(separator: " ").last.map(String.init) }).intersection(Self.libraryModules)
                #expect(modules == [place.module], "\(file) imports \(modules.sorted()), not \(place.module) alone")
            }
        }
    }

    @Test("a snippet that differs from its document by one character is caught")
    func driftIsCaught() throws {
        // The markers are assembled here so that this file's own scan does not take them for snippets.
        let (open, end) = ("// ---", "// --- " + "end")
        let snippets = try DocSnippet.snippets(in: """
                \(open) Docs/SwiftUI.md: a drifted copy
                enum HotspotForm {
                    static let isEnabled = FormKey<Bool>("isEnabled ")
                \(end)
            """, file: "inline")
        let blocks = try DocSnippet.swiftBlocks(of: "Docs/SwiftUI.md")
        #expect(snippets.count == 1)
        #expect(!blocks.contains { snippets[0].appears(in: $0) })
        let exact = try DocSnippet.snippets(in: """
                \(open) Docs/SwiftUI.md: an exact copy
                enum HotspotForm {
                    static let isEnabled = FormKey<Bool>("isEnabled")
                \(end)
            """, file: "inline")
        #expect(blocks.contains { exact[0].appears(in: $0) })
    }

    @Test("an unclosed or malformed marker is an error naming its place")
    func malformedMarkers() {
        #expect(throws: DocSnippet.MarkerError.self) { try DocSnippet.snippets(in: "// --- README.md: open\nlet x = 1\n", file: "f") }
        #expect(throws: DocSnippet.MarkerError.self) { try DocSnippet.snippets(in: "// --- README.md\nlet x = 1\n// --- end\n", file: "f") }
    }
}
