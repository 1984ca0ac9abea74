public import Observation
import Synchronization

/// The model of a submit button: submits its form with its handler and shows the phase.
///
/// It is a ``FormControl`` that contributes no value. The same form can also be submitted from
/// outside with ``FormContextObject/submit(_:)``, and both share one pipeline, so a second submit
/// while one runs is refused whichever started it.
///
/// ```swift
/// let button = SubmitControl(form: form) { submission in
///     print(submission)
///     return .accepted
/// }
/// await button.submit()
/// ```
public final class SubmitControl: FormControl, Observable, Sendable {
    /// The form the control submits.
    let form: FormContextObject
    /// The button's label.
    public let title: String
    private let handler: FormContextObject.SubmitHandler
    private let last = Mutex<SubmitResult?>(nil)
    private let registrar = ObservationRegistrar()

    /// Creates a submit control.
    ///
    /// - Parameters:
    ///   - title: The label; `Submit` by default.
    ///   - form: The form to submit.
    ///   - handler: Receives the submission.
    public init(title: String = "Submit", form: FormContextObject, handler: @escaping FormContextObject.SubmitHandler) {
        self.title = title
        self.form = form
        self.handler = handler
    }

    /// Always `nil`: the control belongs to no field.
    public var formKey: String? { nil }
    /// Always `nil`: the control contributes no value.
    public var formValue: (any Hashable & Sendable)? { nil }

    /// The form's submit phase. Observable.
    public var phase: SubmitPhase { form.submitPhase }

    /// Whether the button can be pressed: no submit is under way. Observable.
    public var isEnabled: Bool { !form.submitPhase.isInProgress }

    /// How the last submit started by this control ended. Observable.
    public var lastResult: SubmitResult? {
        registrar.access(self, keyPath: \.lastResult)
        return last.withAnnotatedLock { $0 }
    }

    /// Submits the form with the control's handler.
    ///
    /// - Returns: How the submit ended (see ``FormContextObject/submit(_:)``).
    @discardableResult
    public func submit() async -> SubmitResult {
        let result = await form.submit(handler)
        // A refused press started nothing: the last submit this control started keeps its result.
        if case .alreadySubmitting = result { return result }
        registrar.willSet(self, keyPath: \.lastResult)
        last.withAnnotatedLock { $0 = result }
        registrar.didSet(self, keyPath: \.lastResult)
        return result
    }
}
