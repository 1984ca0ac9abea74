public import Foundation

/// Code that a test compiles and a document shows, found between markers in the test sources:
///
/// ```
/// // --- Docs/Validation.md: Defining a form
/// let signUp = try FormDefinition([...])
/// // --- end
/// ```
///
/// The marker names one or more documents (`README.md + Docs/GettingStarted.md`), relative to the
/// package root, and a title. The lines between the markers, without their common indentation, must
/// appear as consecutive lines of one `swift` code block in each document named.
public struct DocSnippet: CustomStringConvertible {
    /// The documents that show the snippet, relative to the package root.
    public let documents: [String]
    /// The title after the documents in the marker.
    public let title: String
    /// The test file and line of the opening marker.
    public let source: String
    /// The lines, without their common indentation.
    public let lines: [String]

    public var description: String { "\(source) (\(title))" }

    /// The package root: two levels up from this file's folder (Tests/TestSupport).
    public static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Every snippet in the Swift files under Tests/, in file and line order.
    public static func all() throws -> [DocSnippet] {
        let tests = packageRoot.appendingPathComponent("Tests")
        guard let files = FileManager.default.enumerator(at: tests, includingPropertiesForKeys: nil) else { return [] }
        let paths = files.compactMap { ($0 as? URL)?.path }.filter { $0.hasSuffix(".swift") }.sorted()
        return try paths.flatMap { path in
            let relative = String(path.dropFirst(packageRoot.path.count + 1))
            return try snippets(in: String(contentsOfFile: path, encoding: .utf8), file: relative)
        }
    }

    /// The snippets between markers in `text`.
    public static func snippets(in text: String, file: String) throws -> [DocSnippet] {
        var result: [DocSnippet] = []
        var open: (documents: [String], title: String, line: Int, lines: [String])?
        for (index, line) in text.components(separatedBy: "\n").enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed == "// --- end", let current = open {
                result.append(DocSnippet(
                    documents: current.documents, title: current.title,
                    source: "\(file):\(current.line)", lines: dedented(current.lines)))
                open = nil
            } else if trimmed.hasPrefix("// --- "), trimmed.contains(".md"), open == nil {
                let marker = trimmed.dropFirst("// --- ".count)
                guard let colon = marker.range(of: ": ") else { throw MarkerError(place: "\(file):\(index + 1)") }
                let documents = marker[..<colon.lowerBound].components(separatedBy: " + ")
                open = (documents, String(marker[colon.upperBound...]), index + 1, [])
            } else if open != nil {
                open?.lines.append(line)
            }
        }
        if let open { throw MarkerError(place: "\(file):\(open.line)") }
        return result
    }

    /// `lines` without the indentation they all share (blank lines aside), trailing spaces dropped.
    public static func dedented(_ lines: [String]) -> [String] {
        let indent = lines.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            .map { $0.prefix(while: { $0 == " " }).count }.min() ?? 0
        return lines.map { String($0.dropFirst(min(indent, $0.prefix(while: { $0 == " " }).count))) }
    }

    /// The `swift` code blocks of the document at `path`, each as its lines.
    public static func swiftBlocks(of path: String) throws -> [[String]] {
        let text = try String(contentsOf: packageRoot.appendingPathComponent(path), encoding: .utf8)
        var blocks: [[String]] = []
        var fence: (isSwift: Bool, lines: [String])?
        for line in text.components(separatedBy: "\n") {
            if let open = fence {
                if line.trimmingCharacters(in: .whitespaces) == "```" {
                    if open.isSwift { blocks.append(open.lines) }
                    fence = nil
                } else {
                    fence?.lines.append(line)
                }
            } else if line.hasPrefix("```") {
                fence = (line == "```swift", [])
            }
        }
        return blocks
    }

    /// Whether the lines of the snippet appear, consecutively, in `block`.
    public func appears(in block: [String]) -> Bool {
        guard lines.count <= block.count else { return false }
        return (0...(block.count - lines.count)).contains { start in
            Array(block[start..<(start + lines.count)]) == lines
        }
    }

    /// A marker that does not name a document and a title, or is never closed.
    public struct MarkerError: Error, CustomStringConvertible {
        public let place: String
        public var description: String {
            "\(place): a snippet marker must read '// --- <document>.md: <title>' and be closed by '// --- end'"
        }
    }
}
