import Foundation
import TestSupport

/// Runs the built demo on XForms from the package root, and reads oracle scripts as demo arguments.
enum XFormDemoRun {
    /// The package's example XForm, written as an XLSForm (`Examples/visit.md`) and converted by pyxform.
    static var example: String { DocSnippet.packageRoot.appendingPathComponent("Examples/visit.xml").path }

    /// The oracle's fixed clock and seeded random source, as `--today` and `--seed` give them.
    static let oracleClock = ["--today", "2000-01-01", "--seed", "1"]

    /// Runs the demo with `arguments` from the package root (where the README's paths start).
    static func run(_ arguments: [String]) throws -> DemoProcess.Result {
        try DemoProcess.run(arguments, in: DocSnippet.packageRoot)
    }

    /// The demo's arguments for a script's steps before each of its `submission` steps: `set` as
    /// `--set PATH=VALUE`, `clear` as `--set PATH=`, `add-repeat` as `--add PATH`; `dump` prints
    /// only, and so does `validate` in a form without `jr:count` (where it grows no repeat). `nil`
    /// when a step before a submission has no such argument (`answer`, `walk`, `remove-repeat`, …).
    static func submissionRuns(of script: String, formHasCounts: Bool) -> [[String]]? {
        var arguments: [String] = []
        var runs: [[String]] = []
        for line in script.split(separator: "\n", omittingEmptySubsequences: false) {
            let text = line.trimmingCharacters(in: .whitespaces)
            if text.isEmpty || text.hasPrefix("#") { continue }
            let parts = text.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
            switch parts[0] {
            case "set" where parts.count >= 2: arguments += ["--set", parts[1] + "=" + (parts.count > 2 ? parts[2] : "")]
            case "clear" where parts.count == 2: arguments += ["--set", parts[1] + "="]
            case "add-repeat" where parts.count == 2: arguments += ["--add", parts[1]]
            case "dump": break
            case "validate" where !formHasCounts: break
            case "submission": runs.append(arguments)
            default: return runs.isEmpty ? nil : runs
            }
        }
        return runs
    }

    /// The submissions an oracle output holds (`{"submission":"…"}` lines), in order.
    static func submissions(in expected: String) throws -> [String] {
        try expected.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("{\"submission\":") else { return nil }
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            return object?["submission"] as? String
        }
    }

    /// `text` with every record id (`uuid:` and a version 4 UUID) written as `uuid:*`: the oracle's
    /// ids come from JavaRosa's own seeded random source.
    static func withoutRecordIDs(_ text: String) -> String {
        text.replacingOccurrences(
            of: "uuid:[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}", with: "uuid:*", options: .regularExpression)
    }
}
