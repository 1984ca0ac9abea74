// Assembles the DocC catalog that Scripts/build-docs builds: the committed catalog
// (Sources/FormContext/FormContext.docc, which holds the landing page) plus one article per guide in
// Docs/, rewritten mechanically from GitHub Markdown to DocC Markdown.
//
//   swift Scripts/assemble-catalog.swift <Docs dir> <README.md> <catalog dir> <output catalog dir>
//
// Docs/ stays the single source of every guide: a new Docs/Name.md becomes the article <doc:Name>
// and is listed under "Guides" on the landing page (in the order README.md links the guides, then
// by name), with no other change. The rewriting, outside code blocks and code spans:
//   [text](Other.md)          -> [text](<doc:Other>)
//   [text](Other.md#a-title)  -> [text](<doc:Other#A-title>)   (GitHub's anchor -> DocC's heading fragment)
//   [text](#a-title)          -> [text](<doc:ThisGuide#A-title>)
//   ![alt](images/x.png)      -> ![alt](x.png), with the file copied into the catalog's Resources
// Web addresses (http, https, mailto) are kept. Any other link, and any anchor that names no heading
// of its guide, stops the build with an error naming the file and line; links DocC itself cannot
// resolve fail DocC's own check (warnings are errors).

import Foundation

/// A problem in the guides; printed as `error: <file>:<line>: <message>`.
struct AssemblyError: Error, CustomStringConvertible {
    let description: String
}

/// The marker in the landing page that the list of guides replaces.
let guidesMarker = "@Comment { guides: Scripts/build-docs lists every guide of Docs/ here }"

/// GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens.
func gitHubAnchor(_ heading: String) -> String {
    let kept = plainHeading(heading).lowercased().unicodeScalars.filter {
        CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == "_" || $0 == " "
    }
    return String(String.UnicodeScalarView(kept)).replacingOccurrences(of: " ", with: "-")
}

/// DocC's fragment for a heading: its text with spaces as hyphens, case and punctuation kept.
func doccFragment(_ heading: String) -> String {
    plainHeading(heading).split(whereSeparator: \.isWhitespace).joined(separator: "-")
}

/// Whether `target` is a web address, which the articles keep as it is.
func isWebAddress(_ target: String) -> Bool {
    ["http://", "https://", "mailto:"].contains { target.hasPrefix($0) }
}

/// A heading's text without Markdown code and emphasis marks.
func plainHeading(_ heading: String) -> String {
    heading.filter { $0 != "`" && $0 != "*" }.trimmingCharacters(in: .whitespaces)
}

/// One guide of Docs/: its article name (the file name) and its lines.
struct Guide {
    let name: String
    let path: String
    let lines: [String]

    /// The level-2-and-deeper headings outside code blocks, by GitHub anchor.
    var fragmentsByAnchor: [String: String] {
        var result: [String: String] = [:]
        var inFence = false
        for line in lines {
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") { inFence.toggle(); continue }
            guard !inFence, line.hasPrefix("#") else { continue }
            let text = String(line.drop(while: { $0 == "#" }))
            result[gitHubAnchor(text)] = doccFragment(text)
        }
        return result
    }
}

/// Rewrites the guides' links for DocC and collects the images they show.
struct Rewriter {
    let guides: [String: Guide]
    let docsDirectory: URL
    var images: [URL] = []

    /// `target` rewritten for the article of `guide`.
    mutating func rewrite(target rawTarget: String, isImage: Bool, in guide: Guide, line: Int) throws -> String {
        let target = rawTarget.hasPrefix("<") && rawTarget.hasSuffix(">") ? String(rawTarget.dropFirst().dropLast()) : rawTarget
        let place = "\(guide.path):\(line)"
        if isWebAddress(target) || target.hasPrefix("doc:") { return rawTarget }
        if isImage {
            let file = docsDirectory.appendingPathComponent(target).standardizedFileURL
            guard FileManager.default.fileExists(atPath: file.path) else {
                throw AssemblyError(description: "\(place): image '\(target)' does not exist")
            }
            images.append(file)
            return file.lastPathComponent
        }
        var (file, anchor) = (target, "")
        if let hash = target.firstIndex(of: "#") {
            file = String(target[..<hash])
            anchor = String(target[target.index(after: hash)...])
        }
        if file.hasPrefix("./") { file.removeFirst(2) }
        let name = file.isEmpty ? guide.name : String(file.dropLast(3))
        guard file.isEmpty || file.hasSuffix(".md"), let other = guides[name] else {
            throw AssemblyError(description: "\(place): link '\(target)' is neither a guide in Docs/ nor a web address")
        }
        guard !anchor.isEmpty else { return "<doc:\(name)>" }
        guard let fragment = other.fragmentsByAnchor[anchor] else {
            throw AssemblyError(description: "\(place): link '\(target)' names no heading of \(other.path)")
        }
        return "<doc:\(name)#\(fragment)>"
    }

    /// `guide`'s text with every link outside code rewritten.
    mutating func article(from guide: Guide) throws -> String {
        let link = #/(!?)\[([^\]]*)\]\(([^)\s]+)\)/#
        var output: [String] = []
        var inFence = false
        for (index, line) in guide.lines.enumerated() {
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") { inFence.toggle() }
            if !inFence, line.firstMatch(of: #/^ {0,3}\[[^\]]+\]:\s*(\S+)/#).map({ !isWebAddress(String($0.1)) }) == true {
                throw AssemblyError(description: "\(guide.path):\(index + 1): write links to guides inline, [text](Other.md), not as references")
            }
            if inFence || !line.contains("](") {
                output.append(line)
                continue
            }
            // Code spans are the odd-numbered pieces between backticks; links live in the others.
            var pieces = line.split(separator: "`", omittingEmptySubsequences: false).map(String.init)
            for piece in stride(from: 0, to: pieces.count, by: 2) {
                var rewritten = ""
                var rest = pieces[piece][...]
                while let match = rest.firstMatch(of: link) {
                    rewritten += rest[..<match.range.lowerBound]
                    let target = try rewrite(target: String(match.3), isImage: match.1 == "!", in: guide, line: index + 1)
                    rewritten += "\(match.1)[\(match.2)](\(target))"
                    rest = rest[match.range.upperBound...]
                }
                pieces[piece] = rewritten + rest
            }
            output.append(pieces.joined(separator: "`"))
        }
        return output.joined(separator: "\n")
    }
}

/// The guides in the order README.md links them in its "## Guides" section (in the whole README if
/// it has none), then the others by name.
func order(_ names: [String], readme: String) -> [String] {
    var section = Substring(readme)
    if let start = readme.range(of: "\n## Guides\n") {
        section = readme[start.upperBound...]
        if let end = section.range(of: "\n## ") { section = section[..<end.lowerBound] }
    }
    let linked = section.matches(of: #/\]\(Docs/([A-Za-z0-9_-]+)\.md[#)]/#).map { String($0.1) }
    var seen = Set<String>()
    let first = linked.filter { names.contains($0) && seen.insert($0).inserted }
    return first + names.filter { !seen.contains($0) }.sorted()
}

func assemble(arguments: [String]) throws {
    guard arguments.count == 5 else {
        throw AssemblyError(description: "usage: assemble-catalog.swift <Docs dir> <README.md> <catalog dir> <output catalog dir>")
    }
    let manager = FileManager.default
    let docs = URL(fileURLWithPath: arguments[1], isDirectory: true)
    let readme = try String(contentsOfFile: arguments[2], encoding: .utf8)
    let source = URL(fileURLWithPath: arguments[3], isDirectory: true)
    let output = URL(fileURLWithPath: arguments[4], isDirectory: true)
    let landingName = source.deletingPathExtension().lastPathComponent

    var guides: [String: Guide] = [:]
    for file in try manager.contentsOfDirectory(atPath: docs.path) where file.hasSuffix(".md") {
        let name = String(file.dropLast(3))
        let path = "\(arguments[1])/\(file)"
        guard name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }), name != landingName else {
            throw AssemblyError(description: "\(path): a guide's file name must be letters, digits, - or _, and not \(landingName).md")
        }
        let text = try String(contentsOf: docs.appendingPathComponent(file), encoding: .utf8)
        let lines = text.components(separatedBy: "\n")
        guard lines.first?.hasPrefix("# ") == true else {
            throw AssemblyError(description: "\(path):1: a guide must start with its title, '# Title'")
        }
        guides[name] = Guide(name: name, path: path, lines: lines)
    }

    if manager.fileExists(atPath: output.path) { try manager.removeItem(at: output) }
    try manager.createDirectory(at: output.deletingLastPathComponent(), withIntermediateDirectories: true)
    try manager.copyItem(at: source, to: output)

    var rewriter = Rewriter(guides: guides, docsDirectory: docs)
    for guide in guides.values.sorted(by: { $0.name < $1.name }) {
        try rewriter.article(from: guide).write(to: output.appendingPathComponent("\(guide.name).md"), atomically: true, encoding: .utf8)
    }
    if !rewriter.images.isEmpty {
        let resources = output.appendingPathComponent("Resources")
        try manager.createDirectory(at: resources, withIntermediateDirectories: true)
        var copied: [String: URL] = [:]
        for image in rewriter.images {
            let name = image.lastPathComponent
            if let other = copied[name] {
                guard other == image else {
                    throw AssemblyError(description: "images \(other.path) and \(image.path) have the same file name; DocC needs unique names")
                }
                continue
            }
            try manager.copyItem(at: image, to: resources.appendingPathComponent(name))
            copied[name] = image
        }
    }

    let landing = output.appendingPathComponent("\(landingName).md")
    let page = try String(contentsOf: landing, encoding: .utf8)
    guard page.contains(guidesMarker) else {
        throw AssemblyError(description: "\(arguments[3])/\(landingName).md: the line '\(guidesMarker)' is missing")
    }
    let list = order(Array(guides.keys), readme: readme).map { "- <doc:\($0)>" }.joined(separator: "\n")
    try page.replacingOccurrences(of: guidesMarker, with: list).write(to: landing, atomically: true, encoding: .utf8)
    print("assembled \(output.path): the landing page and \(guides.count) guides")
}

do {
    try assemble(arguments: CommandLine.arguments)
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(1)
}
