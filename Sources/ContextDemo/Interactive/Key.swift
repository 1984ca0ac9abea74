/// A key the interactive demo reads from the terminal.
enum Key: Hashable, Sendable {
    case up, down, left, right
    case enter
    case escape
    case backspace
    case tab
    case backTab
    /// Ctrl-C: in raw mode it arrives as a byte, not as a signal.
    case interrupt
    /// Printable text, one or more characters, typed.
    case text(String)
    /// Text pasted: everything between a bracketed paste's markers, line breaks included.
    case paste(String)
    /// A control byte or escape sequence the demo does not use.
    case unknown
}
