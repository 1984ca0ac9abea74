import Foundation
@testable import FormContextXForms

/// Plays an oracle script (the actions of `../shared/oracle/run`) on a record and writes the lines
/// JavaRosa's harness prints, so a test can compare them with what JavaRosa gave.
enum LiveScript {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The output lines of `script` played on a new record of `form`.
    static func play(_ form: XForm, _ script: String) throws -> [String] {
        let record = try XFormRecord(form)
        var out: [String] = []
        for raw in script.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = raw.trimmingCharacters(in: .whitespaces)
            guard !line.isEmpty, !line.hasPrefix("#") else { continue }
            let parts = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
            let action = parts[0]
            let path = parts.count > 1 ? parts[1] : ""
            let rest = parts.count > 2 ? parts[2] : ""
            switch action {
            case "set": try record.set(rest, at: path)
            case "clear": try record.clear(at: path)
            case "answer":
                let result = try record.answer(rest, at: path)
                out.append(#"{"answer":\#(json(path)),"result":"\#(result)"}"#)
            case "add-repeat": try record.addRepeat(at: path)
            case "remove-repeat": try record.removeRepeat(at: path)
            case "walk": record.growCountedRepeats()
            case "dump": out.append(dump(record))
            case "choices":
                let items = try record.choices(at: path, dropsStaleAnswer: true).map { #"{"value":\#(json($0.value)),"label":\#(json($0.label))}"# }
                out.append(#"{"choices":\#(json(path)),"items":[\#(items.joined(separator: ","))]}"#)
            case "validate":
                if let issue = record.validate() {
                    out.append(#"{"validate":"\#(issue.result)","path":\#(json(issue.path))}"#)
                } else {
                    out.append(#"{"validate":"ok"}"#)
                }
            default: continue
            }
        }
        return out
    }

    static func dump(_ record: XFormRecord) -> String {
        let nodes = record.nodes.map { node in
            "{\"path\":\(json(node.path)),\"type\":\(node.type.map(json) ?? "null"),\"value\":\(node.value.map(json) ?? "null"),"
                + "\"relevant\":\(node.isRelevant),\"required\":\(node.isRequired),\"readonly\":\(node.isReadonly),"
                + "\"constraint\":\(node.constraint.map { "\($0)" } ?? "null")}"
        }
        return "{\"dump\":[" + nodes.joined(separator: ",") + "]}"
    }

    static func json(_ text: String) -> String {
        let data = try! JSONSerialization.data(withJSONObject: [text], options: [.withoutEscapingSlashes])
        return String(String(decoding: data, as: UTF8.self).dropFirst().dropLast())
    }

    /// The lines that differ, as parsed JSON (a dump's constraint compared only where relevant).
    static func differences(_ ours: [String], _ theirs: [String]) -> [String] {
        var out: [String] = []
        for index in 0..<max(ours.count, theirs.count) {
            let a = index < ours.count ? ours[index] : "<none>"
            let b = index < theirs.count ? theirs[index] : "<none>"
            guard normalized(a) != normalized(b) else { continue }
            if let ours = nodes(a), let theirs = nodes(b) {
                var lines = ["line \(index + 1): dump (\(ours.count) nodes, JavaRosa \(theirs.count))"]
                for i in 0..<max(ours.count, theirs.count) {
                    let x = i < ours.count ? ours[i] : "<none>"
                    let y = i < theirs.count ? theirs[i] : "<none>"
                    if x != y { lines.append("  ours:   \(x)\n  theirs: \(y)") }
                }
                out.append(lines.prefix(12).joined(separator: "\n"))
            } else {
                out.append("line \(index + 1):\n  ours:   \(a.prefix(300))\n  theirs: \(b.prefix(300))")
            }
        }
        return out
    }

    /// A dump's nodes as comparable lines (constraint dropped where not relevant).
    private static func nodes(_ line: String) -> [String]? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
            let nodes = object["dump"] as? [[String: Any]]
        else { return nil }
        return nodes.map { node in
            let relevant = node["relevant"] as? Bool ?? false
            let fields = ["path", "type", "value", "relevant", "required", "readonly"] + (relevant ? ["constraint"] : [])
            return fields.map { field in
                var text = node[field].map { "\($0)" } ?? "nil"
                if text.hasPrefix("uuid:") { text = "uuid:…" }
                return "\(field)=\(text)"
            }.joined(separator: " ")
        }
    }

    private static func normalized(_ line: String) -> NSObject? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { return line as NSString }
        var copy = object
        if var nodes = object["dump"] as? [[String: Any]] {
            for i in nodes.indices where nodes[i]["relevant"] as? Bool == false { nodes[i]["constraint"] = NSNull() }
            for i in nodes.indices where (nodes[i]["value"] as? String)?.hasPrefix("uuid:") == true { nodes[i]["value"] = "uuid:…" }
            copy["dump"] = nodes
        }
        return copy as NSDictionary
    }
}
