/// The rows of one ``RepeatSection`` as a ``LiveScreen`` computes them: the row cells' closures in
/// arrays, and what each row's cells compute, numbered within the row.
///
/// Each cell of a row has two derivations: its condition (number `2 × cell`, when it has one) and
/// its value (`2 × cell + 1`).
struct RowSlot: Sendable {
    /// The repeat section's position in the screen.
    let section: Int
    let template: RowTemplate
    let conditions: [VisibilityCondition?]
    let displays: [@Sendable (FormValues) -> CellValue]
    /// The field each cell is bound to, relative to the row.
    let keys: [String?]
    /// The cells bound to each field, by the field's key relative to the row.
    let cellsOfField: [String: [Int]]
    /// Every derivation of a row, in order.
    let derivations: [Int]

    init(section: Int, template: RowTemplate) {
        self.section = section
        self.template = template
        let conditions = template.cells.map(\.condition)
        self.conditions = conditions
        displays = template.cells.map(\.display)
        keys = template.cells.map(\.key)
        var cellsOfField: [String: [Int]] = [:]
        for (cell, key) in keys.enumerated() {
            if let key { cellsOfField[key, default: []].append(cell) }
        }
        self.cellsOfField = cellsOfField
        derivations = conditions.indices.flatMap { cell in conditions[cell] == nil ? [2 * cell + 1] : [2 * cell, 2 * cell + 1] }
    }

    /// The number of cells of a row.
    var cellCount: Int { keys.count }

    /// The row and the cells a key of a row's field names (`members.r3.name`), or `nil` when the key
    /// is not one of this group's rows' fields.
    ///
    /// - Complexity: O(*k*) for a key of length *k*.
    func cells(boundTo key: String) -> (id: RowID, cells: [Int])? {
        let group = template.group
        guard key.utf8.count > group.utf8.count + 1, key.hasPrefix(group) else { return nil }
        let rest = key.utf8.dropFirst(group.utf8.count)
        guard rest.first == UInt8(ascii: "."), let dot = rest.dropFirst().firstIndex(of: UInt8(ascii: ".")) else { return nil }
        guard let id = RowID(Substring(rest[rest.index(after: rest.startIndex)..<dot])),
            let cells = cellsOfField[String(Substring(rest[rest.index(after: dot)...]))]
        else { return nil }
        return (id, cells)
    }

    /// Computes `derivations` of row `id` from the form's values, recording the keys each reads.
    ///
    /// User code runs here: it must be called with no lock held.
    func evaluate(_ derivations: [Int], of id: RowID, in form: FormContextObject, tracker: ReadTracker) -> [RowEvaluation] {
        let values = FormValues(.live(form), excluding: [], tracker: tracker, recordingRun: tracker.beginRun())
            .inRow(template.scope(of: id))
        defer { tracker.endRun() }
        return derivations.map { derivation in
            tracker.reset()
            let cell = derivation / 2
            let result: DerivationResult =
                derivation % 2 == 0 ? .condition(conditions[cell]?(values) ?? true) : .value(displays[cell](values))
            return RowEvaluation(id: id, derivation: derivation, result: result, reads: ScreenShape.distinct(tracker.keys))
        }
    }

    /// Everything row `id` shows: every derivation, and whether the form shows each cell's field
    /// and holds it read-only.
    func arrival(of id: RowID, in form: FormContextObject, tracker: ReadTracker) -> RowArrival {
        let prefix = template.scope(of: id).prefix
        let fieldShown = keys.map { key in key.map { form.fieldState(for: prefix + $0).isVisible } ?? true }
        let fieldReadOnly = form.isReadOnlyForEditing(keys.map { key in key.map { prefix + $0 } })
        return RowArrival(
            id: id, fieldShown: fieldShown, fieldReadOnly: fieldReadOnly, evaluations: evaluate(derivations, of: id, in: form, tracker: tracker))
    }
}

/// One derivation of a row's cell and what it computed.
struct RowEvaluation: Sendable {
    let id: RowID
    let derivation: Int
    let result: DerivationResult
    let reads: [String]
}

/// A row a live screen shows for the first time: its cells' fields' visibility and every derivation.
struct RowArrival: Sendable {
    let id: RowID
    let fieldShown: [Bool]
    let fieldReadOnly: [Bool]
    let evaluations: [RowEvaluation]
}
