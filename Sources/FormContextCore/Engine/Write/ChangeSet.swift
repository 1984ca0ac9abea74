import Synchronization

/// What one mutation of a live form changed: the input of the settle stages, each of which adds
/// what its commits change.
///
/// It carries the change only: how far each stage has got through it is the stage's own
/// (``SettleStage/Pass``), what a stage is asked to do besides is the stage's own (a validation
/// request is ``ValidationState/requested``), and what delivery will announce is delivery's own
/// (``Outgoing``, kept in ``EngineState/outgoing``), so the same change set reads the same to every
/// stage.
///
/// The lists are kept only while the form has something to settle (a definition, a live screen),
/// so a plain store pays nothing for them.
struct ChangeSet: Sendable {
    /// Numbers change sets as they are made, so a stage can tell one from another.
    private static let made = Atomic<UInt64>(0)

    /// One value change, for the settle stages.
    struct ValueChange: Sendable {
        let slot: Int
        let origin: FormChangeOrigin
    }

    /// Which change set this is: no two made in this process share it.
    let id: UInt64
    /// Whether the settle stages need the lists below.
    private(set) var isSettling: Bool
    /// Whether ``values`` is kept: while the form settles, keeps track of a submit (the submit
    /// stage reads it) or holds errors set from outside (the outside-errors stage reads it).
    private(set) var recordsValues: Bool

    /// Value changes, in order.
    var values: [ValueChange] = []
    /// Fields shown, hidden, enabled or disabled.
    var activity: [Int] = []
    /// Fields that lost focus.
    var blurred: [Int] = []
    /// Fields shown or hidden through the API (rules that cannot see hidden fields read these).
    var concealment: [Int] = []
    /// Fields made read-only or editable by the rules (a live screen's rows say which).
    var readOnly: [Int] = []

    init(isSettling: Bool, recordsValues: Bool = false) {
        var none: [ValueChange] = []
        self.init(isSettling: isSettling, recordsValues: recordsValues, reusing: &none)
    }

    /// A change set whose list of value changes, if it settles, is `spare` taken and emptied: a list
    /// an earlier change set handed back (``handBackValues(to:)``) with its room, so that a
    /// keystroke's change set allocates none.
    init(isSettling: Bool, recordsValues: Bool = false, reusing spare: inout [ValueChange]) {
        self.id = Self.made.add(1, ordering: .relaxed).newValue
        self.isSettling = isSettling
        self.recordsValues = isSettling || recordsValues
        guard isSettling else { return }
        swap(&values, &spare)
        values.empty()
        // Room for a keystroke and what its rules write, made once: growing from empty makes a
        // buffer for the first change and another for the second.
        values.reserveCapacity(4)
    }

    /// Hands the list of value changes, emptied with its room, to `spare` for the next change set;
    /// the change set is read no more.
    mutating func handBackValues(to spare: inout [ValueChange]) {
        values.emptyForReuse()
        swap(&values, &spare)
    }

    /// Makes room for `count` more fields shown, hidden, enabled or disabled, at once: a level of
    /// rules that changes many of them grows each list once instead of doubling its way up. Room
    /// grows at least twofold, so that many small levels do not each copy the list.
    mutating func reserveActivity(_ count: Int) {
        guard isSettling, count > 1 else { return }
        Self.reserve(count, in: &activity)
        Self.reserve(count, in: &concealment)
    }

    private static func reserve(_ count: Int, in list: inout [Int]) {
        let needed = list.count + count
        if list.capacity < needed { list.reserveCapacity(max(needed, 2 * list.capacity)) }
    }

    /// Keeps the lists from here on: the form has just taken something to settle (a definition with
    /// repeat groups, whose rows stage follows this very change set).
    mutating func keepsListsFromHere() {
        isSettling = true
        recordsValues = true
    }

    /// Keeps ``values`` from here on: a field has just taken errors set from outside, which the
    /// outside-errors stage drops on the field's next value change.
    mutating func recordValuesFromHere() {
        recordsValues = true
    }

    /// Adds what `later` changed after what this change set changed, for one delivery (the submit
    /// stage takes the whole at the finish).
    mutating func append(_ later: ChangeSet) {
        guard isSettling else { return }
        values += later.values
        concealment += later.concealment
        readOnly += later.readOnly
    }
}
