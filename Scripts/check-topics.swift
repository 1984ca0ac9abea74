// Checks that every top-level public symbol of the documented module is listed in a topic group of
// the DocC catalog, so a new public type cannot land in DocC's automatic "Structures" or "Enumerations"
// lists without its place among the topics. Scripts/build-docs runs it on the symbol graph of the
// `FormContext` module, which holds the symbols of every module `import FormContext` re-exports.
//
//   swift Scripts/check-topics.swift <symbol graph dir> <catalog dir>
//
// A symbol is listed when a line of a catalog page under a "## Topics" heading links it as
// ``Name`` or ``Module/Name`` (its members are on its own page and need no line). Symbols behind
// `@_spi` are not in the public symbol graph and are not checked. Prints the missing names and exits 1.

import Foundation

/// A problem with the symbol graphs or the catalog; printed as `error: <message>`.
struct TopicsError: Error, CustomStringConvertible {
    let description: String
}

/// The names of the top-level symbols (types, type aliases, functions, variables) of every symbol
/// graph file in `directory`; symbols of other modules' types that the package extends are not top-level.
func topLevelSymbols(in directory: URL) throws -> Set<String> {
    var names: Set<String> = []
    let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".symbols.json") }
    guard !files.isEmpty else { throw TopicsError(description: "no symbol graph in \(directory.path)") }
    for file in files {
        let data = try Data(contentsOf: directory.appendingPathComponent(file))
        guard let graph = try JSONSerialization.jsonObject(with: data) as? [String: Any],
            let symbols = graph["symbols"] as? [[String: Any]]
        else { throw TopicsError(description: "\(file) is not a symbol graph") }
        for symbol in symbols {
            guard let path = symbol["pathComponents"] as? [String], path.count == 1,
                let kind = (symbol["kind"] as? [String: Any])?["identifier"] as? String, kind != "swift.extension"
            else { continue }
            names.insert(path[0])
        }
    }
    return names
}

/// The symbols linked from the "## Topics" sections of the catalog's pages, by their last path component.
func listedSymbols(in catalog: URL) throws -> Set<String> {
    var names: Set<String> = []
    let link = #/``(?:[A-Za-z0-9_]+/)*([A-Za-z0-9_]+)``/#
    guard let files = FileManager.default.enumerator(at: catalog, includingPropertiesForKeys: nil) else {
        throw TopicsError(description: "cannot read the catalog \(catalog.path)")
    }
    for case let file as URL in files where file.pathExtension == "md" {
        var inTopics = false
        for line in try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n") {
            if line.hasPrefix("## ") { inTopics = line.trimmingCharacters(in: .whitespaces) == "## Topics" }
            guard inTopics, line.trimmingCharacters(in: .whitespaces).hasPrefix("- ") else { continue }
            for match in line.matches(of: link) { names.insert(String(match.1)) }
        }
    }
    return names
}

do {
    let arguments = CommandLine.arguments
    guard arguments.count == 3 else { throw TopicsError(description: "usage: check-topics.swift <symbol graph dir> <catalog dir>") }
    let symbols = try topLevelSymbols(in: URL(fileURLWithPath: arguments[1], isDirectory: true))
    let listed = try listedSymbols(in: URL(fileURLWithPath: arguments[2], isDirectory: true))
    let missing = symbols.subtracting(listed).sorted()
    guard missing.isEmpty else {
        throw TopicsError(description: "public symbols in no topic group of \(arguments[2]): \(missing.joined(separator: ", "))")
    }
    print("topics: all \(symbols.count) top-level public symbols are listed")
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(1)
}
