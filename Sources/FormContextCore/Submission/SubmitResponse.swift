/// What a submit handler answers: accepted, or rejected with errors for fields and the form.
///
/// ```swift
/// let response: SubmitResponse = .rejected(["username": ["is already taken"]])
/// ```
public struct SubmitResponse: Hashable, Sendable {
    /// Error messages by field key.
    let fieldErrors: [String: [String]]
    /// Error messages about the whole form.
    let formErrors: [String]

    /// The submission was accepted.
    public static let accepted = SubmitResponse(fieldErrors: [:], formErrors: [])

    /// The submission was refused; the errors land on their fields and the submit fails.
    ///
    /// - Parameters:
    ///   - fieldErrors: Messages by field key.
    ///   - formErrors: Messages about the whole form.
    /// - Returns: The response.
    public static func rejected(_ fieldErrors: [String: [String]], formErrors: [String] = []) -> SubmitResponse {
        SubmitResponse(fieldErrors: fieldErrors, formErrors: formErrors)
    }

    /// Whether there are no errors.
    var isAccepted: Bool {
        formErrors.isEmpty && fieldErrors.values.allSatisfy(\.isEmpty)
    }
}
