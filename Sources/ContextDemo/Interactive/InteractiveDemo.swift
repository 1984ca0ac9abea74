import FormContext

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `ContextDemo --interactive`: the form's screens drawn in the terminal and driven with keys, until
/// the form is submitted (its fields are then printed exactly as the plain demo prints them), the
/// person quits, or a signal ends it. The terminal is restored on every way out.
enum InteractiveDemo {
    /// How long to wait for the rest of an escape sequence before taking `ESC` as the Escape key.
    static let escapeWait: Int32 = 50

    /// Runs the session for `form`, shown as `screen`.
    ///
    /// - Returns: The submitted fields as output and status 0; status 0 and nothing for `q`; 130 for
    ///   Ctrl-C and 128 + the number for a signal; 2 without a terminal.
    static func run(_ form: FormContextObject, screen: Screen, options: DemoCommand.Options) async -> DemoCommand.Outcome {
        let convert = options.form.submit
        let session = InteractiveSession(screen: screen, form: form, revealingSecrets: options.showsSecrets) { submission in
            _ = try convert(submission.values)
            return .accepted
        }
        return await drive(picture: { session.picture }, isEditing: { session.isEditing }) { command in
            switch await session.handle(command) {
            case nil: return nil
            case .quit: return DemoCommand.Outcome(status: DemoCommand.success, output: "", errorOutput: "")
            case .interrupted: return DemoCommand.Outcome(status: 128 + SIGINT, output: "", errorOutput: "")
            case .submitted(let submission):
                return DemoCommand.Outcome(status: DemoCommand.success, output: DemoCommand.render(submission, options), errorOutput: "")
            }
        }
    }

    /// Draws `picture` in the terminal and hands each key's command to `handle` until it returns how
    /// the session ended; the terminal is restored on every way out.
    ///
    /// - Returns: What `handle` returned; 128 + the number for a signal; 2 without a terminal.
    static func drive(
        picture: () -> ScreenPicture, isEditing: () -> Bool, handle: (KeyCommand) async -> DemoCommand.Outcome?
    ) async -> DemoCommand.Outcome {
        guard Terminal.isAvailable, let terminal = Terminal() else { return DemoCommand.usageFailure(.needsTerminal) }
        guard let signals = SignalWatcher() else {
            return DemoCommand.Outcome(status: DemoCommand.invalidInput, output: "", errorOutput: DemoText.joined(["error: cannot watch for signals"]))
        }
        defer { signals.stop() }
        guard terminal.enterRawMode() else {
            return DemoCommand.Outcome(
                status: DemoCommand.invalidInput, output: "", errorOutput: DemoText.joined(["error: cannot switch the terminal to raw mode"]))
        }
        defer { terminal.restore() }
        let styled = (getenv("NO_COLOR").map { String(cString: $0) } ?? "").isEmpty
        var shown: [String]?
        var decoder = KeyDecoder()
        while true {
            let size = terminal.size
            let lines = ScreenDrawing.lines(of: picture(), width: size.width, height: size.height, styled: styled)
            if lines != shown {
                terminal.write(FrameUpdate.output(from: shown, to: lines))
                shown = lines
            }
            var keys: [Key] = []
            switch terminal.read(orSignalFrom: signals.readEnd, milliseconds: decoder.isHolding ? escapeWait : -1) {
            case .bytes(let bytes):
                keys = decoder.decode(bytes)
            case .timeout:
                keys = decoder.finish()
            case .signal(let number):
                switch number {
                case SIGWINCH:
                    shown = nil
                    continue
                case SIGTSTP, SIGCONT:
                    // Stopped, the terminal is the shell's, in the mode it was in; continued, it is
                    // the demo's again, drawn afresh.
                    if number == SIGTSTP {
                        terminal.restore()
                        SignalWatcher.stopProcess()
                    }
                    guard terminal.enterRawMode(flushing: false) else {
                        return DemoCommand.Outcome(
                            status: DemoCommand.invalidInput, output: "", errorOutput: DemoText.joined(["error: cannot switch the terminal to raw mode"]))
                    }
                    shown = nil
                    continue
                default:
                    return DemoCommand.Outcome(status: 128 + number, output: "", errorOutput: "")
                }
            case .failed(let reason):
                return DemoCommand.Outcome(status: DemoCommand.invalidInput, output: "", errorOutput: DemoText.joined(["error: \(reason)"]))
            }
            for key in keys {
                guard let command = KeyCommand.of(key, isEditing: isEditing()) else { continue }
                if let ending = await handle(command) { return ending }
            }
        }
    }
}
