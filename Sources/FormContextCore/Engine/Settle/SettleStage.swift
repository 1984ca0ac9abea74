/// One stage of settling a mutation: the work that follows from what the mutation changed (rules,
/// then validation), in three steps so that no user code ever runs while the form's lock is held.
///
/// 1. ``plan(_:_:_:)``, under the lock: reads the change set, makes the changes that need no user
///    code (dropping issues of a hidden field, cancelling a stale run) and decides what user code to
///    run, capturing its inputs;
/// 2. ``run(_:reading:)``, outside the lock: runs the user code (validators, rules), which may read
///    the live form;
/// 3. ``commit(_:to:_:_:)``, under the lock: stores the results and records, in the change set, what
///    they changed for the stages after it and for delivery.
///
/// A stage whose work comes in rounds (rules run level by level) plans again after each commit; a
/// stage is done when ``plan(_:_:_:)`` has nothing left to run.
///
/// Why stages own a ``Pass``: the change set says only what changed; how far a stage has got
/// through it (which changes it has taken in, whether it has planned) is the stage's own business,
/// kept in a value the settle makes fresh for each change set and hands back to the stage at every
/// step. So a stage added later cannot read or disturb another's progress, and the change set stays
/// the same whatever stages run over it.
///
/// While a mutation settles, no other mutation can change the form, so what user code reads is what
/// the mutation left.
protocol SettleStage: Sendable {
    /// The user code to run, with its inputs.
    associatedtype Plan: Sendable
    /// What the user code found.
    associatedtype Outcome: Sendable
    /// How far the stage has got through one change set: made fresh for each, kept between its steps.
    associatedtype Pass: Sendable

    /// The progress of a stage that has not yet looked at a change set.
    static func begin() -> Pass

    /// Decides what to run for `changes`; `nil` when there is nothing (left) to run.
    static func plan(_ state: inout EngineState, _ changes: inout ChangeSet, _ pass: inout Pass) -> Plan?

    /// Runs the user code of `plan`, outside the lock, reading the form through `source`.
    static func run(_ plan: consuming Plan, reading source: FormValues.Source) -> Outcome

    /// Stores `outcome`, recording what it changed into `changes`.
    static func commit(_ outcome: consuming Outcome, to state: inout EngineState, _ changes: inout ChangeSet, _ pass: inout Pass)
}
