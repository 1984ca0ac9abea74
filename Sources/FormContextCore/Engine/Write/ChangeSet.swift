/// What one mutation of a live form changed: the input of the settle stages, each of which adds
/// what its commits change.
///
/// It carries the change only: how far each stage has got through it is the stage's own
/// (``SettleStage/Pass``), and what delivery will announce is delivery's own (``Outgoing``, kept in
/// ``EngineState/outgoing``), so the same change set reads the same to every stage.
///
/// The lists are kept only while the form has something to settle (a definition, a live screen),
/// so a plain store pays nothing for them.
struct ChangeSet: Sendable {
    /// One value change, for the settle stages.
    struct ValueChange: Sendable {
        let slot: Int
        let origin: FormChangeOrigin
    }

    /// What the mutation asks validation to do besides reacting to changes.
    struct ValidationRequest: Sendable {
        /// Validate every field and the form.
        var all = false
        /// Validate these fields (and the form).
        var slots: [Int] = []
        /// Drop every issue first (a reset).
        var clearsAll = false
    }

    /// Whether the settle stages need the lists below.
    let isSettling: Bool
    /// Whether ``values`` is kept: while the form settles, or keeps track of a submit (the submit
    /// stage reads it).
    let recordsValues: Bool

    /// Value changes, in order.
    var values: [ValueChange] = []
    /// Fields shown, hidden, enabled or disabled.
    var activity: [Int] = []
    /// Fields that lost focus.
    var blurred: [Int] = []
    /// Fields shown or hidden through the API (rules that cannot see hidden fields read these).
    var concealment: [Int] = []
    var validation = ValidationRequest()

    init(isSettling: Bool, recordsValues: Bool = false) {
        self.isSettling = isSettling
        self.recordsValues = isSettling || recordsValues
    }

    /// Adds what `later` changed after what this change set changed, for one delivery: once settled,
    /// what they changed is kept for the settle's subscribers.
    mutating func append(_ later: ChangeSet) {
        guard isSettling else { return }
        values += later.values
        concealment += later.concealment
    }
}
