/// The validation and submit state of a live form, kept inside its ``FormState`` under its lock.
///
/// Form-level answers (`isValid`, error count, validating) come from running counts that each
/// change adjusts, never from a scan of the fields.
struct FormValidationState {
    /// One asynchronous run for one field.
    struct Run: @unchecked Sendable {
        // `@unchecked Sendable` is sound: `value` comes from a `FormContext`, which admits only
        // `Hashable & Sendable` values.
        let generation: UInt64
        let value: AnyHashable
        var task: Task<Void, Never>?
    }

    /// An asynchronous run to start once the lock is released.
    struct Start: @unchecked Sendable {
        // `@unchecked Sendable` is sound for the same reason as `Run`.
        let key: String
        let generation: UInt64
        let value: AnyHashable
        let debounce: Duration
        let check: @Sendable (AnyHashable) async -> [ValidationIssue]
        let sleep: @Sendable (Duration) async throws -> Void
    }

    var definition: FormDefinition?
    var options = ValidationOptions()

    var issues: [String: FieldIssues] = [:]
    /// Active keys with at least one error, and the number of errors they hold.
    var invalidKeys: Set<String> = []
    var errorCount = 0
    var formErrors: [ValidationIssue] = []
    var formWarnings: [ValidationIssue] = []
    /// Bumped whenever the form-level issues change, so observers of them can be told.
    var formIssuesVersion = 0
    /// Keys validated since the last reset: a change to a field they read re-validates them.
    var validated: Set<String> = []

    var runs: [String: Run] = [:]
    /// Every task started and not yet finished, superseded ones included.
    var tasks: [UInt64: Task<Void, Never>] = [:]
    /// Tasks that finished before their handle was stored.
    var finishedEarly: Set<UInt64> = []
    var nextGeneration: UInt64 = 0

    var phase = SubmitPhase.idle
    var submitCount = 0
    /// The values of the last successful submit; `nil` before the first.
    var submitted: FormContext?
    /// Keys whose value differs from the last successful submit (from the initial values before it).
    var changedSinceSubmit: Set<String> = []

    /// Whether a form-level property was read through observation: only then are the form-level
    /// values compared before and after each mutation and announced.
    var isSummaryTracked = false

    /// Whether any of this needs looking at on a write.
    var isInUse: Bool { definition != nil || submitted != nil || !issues.isEmpty }

    var effectiveMode: ValidationMode { submitCount > 0 ? options.revalidateMode : options.mode }

    /// The form-level values observers can track, given whether the form is dirty.
    func summary(isDirty: Bool) -> FormValidationSummary {
        FormValidationSummary(
            isValid: invalidKeys.isEmpty && formErrors.isEmpty, errorCount: errorCount + formErrors.count,
            isValidating: !runs.isEmpty, phase: phase, submitCount: submitCount,
            isDirtySinceLastSubmit: submitted == nil ? isDirty : !changedSinceSubmit.isEmpty,
            formIssuesVersion: formIssuesVersion)
    }
}
