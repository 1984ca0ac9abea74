/// A check that has to wait for something, such as asking a server whether a user name is free.
///
/// A live form runs a field's asynchronous validators after its synchronous ones pass, once the
/// value has stopped changing for its debounce interval. A newer value cancels the run for the older one, and
/// an older result never replaces a newer one. A submit waits for the runs still pending.
///
/// ```swift
/// let userName = FieldDefinition(FormKey<String>("username"), validators: [.required()], asyncValidators: [
///     AsyncValidator("available", debounce: .milliseconds(300)) { name in
///         await directory.isTaken(name) ? "is already taken" : nil
///     }
/// ])
/// ```
public struct AsyncValidator<Value: Hashable & Sendable>: Sendable {
    /// The rule's name, as reported in ``ValidationIssue/rule``.
    @usableFromInline let rule: String
    /// How long the value must stay unchanged before the check starts.
    @usableFromInline let debounce: Duration
    let check: @Sendable (Value) async throws -> String?

    /// Creates an asynchronous validator.
    ///
    /// - Parameters:
    ///   - rule: The rule's name.
    ///   - debounce: How long the value must stay unchanged before the check starts; none by default.
    ///   - check: Returns the error message, or `nil` if the value passes. If it throws, the field gets
    ///     the error `could not be checked: <error>`. It should stop early when its task is cancelled.
    public init(_ rule: String, debounce: Duration = .zero, _ check: @escaping @Sendable (Value) async throws -> String?) {
        self.rule = rule
        self.debounce = debounce
        self.check = check
    }
}
