import FormContextXForms

extension XFormDemo {
    /// `--interactive`: the form's groups, repeats and selects in the terminal, labels in the chosen
    /// language, until `s` finds the record complete (it is then printed as a plain run prints it),
    /// the person quits, or a signal ends it.
    static func interact(_ loaded: Loaded, _ options: Options) async -> DemoCommand.Outcome {
        let session = XFormSession(loaded)
        return await InteractiveDemo.drive(picture: { session.picture }, isEditing: { session.isEditing }) { command in
            session.handle(command)
        }
    }
}

extension XFormSession {
    /// What to draw now: every text from the form escaped, the focused question's hint under the
    /// screen's rows.
    var picture: ScreenPicture {
        let rows = rows
        let focus = focusIndex
        let shown = rows.enumerated().map { index, row in
            let isEditing = index == focus && editing != nil && editing?.path == row.path
            if isEditing, let editing {
                let (tail, isCut) = ScreenPicture.tail(of: editing.text)
                return ScreenPicture.Row(
                    title: DemoText.escaped(row.title), value: (isCut ? "…" : "") + DemoText.escaped(tail), accessory: .none, isFocused: true,
                    isEditing: true)
            }
            return ScreenPicture.Row(
                title: DemoText.escaped(row.title), value: DemoText.escaped(row.value), accessory: row.accessory, isFocused: index == focus,
                isReadOnly: row.isReadOnly)
        }
        let hint = rows.indices.contains(focus) ? rows[focus].hint : nil
        let footer = rows.isEmpty ? "Nothing to answer here." : hint
        return ScreenPicture(
            path: levels.map { DemoText.escaped($0.title) }, sections: [ScreenPicture.Section(title: nil, rows: shown, footer: footer.map(DemoText.escaped))],
            messages: messages.map(DemoText.escaped), isEditing: editing != nil)
    }
}
