import FormContextXForms

extension XFormDemo {
    /// `--interactive`: the form's questions in the terminal.
    static func interact(_ loaded: Loaded, _ options: Options) async -> DemoCommand.Outcome {
        DemoCommand.usageFailure(.needsTerminal)
    }
}
