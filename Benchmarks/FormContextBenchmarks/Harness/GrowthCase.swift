/// One operation whose cost must not grow with the form: it is timed in forms of several sizes,
/// and its growth from the smallest to the largest is checked against a limit.
struct GrowthCase: Sendable {
    /// How one operation is timed.
    enum Timing {
        /// The operation repeats as it is: `body(rounds)` performs `rounds` rounds of
        /// `operationsPerRound` operations each.
        case repeated(operationsPerRound: Int, body: (Int) -> Void)
        /// The operation needs an untimed `setup` before each timed run of `body`, one operation each.
        case withSetup(setup: () -> Void, body: () -> Void)
    }

    /// What is measured, as the table shows it.
    let label: String
    /// The most the cost may grow from the smallest form to the largest; `nil` for a figure that is
    /// only stated, with ``note`` saying why.
    var limit: Double? = 1.5
    /// Why a stated figure has no limit.
    var note: String = ""
    /// What the same work costs without the engine, for operations whose cost grows with the form for
    /// reasons no engine escapes (building a hash table of every key grows with the memory it spans):
    /// then the growth checked is that of the ratio to this baseline, both measured in the same run.
    var baseline: (name: String, prepare: @Sendable (Int) -> Timing)?
    /// Builds a form of the given number of fields and returns how to time the operation on it.
    let prepare: @Sendable (Int) -> Timing
}
