import FormContext

/// The interactive demo without its terminal: a navigator over the form's screens, the messages
/// shown under them, and what each command does. Tested by feeding it commands.
final class InteractiveSession {
    /// How a session ended.
    enum Ending {
        case quit
        /// Ctrl-C.
        case interrupted
        /// The form was submitted; the submission is printed as the demo prints it.
        case submitted(FormSubmission)
    }

    let navigator: FormNavigator
    let revealsSecrets: Bool
    /// What the person is told under the screen: a submit's errors.
    private(set) var messages: [String] = []

    /// A session showing `screen` over `form`; a submit hands the submission to `submit`.
    init(screen: Screen, form: FormContextObject, revealingSecrets: Bool, submit: @escaping FormContextObject.SubmitHandler) {
        navigator = FormNavigator(root: screen, form: form, submit: submit)
        revealsSecrets = revealingSecrets
    }

    /// What to draw now.
    var picture: ScreenPicture {
        ScreenPicture(navigator, messages: messages, revealingSecrets: revealsSecrets)
    }

    /// Whether a text is being edited, which decides what keys mean.
    var isEditing: Bool { navigator.editing != nil }

    /// Does what `command` asks.
    ///
    /// - Returns: How the session ended, or `nil` while it goes on.
    @discardableResult
    func handle(_ command: KeyCommand) async -> Ending? {
        switch command {
        case .previous: navigator.moveFocus(.previous)
        case .next: navigator.moveFocus(.next)
        case .activate:
            if case .submitted(let result) = await navigator.activate() { return finish(result) }
        case .toggle:
            guard let path = navigator.focus, let kind = navigator.top.screen.cell(at: path)?.kind,
                kind == .toggle || kind == .option || kind == .choice
            else { break }
            await navigator.activate()
        case .back: navigator.pop()
        case .submit: return finish(await navigator.submit())
        case .quit: return .quit
        case .interrupt: return .interrupted
        case .insert(let text): navigator.insert(text)
        case .deleteBackward: navigator.deleteBackward()
        case .commit: navigator.commitEditing()
        case .cancel:
            if navigator.top.screen.popsOnCommit { navigator.pop() } else { navigator.cancelEditing() }
        }
        return nil
    }

    /// Ends the session with a submission, or shows why the submit failed and goes on.
    private func finish(_ result: SubmitResult) -> Ending? {
        switch result {
        case .succeeded(let submission):
            return .submitted(submission)
        case .invalid(let report), .rejected(let report):
            messages = report.errors.map { "\($0.key ?? DemoCommand.formWide): \($0.message)" }
        case .failed(let error):
            messages = [DemoCommand.failureLine(error)]
        case .alreadySubmitting:
            messages = ["\(DemoCommand.formWide): is being submitted already"]
        }
        return nil
    }
}
