public import FormContextCore
import Observation
import Synchronization

/// Saves a form's draft by itself whenever the form changes: debounced, coalesced, at most one write
/// in flight, and the state saved last is always the form's latest.
///
/// A change (a value, a touched flag, visibility, enabled or secret state) starts a wait of `debounce`;
/// then the form's state at that moment is written. Changes during the wait or the write are coalesced
/// into one more write after it. Keep the autosave alive as long as the form is edited.
///
/// ```swift
/// let autosave = DraftAutosave(form: form, store: store, debounce: .milliseconds(500))
/// // … the person edits the form …
/// await autosave.flush()   // on suspension: write what is pending now
/// ```
///
/// On iOS, call ``flush()`` when the scene phase becomes `.background` (inside a background task), or
/// ``DraftStore/save(_:)-(FormContextObject)`` synchronously from `applicationWillResignActive`.
public final class DraftAutosave: Sendable {
    private struct Schedule {
        var isPending = false
        var writer: Task<Void, Never>?
        var isStopped = false
        var lastError: DraftError?
    }

    /// The form whose state is saved.
    let form: FormContextObject
    /// Where it is saved.
    let store: DraftStore
    /// How long after the first change of a quiet form its state is written.
    let debounce: Duration

    private let environment: DurabilityEnvironment
    private let onError: (@Sendable (DraftError) -> Void)?
    private let schedule = Mutex(Schedule())

    /// Starts saving `form` to `store` whenever it changes.
    ///
    /// - Parameters:
    ///   - form: The form.
    ///   - store: The draft store.
    ///   - debounce: How long after a change the state is written; half a second by default.
    ///   - onError: Called with each failed save (the message names the file, never a value).
    public convenience init(
        form: FormContextObject, store: DraftStore, debounce: Duration = .milliseconds(500),
        onError: (@Sendable (DraftError) -> Void)? = nil
    ) {
        self.init(form: form, store: store, debounce: debounce, environment: .live, onError: onError)
    }

    /// Starts saving `form` to `store`, waiting out the debounce with `environment`'s sleep.
    init(
        form: FormContextObject, store: DraftStore, debounce: Duration = .milliseconds(500),
        environment: DurabilityEnvironment, onError: (@Sendable (DraftError) -> Void)? = nil
    ) {
        self.form = form
        self.store = store
        self.debounce = debounce
        self.environment = environment
        self.onError = onError
        track()
    }

    deinit {
        schedule.withLock { $0.writer?.cancel() }
    }

    /// The error of the last save, or `nil` if it succeeded.
    public var lastError: DraftError? { schedule.withLock { $0.lastError } }

    /// Whether a change is waiting to be written or a write is under way.
    var isSaving: Bool { schedule.withLock { $0.writer != nil } }

    /// Writes what is pending now, without waiting out the debounce, and returns once it is on disk.
    ///
    /// Nothing is written when nothing changed since the last save.
    public func flush() async {
        let writer = schedule.withLock { schedule -> Task<Void, Never>? in
            schedule.writer?.cancel()
            return schedule.writer
        }
        await writer?.value
    }

    /// Stops saving by itself, after writing what is pending.
    public func stop() async {
        schedule.withLock { $0.isStopped = true }
        await flush()
    }

    /// Registers for the next change of anything a draft holds.
    private func track() {
        let form = form
        let keys = (form.definition?.fields.map(\.key) ?? []) + Array(form.initialValues.values.keys)
        withObservationTracking {
            _ = form.context
            for key in keys { _ = form.fieldState(for: key) }
            for key in form.touchedKeys { _ = form.fieldState(for: key) }
        } onChange: { [weak self] in
            self?.formDidChange()
        }
    }

    /// Notes a change and starts the writer if none is running.
    private func formDidChange() {
        schedule.withLock { schedule in
            guard !schedule.isStopped else { return }
            schedule.isPending = true
            guard schedule.writer == nil else { return }
            schedule.writer = Task { [weak self] in await self?.writeWhilePending() }
        }
    }

    /// Waits out the debounce and writes, for as long as changes keep coming; then ends.
    private func writeWhilePending() async {
        while true {
            if !Task.isCancelled { try? await environment.sleep(debounce) }
            let isPending = schedule.withLock { schedule in
                let isPending = schedule.isPending
                schedule.isPending = false
                if !isPending { schedule.writer = nil }
                return isPending
            }
            guard isPending else { return }
            // Register before reading, so a change made while writing starts another write.
            if !schedule.withLock({ $0.isStopped }) { track() }
            let error: DraftError?
            do {
                try store.save(form)
                error = nil
            } catch let failure {
                error = failure
            }
            schedule.withLock { $0.lastError = error }
            if let error { onError?(error) }
        }
    }
}
