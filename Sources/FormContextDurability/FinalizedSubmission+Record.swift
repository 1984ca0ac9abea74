import FormContextCore
import Foundation

extension FinalizedSubmission {
    /// The record as the JSON an outbox file holds after its header. Secret values are held as they
    /// are: the server needs them.
    func payload() -> [UInt8] {
        var members: JSONObject = [
            "instanceID": .string(instanceID.uuidString),
            "finalizedAt": .number(finalizedAt.timeIntervalSince1970.description),
            "form": .object(["identifier": .string(formIdentifier), "version": .number(String(formVersion))]),
            "number": .number(String(submission.number)),
            "secureKeys": .array(submission.values.secureKeys.sorted().map(JSONValue.string)),
            "values": submission.jsonValues,
        ]
        if let previousInstanceID { members["previousInstanceID"] = .string(previousInstanceID.uuidString) }
        return Array(JSONValue.object(members).description.utf8)
    }

    /// Reads a record from the JSON after an outbox file's header; values stay as JSON, so the JSON
    /// sent is the JSON that was finalized.
    init(payload: [UInt8]) throws(RecordEnvelope.Problem) {
        let document: JSONValue
        do { document = try JSONValue(parsing: Data(payload)) } catch { throw .payload(error.description) }
        guard case .object(let root) = document, case .string(let idText)? = root["instanceID"], let id = UUID(uuidString: idText),
            case .number(let finalizedText)? = root["finalizedAt"], let finalized = Double(finalizedText),
            case .object(let form)? = root["form"], case .string(let identifier)? = form["identifier"],
            case .number(let versionText)? = form["version"], let version = Int(versionText),
            case .number(let numberText)? = root["number"], let number = Int(numberText),
            case .array(let secureList)? = root["secureKeys"], let values = root["values"]
        else { throw .payload("the record's JSON lacks its instanceID, finalizedAt, form, number, secureKeys or values") }
        var previous: UUID?
        if case .string(let text)? = root["previousInstanceID"] { previous = UUID(uuidString: text) }
        let submission: FormSubmission
        do {
            var context = try FormSubmission(json: values.description, definition: nil).values
            context.secureKeys = Self.secureKeys(Set(secureList.compactMap { if case .string(let key) = $0 { key } else { nil } }), in: context)
            submission = try FormSubmission(context, number: number)
        } catch {
            throw .payload("the record's values cannot be read: \(error)")
        }
        self.init(
            submission: submission, instanceID: id, finalizedAt: Date(timeIntervalSince1970: finalized), formIdentifier: identifier,
            formVersion: version, previousInstanceID: previous)
    }

    /// The keys of `context` to keep secret: each secret key it holds, and the key of each group (kept
    /// as JSON) holding a row's secret field, so a secret inside a row is masked with its group.
    private static func secureKeys(_ keys: Set<String>, in context: FormContext) -> Set<String> {
        var secure: Set<String> = []
        for key in keys {
            if context.values[key] != nil {
                secure.insert(key)
                continue
            }
            let utf8 = key.utf8
            for dot in utf8.indices where utf8[dot] == UInt8(ascii: ".") {
                let prefix = String(decoding: utf8[..<dot], as: UTF8.self)
                if context.values[prefix] != nil { secure.insert(prefix) }
            }
        }
        return secure
    }
}
