/// The form-level values that observers can track; compared before and after each mutation.
struct FormValidationSummary: Equatable {
    var isValid = true
    var errorCount = 0
    var isValidating = false
    var phase = SubmitPhase.idle
    var submitCount = 0
    var isDirtySinceLastSubmit = false
    var formIssuesVersion = 0
}
