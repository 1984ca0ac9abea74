/// Everything the interactive demo draws for the screen on top, as plain values: what
/// ``ScreenDrawing`` turns into lines. Every text in it has been escaped (``DemoText``) and every
/// secret masked already.
struct ScreenPicture: Equatable, Sendable {
    /// What a row shows at its right end.
    enum Accessory: Equatable, Sendable {
        case none
        /// `›`: selecting the row opens a screen.
        case disclosure
        /// A switch, on or off.
        case toggle(Bool)
        /// `✓` on the selected option, nothing on the others.
        case checkmark(Bool)
        /// `‹ ›`: selecting the row moves to the next choice.
        case choice
    }

    struct Row: Equatable, Sendable {
        var title: String
        var value: String
        var accessory: Accessory
        var isFocused = false
        /// Whether the value is the text being typed.
        var isEditing = false
        /// Whether the row is read-only.
        var isReadOnly = false
    }

    struct Section: Equatable, Sendable {
        var title: String?
        var rows: [Row]
        var footer: String?
    }

    /// The titles of the screens on the stack, the root first.
    var path: [String]
    var sections: [Section]
    /// Messages for the person: why a submit failed, why typed text was refused.
    var messages: [String] = []
    /// Whether a text is being typed (the keys edit it).
    var isEditing = false
}
