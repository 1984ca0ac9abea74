/// What to write to a terminal to turn the lines on it into new lines: only the lines that changed,
/// each rewritten in place. A pure function, tested without a terminal.
enum FrameUpdate {
    /// Clears the screen and homes the cursor.
    static let clear = "\u{1B}[H\u{1B}[2J"

    /// The bytes (as text) that change the screen showing `old` (or anything, when `nil`) into `new`.
    ///
    /// - Parameters:
    ///   - old: The lines on the screen, or `nil` when unknown (the first frame, after a resize).
    ///   - new: The lines to show.
    /// - Returns: Cursor moves and lines, each ended by erasing the rest of its row; empty when nothing changed.
    static func output(from old: [String]?, to new: [String]) -> String {
        var output = old == nil ? clear : ""
        let previous = old ?? []
        for (index, line) in new.enumerated() where index >= previous.count || previous[index] != line {
            output += move(to: index) + line + "\u{1B}[K"
        }
        for index in new.count..<max(previous.count, new.count) {
            output += move(to: index) + "\u{1B}[K"
        }
        return output
    }

    /// Moves the cursor to the start of row `index` (0 is the top).
    private static func move(to index: Int) -> String {
        "\u{1B}[\(index + 1);1H"
    }
}
