public import FormContextDurability
public import Foundation

/// Why an XForm record could not be added to an outbox or read from one. Messages name the record,
/// the file or the part of the XML that was wrong, never a value of the instance; text from the XML
/// or a file's name is escaped.
public enum OpenRosaRecordError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The instance XML does not read: not UTF-8, malformed, a DTD, no root element.
    case invalidInstance(String)
    /// The instance has no `meta/instanceID`, or it is not `uuid:` followed by a UUID.
    case instanceID(String)
    /// The record is an edit whose `meta/deprecatedID` is missing, not a `uuid:` UUID, or its own instance id.
    case deprecatedID(String)
    /// An attachment cannot be used: not a regular file, unreadable, a name that cannot be a part's name,
    /// a name the instance does not hold, or a name given twice.
    case attachment(path: String, problem: String)
    /// The instance and its attachments together hold more bytes than a record may.
    case tooLarge(bytes: Int, limit: Int)
    /// The outbox already holds a record with this instance id whose instance or attachments differ.
    case conflict(instanceID: String)
    /// The outbox record is not an XForm record (it was not added with ``FormContextDurability/Outbox/enqueue(instance:attachments:isEdit:)``),
    /// or its XForm parts are damaged.
    case notAnXFormRecord(UUID)
    /// The outbox failed.
    case outbox(OutboxError)

    /// A one-line message.
    public var description: String {
        switch self {
        case .invalidInstance(let problem): "the instance cannot be submitted: \(problem)"
        case .instanceID(let problem): "the instance's meta/instanceID \(problem)"
        case .deprecatedID(let problem): "the edited instance's meta/deprecatedID \(problem)"
        case .attachment(let path, let problem): "the attachment '\(ServerText.escaped(path, limit: 400))' \(problem)"
        case .tooLarge(let bytes, let limit):
            "the instance and its attachments hold \(bytes) bytes, more than the \(limit) an outbox record may hold"
        case .conflict(let id):
            "the outbox already holds the record \(ServerText.escaped(id)) with a different instance or attachments; an edit needs a new instanceID and the old one as its deprecatedID"
        case .notAnXFormRecord(let id): "the outbox record \(id.uuidString) is not an XForm record"
        case .outbox(let error): error.description
        }
    }
}
