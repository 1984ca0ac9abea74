import FormContext

/// A screen of one repeat section of `count` rows (a name and a remove button each) over a live
/// form, for the layout scenario: a row inserted in the middle and removed again, with the live
/// screen following, against the same through the form alone.
final class RepeatSectionSubject {
    let count: Int
    let form: FormContextObject
    let live: LiveScreen?

    /// `count` rows; with `screen`, a live screen follows them.
    init(count: Int, screen: Bool) {
        self.count = count
        let name = FormKey<String>("name")
        let group = RepeatGroup("items", fields: [FieldDefinition(name, default: "")])
        let definition: FormDefinition
        do {
            definition = try FormDefinition([FieldDefinition(group)])
        } catch {
            fatalError("the benchmark's definition does not build: \(error)")
        }
        var values: FormContext = [:]
        values.set(RowOrder((1...count).map { RowID($0) }), for: "items")
        for number in 1...count { values.set("item \(number)", for: RowID(number).scope(in: "items").key("name")) }
        form = FormContextObject(definition: definition, values: values)
        live = screen ? LiveScreen(Screen("Items") { RepeatSection(group: group.key) { TextCell("Name", key: name) }.removeButton("Remove") }, form: form) : nil
    }

    /// Inserts a row in the middle, then removes it: two row operations.
    func insertAndRemove() {
        guard let id = try? form.insertRows(into: "items", at: count / 2, [[:]])[0] else { return }
        try? form.removeRows([id], from: "items")
    }

    /// Whether the live screen reported the last two operations as one section inserted and deleted
    /// in the middle, and shows every row.
    func agrees() -> Bool {
        guard let live else { return true }
        let before = live.version
        insertAndRemove()
        return live.version == before + 2 && live.lastDiff?.deletedSections == [count / 2] && live.sectionCount == count
    }
}
