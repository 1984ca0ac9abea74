public import Observation
import Synchronization

/// What a ``Screen`` shows for a live form, kept up to date as the form changes: the visible sections
/// and rows, footers and cell values, and after every change a ``ScreenDiff`` that a table view applies
/// as one batch update.
///
/// ```swift
/// let live = LiveScreen(hotspotScreen, form: form)
/// let subscription = live.observe { diff in
///     print(diff)   // version 1: delete sections [1, 2]; update footers [0]
/// }
/// form.set(false, for: "isEnabled")
/// ```
///
/// The live screen is a subscriber of the form's settle: the reads of its conditions, footers and
/// cell values are nodes of the form's one dependency graph, beside its rules and validators, and
/// the settle runs them as it runs those, in its last stage, after the rules (one lookup of the
/// graph per changed field finds what is due). What they computed is shown as the mutation is
/// delivered, one change at a time, each just before its diff is reported. Each value change re-runs only the
/// conditions, footers and cell values that read the key the last time they ran (their reads are
/// recorded on every run, so a read on another branch is followed), and each change of a field's
/// visibility by the form's rules shows or hides the cells bound to it. A change
/// that shows or hides *k* sections costs O(*k* log *n*) for *n* sections, never more than O(*n*);
/// a change nothing on the screen read costs one hash lookup.
///
/// A ``RepeatSection`` shows a section per row of its group: a row added, removed or moved is one
/// section inserted or deleted (a move both), found by diffing the group's order where it changed,
/// at a cost that does not grow with the number of rows, and an edit in a row re-runs what read that
/// row's keys.
///
/// A mutation that changes several keys the screen reads is reported as one diff per key, in order,
/// each relative to the version before it; a row operation (appending, inserting, removing, moving
/// or swapping rows) is one diff with everything it changed, a footer's summary of the group too.
///
/// It is `Observable` as a whole: code that read anything of it inside `withObservationTracking` (a
/// SwiftUI view's body) is invalidated by the next version. It is `Sendable` and safe from any thread;
/// conditions and handlers never run under its lock.
public final class LiveScreen: Observable, Sendable {
    /// The screen's declaration.
    public let screen: Screen
    /// The form whose values the screen shows.
    public let form: FormContextObject
    /// The screen's results, which the form's settle keeps (see ``ScreenStage``).
    let subscriber: ScreenSubscriber
    /// The form subscription that feeds the screen.
    private let subscription: FormSubscription
    /// The screen's shape (the subscriber's, shared).
    let shape: ScreenShape
    let registrar = ObservationRegistrar()

    /// Computes everything `screen` shows for `form` and follows the form from then on.
    ///
    /// The first results are computed as part of the form's settle, like every later change, so
    /// this waits for a settle under way on another thread to end. Made by code the form runs while
    /// it settles on this thread (a rule, a validator, a screen's condition), the screen shows its
    /// first results once the step under way is settled.
    ///
    /// - Parameters:
    ///   - screen: The screen.
    ///   - form: The live form.
    /// - Complexity: O(*n*) for *n* sections and cells, plus their conditions, footers and values.
    public init(_ screen: Screen, form: FormContextObject) {
        self.screen = screen
        self.form = form
        let shape = ScreenShape(screen)
        self.shape = shape
        let subscriber = ScreenSubscriber(shape: shape)
        self.subscriber = subscriber
        subscription = form.subscribeToSettle(subscriber)
        subscriber.state.withAnnotatedLock { state in
            state.announce = { [weak self] in
                guard let self else { return }
                self.registrar.willSet(self, keyPath: \.version)
                self.registrar.didSet(self, keyPath: \.version)
            }
        }
        // The first run is the settle's: made now, or by the settle under way, which this waits for.
        form.settle()
    }

    deinit {
        let finishers = subscriber.state.withAnnotatedLock { state in state.streamFinishers.removeAll() }
        subscription.cancel()
        for finish in finishers { finish() }
    }
}
