import Foundation
@testable import FormContextXForms

extension OracleLine {
    /// Reads an oracle's output (`NAME.expected`): one JSON object a line, blank lines skipped.
    /// - Parameter text: The output.
    /// - Returns: The lines in order.
    /// - Throws: ``OracleOutputError`` naming the 1-based line that is not a line of the format.
    static func lines(of text: String) throws(OracleOutputError) -> [OracleLine] {
        var lines: [OracleLine] = []
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespacesAndNewlines)
            if line.isEmpty { continue }
            do {
                lines.append(try JSONDecoder().decode(Decoded.self, from: Data(line.utf8)).line)
            } catch {
                throw OracleOutputError(line: index + 1, text: line, message: Self.reason(error))
            }
        }
        return lines
    }

    private static func reason(_ error: any Error) -> String {
        switch error {
        case let error as OracleOutputError.Shape: error.message
        case DecodingError.keyNotFound(let key, let context): "no \(Quoted.value(key.stringValue)) at \(Self.place(context))"
        case DecodingError.typeMismatch(let type, let context): "expected \(type) at \(Self.place(context))"
        case DecodingError.valueNotFound(let type, let context): "expected \(type), found null at \(Self.place(context))"
        case DecodingError.dataCorrupted(let context): "not JSON (\(context.debugDescription))"
        default: "\(error)"
        }
    }

    private static func place(_ context: DecodingError.Context) -> String {
        let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? "." + $0.stringValue }.joined()
        return path.isEmpty ? "the top" : Quoted.value(path)
    }

    /// The JSON form, strict: every key of the kind present (a `null` written out, never left out)
    /// and no other key.
    private struct Decoded: Decodable {
        var line: OracleLine

        init(from decoder: any Decoder) throws {
            let object = try decoder.container(keyedBy: Key.self)
            func string(_ key: String) throws -> String { try object.decode(String.self, forKey: Key(key)) }
            func only(_ keys: Set<String>) throws {
                let found = Set(object.allKeys.map(\.stringValue))
                guard found == keys else {
                    throw OracleOutputError.Shape(message: "keys " + found.sorted().joined(separator: ", ") + " where " + keys.sorted().joined(separator: ", ") + " belong")
                }
            }
            if object.contains(Key("dump")) {
                try only(["dump"])
                line = .dump(try object.decode([Node].self, forKey: Key("dump")).map(\.node))
            } else if object.contains(Key("answer")) {
                try only(["answer", "result"])
                let result = try string("result")
                guard let known = OracleAnswerResult(rawValue: result) else { throw OracleOutputError.Shape(message: "unknown answer result " + Quoted.value(result)) }
                line = .answer(path: try string("answer"), result: known)
            } else if object.contains(Key("choices")) {
                try only(["choices", "items"])
                line = .choices(path: try string("choices"), items: try object.decode([Choice].self, forKey: Key("items")).map(\.choice))
            } else if object.contains(Key("validate")) {
                let outcome = try string("validate")
                if outcome == "ok" {
                    try only(["validate"])
                    line = .validate(.ok)
                } else {
                    try only(["validate", "path"])
                    guard let failure = OracleValidation.Failure(rawValue: outcome) else { throw OracleOutputError.Shape(message: "unknown validation outcome " + Quoted.value(outcome)) }
                    line = .validate(.failed(failure, path: try string("path")))
                }
            } else if object.contains(Key("submission")) {
                try only(["submission"])
                line = .submission(try string("submission"))
            } else if object.contains(Key("time")) {
                try only(["time", "changes", "ns_per_change"])
                line = .time(
                    path: try string("time"), changes: try object.decode(Int.self, forKey: Key("changes")),
                    nanosecondsPerChange: try object.decode(Int.self, forKey: Key("ns_per_change")))
            } else if object.contains(Key("error")) {
                try only(["error", "line"])
                line = .error(message: try string("error"), line: try object.decode(Int?.self, forKey: Key("line")))
            } else {
                throw OracleOutputError.Shape(message: "none of dump, answer, choices, validate, submission, time, error")
            }
        }
    }

    private struct Node: Decodable {
        var node: OracleNode
        init(from decoder: any Decoder) throws {
            let object = try decoder.container(keyedBy: Key.self)
            let names = ["path", "type", "value", "relevant", "required", "readonly", "constraint"]
            guard Set(object.allKeys.map(\.stringValue)) == Set(names) else {
                throw OracleOutputError.Shape(message: "a dump node has keys " + object.allKeys.map(\.stringValue).sorted().joined(separator: ", "))
            }
            node = OracleNode(
                path: try object.decode(String.self, forKey: Key("path")), type: try object.decode(String?.self, forKey: Key("type")),
                value: try object.decode(String?.self, forKey: Key("value")), relevant: try object.decode(Bool.self, forKey: Key("relevant")),
                required: try object.decode(Bool.self, forKey: Key("required")), readonly: try object.decode(Bool.self, forKey: Key("readonly")),
                constraint: try object.decode(Bool?.self, forKey: Key("constraint")))
        }
    }

    private struct Choice: Decodable {
        var choice: OracleChoice
        init(from decoder: any Decoder) throws {
            let object = try decoder.container(keyedBy: Key.self)
            guard Set(object.allKeys.map(\.stringValue)) == ["value", "label"] else {
                throw OracleOutputError.Shape(message: "a choice has keys " + object.allKeys.map(\.stringValue).sorted().joined(separator: ", "))
            }
            choice = OracleChoice(value: try object.decode(String.self, forKey: Key("value")), label: try object.decode(String?.self, forKey: Key("label")))
        }
    }

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ name: String) { stringValue = name }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}

/// A line of an oracle's output that cannot be read.
struct OracleOutputError: Error, Equatable, CustomStringConvertible {
    /// The 1-based line.
    var line: Int
    /// The line's text.
    var text: String
    /// What is wrong with it.
    var message: String

    var description: String { "line \(line) (\(Quoted.value(text))): \(message)" }

    struct Shape: Error { var message: String }
}
