import Foundation

/// Compares the lines an engine printed with the oracle's, step by step.
///
/// The comparison rules, all of them here:
///
/// 1. Steps are matched by the script line that printed them (the load is a step of its own, before
///    the first line); a step that printed on one side only differs.
/// 2. A dump's nodes are matched by path; a node on one side only differs, and so does the same set
///    of nodes in another order. Each node's `type`, `value`, `relevant`, `required` and `readonly`
///    are compared as they are.
/// 3. `constraint` is compared only where both sides say the node is relevant: for a non-relevant
///    node JavaRosa evaluates the constraint with `.` read as empty, a verdict it never uses (the
///    oracle's README).
/// 4. An error line matches an error line on the same step, whatever the messages say: the
///    oracle's message is JavaRosa's exception text, which no other engine can print.
/// 5. A `time` line's `ns_per_change` is not compared (it measures the machine), its path and
///    number of changes are.
/// 6. Every other line (`answer`, `choices`, `validate`, `submission`) is compared whole, strings
///    exactly, but for one thing:
/// 7. A record's generated id, `uuid:` and a version 4 UUID (`jr:preload="uid"`, `meta/instanceID`),
///    matches any other such id, in a dump's values and in a submission: the oracle seeds
///    JavaRosa's own random source to make its ids repeatable, and which digits that gives is
///    JavaRosa's alone. The id must still be there, and be one.
enum ConformanceComparison {
    /// One step: what the script line printed on each side and how the two differ.
    struct Step: Equatable {
        /// The script line, or `nil` for the load.
        var scriptLine: Int?
        var ours: OracleLine?
        var theirs: OracleLine?
        var differences: [Difference]
        var matches: Bool { differences.isEmpty }

        /// `load`, or `line N (kind)`.
        var name: String {
            guard let scriptLine else { return "load" }
            return "line \(scriptLine) (\((theirs ?? ours)?.kind ?? "?"))"
        }
    }

    /// One difference within a step: a dump node's field, or the line as a whole.
    struct Difference: Equatable, CustomStringConvertible {
        /// The dump node's path, or `nil` for a difference in the line as a whole.
        var node: String?
        /// The field (`value`, `relevant`, ...), `node` for a node on one side only, `order`, or `line`.
        var field: String
        /// Our side as JSON text, `nil` when absent.
        var ours: String?
        /// JavaRosa's side as JSON text, `nil` when absent.
        var theirs: String?

        /// `/data/a value: ours "3", JavaRosa "4"` (each side as JSON text), escaped for a terminal.
        var description: String {
            let place = node.map { terminalSafe($0) + " " } ?? ""
            return place + field + ": ours " + Self.show(ours) + ", JavaRosa " + Self.show(theirs)
        }

        private static func show(_ text: String?) -> String {
            text.map { terminalSafe($0) } ?? "(nothing)"
        }
    }

    /// Compares two outputs.
    /// - Parameters:
    ///   - ours: What the engine printed.
    ///   - theirs: What the oracle printed, attributed to script lines.
    /// - Returns: Every step that printed on either side, the load first, then by script line.
    static func compare(ours: [ConformanceRunner.Output], theirs: [ConformanceRunner.Output]) -> [Step] {
        var keys: [Int?] = []
        for output in ours + theirs where !keys.contains(output.scriptLine) { keys.append(output.scriptLine) }
        keys.sort { ($0 ?? 0) < ($1 ?? 0) }
        return keys.map { key in
            let mine = ours.first { $0.scriptLine == key }?.line
            let other = theirs.first { $0.scriptLine == key }?.line
            return Step(scriptLine: key, ours: mine, theirs: other, differences: differences(mine, other))
        }
    }

    /// How two lines of the same step differ, by the rules above.
    static func differences(_ ours: OracleLine?, _ theirs: OracleLine?) -> [Difference] {
        switch (ours, theirs) {
        case (nil, nil): return []
        case (.dump(let mine), .dump(let other)): return dumpDifferences(mine, other)
        case (.error, .error): return []
        case (.time(let path, let changes, _), .time(let otherPath, let otherChanges, _)):
            return path == otherPath && changes == otherChanges ? [] : [Difference(node: nil, field: "line", ours: ours?.json, theirs: theirs?.json)]
        case (.submission(let mine), .submission(let other)):
            return anyRecordID(mine) == anyRecordID(other) ? [] : [submissionDifference(anyRecordID(mine), anyRecordID(other))]
        default:
            return ours == theirs ? [] : [Difference(node: nil, field: "line", ours: ours?.json, theirs: theirs?.json)]
        }
    }

    private static func dumpDifferences(_ ours: [OracleNode], _ theirs: [OracleNode]) -> [Difference] {
        var result: [Difference] = []
        let mine = Dictionary(ours.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        let other = Dictionary(theirs.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        for node in theirs {
            guard let match = mine[node.path] else {
                result.append(Difference(node: node.path, field: "node", ours: nil, theirs: node.json))
                continue
            }
            let bothRelevant = node.relevant && match.relevant
            for ((name, theirText), (_, ourText)) in zip(node.fields, match.fields) where name != "path" {
                if name == "constraint" && !bothRelevant { continue }
                if name == "value" && anyRecordID(theirText) == anyRecordID(ourText) { continue }
                if theirText != ourText { result.append(Difference(node: node.path, field: name, ours: ourText, theirs: theirText)) }
            }
        }
        for node in ours where other[node.path] == nil {
            result.append(Difference(node: node.path, field: "node", ours: node.json, theirs: nil))
        }
        let shared = Set(mine.keys).intersection(other.keys)
        let ourOrder = ours.map(\.path).filter(shared.contains)
        let theirOrder = theirs.map(\.path).filter(shared.contains)
        if ourOrder != theirOrder, let first = zip(ourOrder, theirOrder).first(where: { $0 != $1 }) {
            result.append(Difference(node: nil, field: "order", ours: "…" + first.0, theirs: "…" + first.1))
        }
        return result
    }

    /// The text with every record id (`uuid:` and a version 4 UUID in lowercase) written as `uuid:*`.
    static func anyRecordID(_ text: String) -> String {
        text.replacingOccurrences(of: recordID, with: "uuid:*", options: .regularExpression)
    }

    static let recordID = "uuid:[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}"

    /// The first place two submissions part, with some text either side.
    private static func submissionDifference(_ ours: String, _ theirs: String) -> Difference {
        let mine = Array(ours), other = Array(theirs)
        var at = 0
        while at < mine.count, at < other.count, mine[at] == other[at] { at += 1 }
        func excerpt(_ text: [Character]) -> String {
            let start = max(0, at - 30), end = min(text.count, at + 50)
            return (start > 0 ? "…" : "") + String(text[start..<end]) + (end < text.count ? "…" : "")
        }
        return Difference(node: nil, field: "submission from character \(at)", ours: excerpt(mine), theirs: excerpt(other))
    }
}

/// Text for a terminal: every control, format and separator character (which JSON text may still
/// hold above U+001F: C1 controls, bidirectional marks) written as `\u{…}`, and cut after `limit`
/// characters.
func terminalSafe(_ text: String, limit: Int = 200) -> String {
    var out = ""
    for (count, scalar) in text.unicodeScalars.enumerated() {
        if count == limit {
            out += "…"
            break
        }
        let category = scalar.properties.generalCategory
        if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || category == .format || category == .lineSeparator
            || category == .paragraphSeparator
        {
            out += "\\u{" + String(scalar.value, radix: 16) + "}"
        } else {
            out.unicodeScalars.append(scalar)
        }
    }
    return out
}
