import Foundation

/// The demo's fill and finalize step: `ContextDemo --xform FORM --set PATH=VALUE … [--attach FILE …]
/// --outbox OUT`, run as a process.
enum DemoFill {
    struct Failed: Error, CustomStringConvertible {
        let description: String
    }

    /// Sets each answer (instance path to text), then finalizes the record, with the attachments'
    /// files, into the outbox at `outbox` (made when missing).
    ///
    /// - Returns: The instance id the demo printed.
    /// - Throws: ``Failed`` with what the demo printed, when it did not finalize the record.
    @discardableResult
    static func finalize(_ formFile: String, answers: [String: String], attachments: [String] = [], into outbox: String) async throws -> String {
        var arguments = ["--xform", formFile]
        for (path, text) in answers.sorted(by: { $0.key < $1.key }) { arguments += ["--set", "\(path)=\(text)"] }
        for file in attachments { arguments += ["--attach", file] }
        arguments += ["--outbox", outbox]
        let run = try await DemoRun.run(arguments)
        let words = run.output.split(separator: " ")
        guard run.status == 0, words.first == "finalized", words.count > 1 else {
            throw Failed(description: "status \(run.status): \(run.output)\(run.errorOutput)")
        }
        return String(words[1])
    }
}
