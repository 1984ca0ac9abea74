public import FormContextCore
public import Foundation

/// A submission frozen for delivery: validated values, a unique instance id and the time it was
/// finalized. It is never edited in place; ``Outbox/requeue(_:editing:)`` makes a new record.
///
/// The instance id travels with every delivery attempt as an idempotency key, so a server that
/// receives a record twice can recognise it.
public struct FinalizedSubmission: Sendable, CustomStringConvertible {
    /// The record's unique id.
    public let instanceID: UUID
    /// When the record was finalized.
    public let finalizedAt: Date
    /// The ``FormDefinition/identifier`` of the form.
    public let formIdentifier: String
    /// The ``FormDefinition/version`` of the form.
    public let formVersion: Int
    /// The values to deliver.
    public let submission: FormSubmission
    /// The record this one replaces, when it was made by editing a parked record.
    public let previousInstanceID: UUID?

    /// Freezes `submission` as a record.
    ///
    /// - Parameters:
    ///   - submission: The values.
    ///   - instanceID: The record's id; a new random UUID by default.
    ///   - finalizedAt: When it was finalized; now by default.
    ///   - formIdentifier: The form's identifier.
    ///   - formVersion: The form's version.
    ///   - previousInstanceID: The record this one replaces, if any.
    public init(
        submission: FormSubmission, instanceID: UUID = UUID(), finalizedAt: Date = Date(), formIdentifier: String = "form",
        formVersion: Int = 1, previousInstanceID: UUID? = nil
    ) {
        self.instanceID = instanceID
        self.finalizedAt = finalizedAt
        self.formIdentifier = formIdentifier
        self.formVersion = formVersion
        self.submission = submission
        self.previousInstanceID = previousInstanceID
    }

    /// A new record with edited values that replaces this one: a new instance id, this one's id as
    /// ``previousInstanceID``.
    ///
    /// - Parameters:
    ///   - submission: The edited values.
    ///   - instanceID: The new record's id; a new random UUID by default.
    ///   - finalizedAt: When it was finalized; now by default.
    /// - Returns: The new record.
    func replacing(_ submission: FormSubmission, instanceID: UUID = UUID(), finalizedAt: Date = Date()) -> FinalizedSubmission {
        FinalizedSubmission(
            submission: submission, instanceID: instanceID, finalizedAt: finalizedAt, formIdentifier: formIdentifier,
            formVersion: formVersion, previousInstanceID: self.instanceID)
    }

    /// `FinalizedSubmission(<id> of <form> v<version>: <values, secrets masked>)`.
    public var description: String {
        "FinalizedSubmission(\(instanceID.uuidString) of \(formIdentifier) v\(formVersion): \(submission))"
    }
}
