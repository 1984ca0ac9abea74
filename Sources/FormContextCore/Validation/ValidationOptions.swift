/// How a live form validates: when, and how it waits.
public struct ValidationOptions: Sendable {
    /// When fields validate before the first submit.
    var mode: ValidationMode
    /// When fields validate once the form has been submitted at least once.
    var revalidateMode: ValidationMode
    /// How asynchronous validators wait out their debounce interval.
    ///
    /// The default is `Task.sleep(for:)`. Tests inject a clock they advance by hand; the function
    /// must throw `CancellationError` (or return promptly) when its task is cancelled.
    var sleep: @Sendable (Duration) async throws -> Void

    /// Creates options.
    ///
    /// - Parameters:
    ///   - mode: When fields validate before the first submit; `onSubmit` by default.
    ///   - revalidateMode: When fields validate after the first submit; `onChange` by default.
    ///   - sleep: How debounce intervals are waited out; `Task.sleep(for:)` by default.
    public init(
        mode: ValidationMode = .onSubmit, revalidateMode: ValidationMode = .onChange,
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
    ) {
        self.mode = mode
        self.revalidateMode = revalidateMode
        self.sleep = sleep
    }
}
