import Foundation
import FormContextDurability
import FormContextXForms
@testable import FormContextOpenRosa

/// Fills a pulled XForm and finalizes the record into an outbox, as the demo's fill step does.
enum DemoFill {
    /// Sets each answer (instance path to text), writes the submission XML and adds it, with the
    /// attachments' files, to the outbox at `outbox` (made when missing).
    static func finalize(_ formFile: String, answers: [String: String], attachments: [String] = [], into outbox: String) async throws {
        let document = try XFormDocument(contentsOf: URL(fileURLWithPath: formFile))
        let record = try XFormRecord(try XForm(document))
        for (path, text) in answers.sorted(by: { $0.key < $1.key }) { try record.set(text, at: path) }
        let xml = document.submissionXML(for: record.instance)
        try Outbox(folder: outbox).enqueue(instance: xml, attachments: attachments)
    }
}
