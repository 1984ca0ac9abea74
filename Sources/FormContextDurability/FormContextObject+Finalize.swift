public import FormContextCore
public import Foundation

extension FormContextObject {
    /// Finalizes the form: validates it through ``submit(_:)`` (every field touched, synchronous and
    /// asynchronous validators run) and freezes its active values as a record with a unique instance id
    /// and the time, ready for an ``Outbox``.
    ///
    /// A form's life is draft → finalized → sent: once finalized, the record is not edited in place.
    ///
    /// ```swift
    /// let record = try await form.finalize()
    /// try outbox.enqueue(record)
    /// try draftStore.discard()
    /// ```
    ///
    /// - Parameter instanceID: The record's id; a new random UUID by default.
    /// - Returns: The record.
    /// - Throws: ``FinalizeError/invalid(_:)`` with the errors (now on their fields), or another ``FinalizeError``.
    public func finalize(instanceID: UUID = UUID()) async throws(FinalizeError) -> FinalizedSubmission {
        try await finalize(instanceID: instanceID, environment: .live)
    }

    /// Finalizes the form, dating the record with `environment`'s clock.
    func finalize(instanceID: UUID = UUID(), environment: DurabilityEnvironment) async throws(FinalizeError) -> FinalizedSubmission {
        switch await submit({ _ in .accepted }) {
        case .succeeded(let submission):
            return FinalizedSubmission(
                submission: submission, instanceID: instanceID, finalizedAt: environment.now(),
                formIdentifier: definition?.identifier ?? "form", formVersion: definition?.version ?? 1)
        case .invalid(let report), .rejected(let report):
            throw .invalid(report)
        case .alreadySubmitting:
            throw .alreadySubmitting
        case .failed(let error):
            throw .failed(String(describing: error))
        }
    }
}
