import FormContextCore
public import FormContextDurability
public import Foundation

/// A finalized XForm record as an outbox holds it: the instance's XML bytes exactly as they were
/// added, its instance id, the id of the record it replaces (an edit), and its attachments' bytes.
///
/// The record lives in one outbox file (the outbox's own checked format), so it is added, delivered,
/// parked, queued again and removed as a whole: an instance never leaves without its attachments, and
/// nothing of it stays behind once it is delivered. Read one back from ``Outbox/pending()`` or
/// ``Outbox/parked()`` with ``init(_:)``.
public struct OpenRosaRecord: Sendable, Hashable {
    /// The instance's `meta/instanceID`: `uuid:` and a UUID.
    public let instanceID: String
    /// The `meta/deprecatedID` of an edit: the instance id of the record it replaces.
    public let deprecatedID: String?
    /// The root element's `id` attribute: the form's id.
    public let formID: String?
    /// The instance's XML, byte for byte as it was added; sent as `xml_submission_file`.
    public let instanceXML: Data
    /// The attachments, in the order they were given.
    public let attachments: [OpenRosaAttachment]

    /// The most bytes an instance and its attachments may hold together: 40 MiB, so the record (its
    /// bytes in base 64 and its framing) stays under the 64 MiB an outbox reads.
    public static let maximumBytes = 40 << 20

    /// The key of the record's one value in its ``FinalizedSubmission/submission``.
    static let valueKey = "openrosa"

    init(instanceID: String, deprecatedID: String?, formID: String?, instanceXML: Data, attachments: [OpenRosaAttachment]) {
        self.instanceID = instanceID
        self.deprecatedID = deprecatedID
        self.formID = formID
        self.instanceXML = instanceXML
        self.attachments = attachments
    }

    /// Reads the XForm record out of an outbox record.
    ///
    /// - Parameter record: A record from ``Outbox/pending()`` or ``Outbox/parked()``, or the one a
    ///   transport is handed.
    /// - Throws: ``OpenRosaError/notAnXFormRecord(_:)`` when it was not added as an XForm record,
    ///   or its parts do not read.
    public init(_ record: FinalizedSubmission) throws(OpenRosaError) {
        guard let parsed = Self(submission: record.submission), parsed.uuid == record.instanceID else {
            throw .notAnXFormRecord(record.instanceID)
        }
        self = parsed
    }

    /// Reads the XForm record out of a submission's values; `nil` when they are not one.
    init?(submission: FormSubmission) {
        guard submission.keys == [Self.valueKey], case .object(let members)? = submission[Self.valueKey] as? JSONValue,
            case .string(let instanceID)? = members["instanceID"], case .string(let xmlText)? = members["xml"],
            let xml = Data(base64Encoded: xmlText), case .array(let list)? = members["attachments"]
        else { return nil }
        var attachments: [OpenRosaAttachment] = []
        for item in list {
            guard case .object(let attachment) = item, case .string(let name)? = attachment["name"],
                case .string(let text)? = attachment["contents"], let contents = Data(base64Encoded: text),
                // Checked again as they were when added: a name a part cannot hold would write headers
                // of its own into the multipart body.
                Self.problem(withPartName: name) == nil, !attachments.contains(where: { $0.name == name })
            else { return nil }
            attachments.append(OpenRosaAttachment(name: name, contents: contents))
        }
        var deprecatedID: String?
        if case .string(let text)? = members["deprecatedID"] { deprecatedID = text }
        var formID: String?
        if case .string(let text)? = members["formID"] { formID = text }
        self.init(instanceID: instanceID, deprecatedID: deprecatedID, formID: formID, instanceXML: xml, attachments: attachments)
        guard uuid != nil else { return nil }
    }

    /// The UUID of ``instanceID``: the outbox's key for the record.
    var uuid: UUID? { Self.uuid(in: instanceID) }

    /// The UUID of an OpenRosa instance id, `uuid:` (in any case) and a UUID; `nil` for anything else.
    static func uuid(in instanceID: String) -> UUID? {
        guard instanceID.count == 41, instanceID.prefix(5).lowercased() == "uuid:" else { return nil }
        return UUID(uuidString: String(instanceID.dropFirst(5)))
    }

    /// The record's values for the outbox: one secret key, so that no description or log line ever
    /// shows the instance.
    func submission() throws(OpenRosaError) -> FormSubmission {
        var members: JSONObject = [
            "instanceID": .string(instanceID),
            "xml": .string(instanceXML.base64EncodedString()),
            "attachments": .array(
                attachments.map { .object(["name": .string($0.name), "contents": .string($0.contents.base64EncodedString())]) }),
        ]
        if let deprecatedID { members["deprecatedID"] = .string(deprecatedID) }
        if let formID { members["formID"] = .string(formID) }
        var values = FormContext([Self.valueKey: JSONValue.object(members)])
        values.secureKeys = [Self.valueKey]
        do {
            return try FormSubmission(values)
        } catch {
            throw .invalidInstance("it cannot be stored: \(error)")
        }
    }
}
