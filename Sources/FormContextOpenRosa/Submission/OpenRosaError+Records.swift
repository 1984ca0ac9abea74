internal import FormContextXForms
internal import FormContextDurability
internal import Foundation

extension OpenRosaError {
    /// An instance that does not read.
    static func invalidInstance(_ problem: String) -> OpenRosaError {
        OpenRosaError(.invalidInstance, "the instance cannot be submitted: \(problem)")
    }

    /// An instance whose `meta/instanceID` is missing or not `uuid:` and a UUID.
    static func instanceID(_ problem: String) -> OpenRosaError {
        OpenRosaError(.invalidInstance, "the instance's meta/instanceID \(problem)")
    }

    /// An edit whose `meta/deprecatedID` is not `uuid:` and a UUID, or is its own instance id.
    static func deprecatedID(_ problem: String) -> OpenRosaError {
        OpenRosaError(.invalidInstance, "the edited instance's meta/deprecatedID \(problem)")
    }

    /// An attachment that cannot be sent; `path` escaped.
    static func attachment(path: String, problem: String) -> OpenRosaError {
        OpenRosaError(.invalidAttachment, "the attachment \(Quoted.value(path, limit: 400)) \(problem)")
    }

    /// A record over ``OpenRosaRecord/maximumBytes``.
    static func tooLarge(bytes: Int, limit: Int) -> OpenRosaError {
        OpenRosaError(.tooLarge, "the instance and its attachments hold \(bytes) bytes, more than the \(limit) an outbox record may hold")
    }

    /// The same instance id, held with other content.
    static func conflict(instanceID: String) -> OpenRosaError {
        OpenRosaError(
            .conflict,
            "the outbox already holds the record \(Quoted.value(instanceID, limit: 120)) with a different instance or attachments; an edit needs a new instanceID and the old one as its deprecatedID"
        )
    }

    /// An outbox record that is not an XForm record.
    static func notAnXFormRecord(_ id: UUID) -> OpenRosaError {
        OpenRosaError(.notAnXFormRecord, "the outbox record \(id.uuidString) is not an XForm record")
    }

    /// The outbox failed.
    static func outbox(_ error: OutboxError) -> OpenRosaError {
        OpenRosaError(.outbox, error.description)
    }
}
