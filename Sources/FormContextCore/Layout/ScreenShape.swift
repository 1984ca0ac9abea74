/// A ``Screen`` flattened once for a ``LiveScreen``: every section's and cell's closures in arrays,
/// cells numbered across the whole screen.
struct ScreenShape: Sendable {
    let sectionConditions: [VisibilityCondition?]
    let footers: [(@Sendable (FormValues) -> String?)?]
    let cellConditions: [VisibilityCondition?]
    let cellDisplays: [@Sendable (FormValues) -> CellValue]
    /// The field each cell is bound to.
    let cellKeys: [String?]
    /// The number of the first cell of each section, and the number of cells at the end.
    let cellStart: [Int]
    /// The section of each cell.
    let cellSection: [Int]
    /// The repeat sections' rows.
    let slots: [RowSlot]
    /// The position in ``slots`` of each section's rows, or -1 for a section that repeats nothing.
    let slotOfSection: [Int]
    /// The positions in ``slots`` of each repeat group's rows, by the group's key.
    let slotsOfGroup: [String: [Int]]
    /// Whether each section is a repeat section's own section that shows nothing (no title, footer or
    /// add button): it is never shown, its rows are.
    let isBareHeader: [Bool]

    /// The shape of `screen`.
    ///
    /// - Complexity: O(*n*) for *n* sections and cells.
    init(_ screen: Screen) {
        sectionConditions = screen.sections.map(\.condition)
        footers = screen.sections.map(\.footer)
        let cells = screen.sections.flatMap(\.cells)
        cellConditions = cells.map(\.condition)
        cellDisplays = cells.map(\.display)
        cellKeys = cells.map(\.key)
        var start: [Int] = []
        var section: [Int] = []
        start.reserveCapacity(screen.sections.count + 1)
        section.reserveCapacity(cells.count)
        for (index, declared) in screen.sections.enumerated() {
            start.append(section.count)
            section.append(contentsOf: repeatElement(index, count: declared.cells.count))
        }
        start.append(section.count)
        cellStart = start
        cellSection = section
        var slots: [RowSlot] = []
        var slotOfSection: [Int] = []
        var slotsOfGroup: [String: [Int]] = [:]
        for (index, declared) in screen.sections.enumerated() {
            guard let template = declared.repeating else {
                slotOfSection.append(-1)
                continue
            }
            slotOfSection.append(slots.count)
            slotsOfGroup[template.group, default: []].append(slots.count)
            slots.append(RowSlot(section: index, template: template))
        }
        self.slots = slots
        self.slotOfSection = slotOfSection
        self.slotsOfGroup = slotsOfGroup
        isBareHeader = screen.sections.map(\.isBareHeader)
    }

    /// The number of sections.
    var sectionCount: Int { footers.count }

    /// The number of cells.
    var cellCount: Int { cellKeys.count }

    /// The numbers of the cells of `section`.
    func cells(of section: Int) -> Range<Int> {
        cellStart[section]..<cellStart[section + 1]
    }

    /// Every derivation the screen has, sections first.
    var derivations: [Derivation] {
        var all: [Derivation] = []
        for index in 0..<sectionCount {
            if sectionConditions[index] != nil { all.append(Derivation(.sectionCondition, index)) }
            if footers[index] != nil { all.append(Derivation(.footer, index)) }
        }
        for index in 0..<cellCount {
            if cellConditions[index] != nil { all.append(Derivation(.cellCondition, index)) }
            all.append(Derivation(.cellValue, index))
        }
        return all
    }

    /// Computes `derivations` from the form's values, recording the keys each reads in `tracker`.
    ///
    /// User code runs here: it must be called with no lock held.
    ///
    /// - Complexity: O(*d*) for *d* derivations, plus what their closures cost.
    func evaluate(_ derivations: [Derivation], in form: FormContextObject, tracker: ReadTracker) -> [Evaluation] {
        let values = FormValues(.live(form), excluding: [], tracker: tracker, recordingRun: tracker.beginRun())
        defer { tracker.endRun() }
        var evaluations: [Evaluation] = []
        evaluations.reserveCapacity(derivations.count)
        for derivation in derivations {
            tracker.reset()
            let index = derivation.index
            let result: DerivationResult
            switch derivation.kind {
            case .sectionCondition: result = .condition(sectionConditions[index]?(values) ?? true)
            case .footer: result = .footer(footers[index]?(values) ?? nil)
            case .cellCondition: result = .condition(cellConditions[index]?(values) ?? true)
            case .cellValue: result = .value(cellDisplays[index](values))
            }
            evaluations.append(Evaluation(derivation: derivation, result: result, reads: Self.distinct(tracker.keys)))
        }
        return evaluations
    }

    /// `keys` without repeats, in the order first read.
    static func distinct(_ keys: [String]) -> [String] {
        guard keys.count > 1 else { return keys }
        var result: [String] = []
        for key in keys where !result.contains(key) { result.append(key) }
        return result
    }
}
