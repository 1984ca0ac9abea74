/// The Swift Talk form library's section visibility, as the seed wrote it: after each change, the
/// visibility of every section is computed again (`filter`), and each section whose visibility
/// changed is found in the old or the new list of visible sections with a linear search
/// (`index(of:)`) — O(*n*) per change when one section changes, O(*n*²) when many do.
///
/// The state is a plain dictionary of flags, and each section's visibility a closure over it, the
/// same conditions the engine's screen declares.
final class SeedSectionTable {
    /// A section, compared by identity as the seed's sections were.
    struct Section: Equatable {
        let id: Int
    }

    private let sections: [Section]
    private let conditions: [([String: Bool]) -> Bool]
    private(set) var state: [String: Bool]
    /// The visibility of each section after the last change.
    private var visible: [Bool]

    /// A table of sections shown while `conditions` hold for `state`.
    init(conditions: [([String: Bool]) -> Bool], state: [String: Bool]) {
        sections = conditions.indices.map(Section.init)
        self.conditions = conditions
        self.state = state
        visible = conditions.map { $0(state) }
    }

    /// Sets `key` to `value` and returns the sections to delete (their old visible positions) and to
    /// insert (their new ones), as the seed computed them.
    func set(_ value: Bool, for key: String) -> (deleted: [Int], inserted: [Int]) {
        let oldVisible = zip(sections, visible).filter(\.1).map(\.0)
        state[key] = value
        let now = conditions.map { $0(state) }
        let newVisible = zip(sections, now).filter(\.1).map(\.0)
        var deleted: [Int] = []
        var inserted: [Int] = []
        for (index, section) in sections.enumerated() {
            if visible[index] && !now[index], let position = oldVisible.firstIndex(of: section) { deleted.append(position) }
            if !visible[index] && now[index], let position = newVisible.firstIndex(of: section) { inserted.append(position) }
        }
        visible = now
        return (deleted, inserted)
    }
}
