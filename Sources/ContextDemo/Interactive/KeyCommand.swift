/// What a key asks the interactive demo to do: a pure mapping, tested on its own.
enum KeyCommand: Equatable, Sendable {
    case previous, next
    /// Open a detail, flip a switch, select an option, start editing, press a button.
    case activate
    /// Flip a switch or select an option, and nothing else.
    case toggle
    case back
    case submit
    case quit
    case interrupt
    case insert(String)
    case deleteBackward
    case commit
    case cancel

    /// The command `key` gives, while a text is being edited or not; `nil` for a key that does nothing.
    ///
    /// Pasted text goes into the text being edited, and does nothing while none is: it is text,
    /// never keys, so a paste holding `s` or `q` neither submits nor quits.
    static func of(_ key: Key, isEditing: Bool) -> KeyCommand? {
        switch key {
        case .interrupt: return .interrupt
        case .up, .backTab: return .previous
        case .down, .tab: return .next
        default: break
        }
        if isEditing {
            switch key {
            case .text(let text), .paste(let text): return .insert(text)
            case .backspace: return .deleteBackward
            case .enter: return .commit
            case .escape: return .cancel
            default: return nil
            }
        }
        switch key {
        case .enter, .right, .text("l"): return .activate
        case .text(" "): return .toggle
        case .escape, .left, .text("h"): return .back
        case .text("k"): return .previous
        case .text("j"): return .next
        case .text("s"): return .submit
        case .text("q"): return .quit
        default: return nil
        }
    }
}
