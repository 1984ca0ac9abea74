import Foundation
@testable import FormContextXForms

/// An oracle action script (`NAME.script` of the corpus; the format of the oracle's README): one
/// action a line; blank lines and lines starting with `#` are skipped.
///
/// Lines are read as the oracle reads them: stripped of surrounding white space and split at runs of
/// white space into the action, the path and the rest, which is the value (`set /data/name Ann Doe`
/// sets "Ann Doe"). Stricter than the oracle in one way: a line with more words than its action
/// takes is refused rather than read with the extra words ignored.
struct OracleScript: Equatable {
    /// The actions with the 1-based line each is on.
    var steps: [Step]

    /// One action of a script.
    struct Step: Equatable {
        /// The 1-based line of the script.
        var line: Int
        var action: Action
    }

    enum Action: Equatable {
        case set(ScriptPath, String)
        case clear(ScriptPath)
        case answer(ScriptPath, String?)
        /// The repeat's path; its last step has no position.
        case addRepeat(ScriptPath)
        case removeRepeat(ScriptPath)
        case walk
        case dump
        case choices(ScriptPath)
        case validate
        case submission
        case time(changes: Int, ScriptPath, String, String)

        /// Whether the oracle prints a line for this action.
        var prints: Bool {
            switch self {
            case .set, .clear, .addRepeat, .removeRepeat, .walk: false
            case .answer, .dump, .choices, .validate, .submission, .time: true
            }
        }
    }

    /// Reads a script.
    /// - Parameter text: The script's text.
    /// - Throws: ``OracleScriptError`` naming the line, its text and what is wrong with it.
    init(_ text: String) throws(OracleScriptError) {
        steps = []
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespacesAndNewlines)
            if line.isEmpty || line.hasPrefix("#") { continue }
            steps.append(Step(line: index + 1, action: try Self.action(line, number: index + 1)))
        }
    }

    private static func action(_ line: String, number: Int) throws(OracleScriptError) -> Action {
        let words = split(line, maximum: 3)
        func fail(_ message: String) -> OracleScriptError { OracleScriptError(line: number, text: line, message: message) }
        func path(_ text: String) throws(OracleScriptError) -> ScriptPath {
            do { return try ScriptPath(text) } catch { throw fail(error.message) }
        }
        func exactly(_ count: Int, _ usage: String) throws(OracleScriptError) {
            if words.count != count { throw fail("usage: " + usage) }
        }
        switch words[0] {
        case "set":
            try exactly(3, "set PATH VALUE")
            return .set(try path(words[1]), words[2])
        case "clear":
            try exactly(2, "clear PATH")
            return .clear(try path(words[1]))
        case "answer":
            if words.count < 2 { throw fail("usage: answer PATH [VALUE]") }
            return .answer(try path(words[1]), words.count == 3 ? words[2] : nil)
        case "add-repeat":
            try exactly(2, "add-repeat PATH")
            let repeatPath = try path(words[1])
            if repeatPath.steps.last?.position != nil {
                throw fail("add-repeat takes the repeat's path without a position on its last step")
            }
            return .addRepeat(repeatPath)
        case "remove-repeat":
            try exactly(2, "remove-repeat PATH[N]")
            return .removeRepeat(try path(words[1]))
        case "choices":
            try exactly(2, "choices PATH")
            return .choices(try path(words[1]))
        case "walk", "dump", "validate", "submission":
            try exactly(1, words[0] + " (no arguments)")
            return ["walk": .walk, "dump": .dump, "validate": .validate, "submission": .submission][words[0]]!
        case "time":
            let all = split(line, maximum: .max)
            guard all.count == 5 else { throw fail("usage: time N PATH VALUE1 VALUE2") }
            guard let changes = Int(all[1]), changes >= 1 else { throw fail("time needs a whole number of changes of at least 1, not " + Quoted.value(all[1])) }
            return .time(changes: changes, try path(all[2]), all[3], all[4])
        default:
            throw fail("unknown action " + Quoted.value(words[0]))
        }
    }

    /// The line split at runs of white space into at most `maximum` words; the last word keeps the
    /// rest of the line as written.
    private static func split(_ line: String, maximum: Int) -> [String] {
        var words: [String] = []
        var rest = Substring(line)
        while !rest.isEmpty {
            if words.count == maximum - 1 {
                words.append(String(rest))
                break
            }
            let end = rest.firstIndex(where: \.isWhitespace) ?? rest.endIndex
            words.append(String(rest[..<end]))
            rest = rest[end...].drop(while: \.isWhitespace)
        }
        return words
    }
}

/// A line of an oracle script that cannot be read.
struct OracleScriptError: Error, Equatable, CustomStringConvertible {
    /// The 1-based line.
    var line: Int
    /// The line's text.
    var text: String
    /// What is wrong with it.
    var message: String

    var description: String { "line \(line) (\(Quoted.value(text))): \(message)" }
}

/// An absolute instance path as scripts write it: `/data/members[2]/age`, a 1-based position on any
/// step; a step without one means the first.
struct ScriptPath: Hashable, CustomStringConvertible {
    struct Step: Hashable {
        var name: String
        /// The position as written, or `nil` when the step has none.
        var position: Int?
        /// The 1-based position the step means.
        var index: Int { position ?? 1 }
    }

    /// The path as written.
    var text: String
    var steps: [Step]

    var description: String { text }

    /// Reads a path.
    /// - Parameter text: The path.
    /// - Throws: ``Invalid`` naming the step that cannot be read.
    init(_ text: String) throws(Invalid) {
        guard text.hasPrefix("/"), text.count > 1 else { throw Invalid(message: "a path must be absolute (start with /): " + Quoted.value(text)) }
        self.text = text
        steps = []
        for piece in text.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            var name = piece
            var position: Int?
            if piece.hasSuffix("]"), let open = piece.firstIndex(of: "[") {
                name = piece[..<open]
                let digits = piece[piece.index(after: open)..<piece.index(before: piece.endIndex)]
                guard !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber), let number = Int(digits), number >= 1 else {
                    throw Invalid(message: "repeat positions are whole numbers from 1: step " + Quoted.value(piece) + " of " + Quoted.value(text))
                }
                position = number
            }
            guard !name.isEmpty, !name.contains(where: { "[]".contains($0) || $0.isWhitespace }) else {
                throw Invalid(message: "bad step " + Quoted.value(piece) + " in " + Quoted.value(text))
            }
            steps.append(Step(name: String(name), position: position))
        }
    }

    /// The path of every step but the last, or `nil` for the root.
    var parent: ScriptPath? {
        guard steps.count > 1, let slash = text.lastIndex(of: "/") else { return nil }
        return try? ScriptPath(String(text[..<slash]))
    }

    struct Invalid: Error, Equatable { var message: String }
}
