import Foundation
@testable import FormContextXForms

/// The live record (``XFormRecord``) as the conformance runner drives it: each script action is
/// the record's own operation on the same path, each state read back as the oracle prints it.
///
/// Where the oracle's harness fixes something for repeatability, this does the same: the clock of
/// `jr:preload` values is 2000-01-01T00:00:00Z, the time zone UTC, and the random source seeded.
final class LiveRecordEngine: ConformanceEngine {
    let document: XFormDocument
    let record: XFormRecord

    init(document: XFormDocument, record: XFormRecord) {
        self.document = document
        self.record = record
    }

    /// The oracle's fixed clock (2000-01-01T00:00:00Z) and time zone (UTC), a seeded random source:
    /// a new one for each record, so each starts from the same seed.
    static func environment() -> XPathEnvironment {
        XPathEnvironment.seeded(1, now: Date(timeIntervalSince1970: 946_684_800), timeZone: TimeZone(secondsFromGMT: 0)!)
    }

    static func load(_ url: URL) throws -> LiveRecordEngine {
        let document = try XFormDocument(contentsOf: url)
        let form = try XForm(document, environment: environment())
        return LiveRecordEngine(document: document, record: try XFormRecord(form))
    }

    func set(_ path: ScriptPath, to text: String) throws { try record.set(text, at: path.text) }

    func clear(_ path: ScriptPath) throws { try record.clear(at: path.text) }

    func answer(_ path: ScriptPath, with text: String?) throws -> OracleAnswerResult {
        switch try record.answer(text, at: path.text) {
        case .ok: .ok
        case .constraint: .constraint
        case .required: .required
        }
    }

    func addRepeat(_ path: ScriptPath) throws { _ = try record.addRepeat(at: path.text) }

    func removeRepeat(_ path: ScriptPath) throws { try record.removeRepeat(at: path.text) }

    /// Going through the form adds nothing but the instances `jr:count` asks for.
    func walk() throws { record.growCountedRepeats() }

    func dump() throws -> [OracleNode] {
        record.nodes.map {
            OracleNode(
                path: $0.path, type: $0.type, value: $0.value, relevant: $0.isRelevant, required: $0.isRequired, readonly: $0.isReadonly,
                constraint: $0.constraint)
        }
    }

    /// The choices, then, as showing the question does in JavaRosa, the stored answer kept only as
    /// far as it is among them: a single choice cleared, a multiple one left with the values that are.
    func choices(_ path: ScriptPath) throws -> [OracleChoice] {
        let choices = try record.choices(at: path.text)
        if let value = try record.value(at: path.text) {
            let offered = Set(choices.map(\.value))
            let kept = value.split(separator: " ").filter { offered.contains(String($0)) }.joined(separator: " ")
            if kept != value {
                if kept.isEmpty { try record.clear(at: path.text) } else { try record.set(kept, at: path.text) }
            }
        }
        return choices.map { OracleChoice(value: $0.value, label: $0.label) }
    }

    func validate() throws -> OracleValidation {
        guard let issue = record.validate() else { return .ok }
        return .failed(issue.result == .required ? .required : .constraint, path: issue.path)
    }

    func submission() throws -> String {
        String(decoding: try document.submissionXML(for: record.instance), as: UTF8.self)
    }
}
