/// One stage of settling a mutation: the work that follows from what the mutation changed
/// (validation now; rules and layout as they come), in three steps so that no user code ever runs
/// while the form's lock is held.
///
/// 1. ``plan(_:_:)``, under the lock: reads the change set, makes the changes that need no user code
///    (dropping issues of a hidden field, cancelling a stale run) and decides what user code to run,
///    capturing its inputs;
/// 2. ``run(_:reading:)``, outside the lock: runs the user code (validators, rules), which may read
///    the live form;
///
/// A stage whose work comes in rounds (rules run level by level) plans again after each commit; a
/// stage is done when ``plan(_:_:)`` has nothing left to run.
/// 3. ``commit(_:to:_:)``, under the lock: stores the results and records, in the change set, what
///    they changed for the stages after it and for delivery.
///
/// While a mutation settles, no other mutation can change the form, so what user code reads is what
/// the mutation left.
protocol SettleStage: Sendable {
    /// The user code to run, with its inputs.
    associatedtype Plan: Sendable
    /// What the user code found.
    associatedtype Outcome: Sendable

    /// Decides what to run for `changes`; `nil` when there is nothing to run.
    static func plan(_ state: inout EngineState, _ changes: inout ChangeSet) -> Plan?

    /// Runs the user code of `plan`, outside the lock, reading the form through `source`.
    static func run(_ plan: consuming Plan, reading source: FormValues.Source) -> Outcome

    /// Stores `outcome`, recording what it changed into `changes`.
    static func commit(_ outcome: consuming Outcome, to state: inout EngineState, _ changes: inout ChangeSet)
}
