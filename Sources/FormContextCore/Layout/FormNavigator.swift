public import Observation
import Synchronization

/// A navigation stack of live screens over one form, with a focus per screen: what a renderer drives
/// with keys, taps or clicks.
///
/// Opening a detail cell pushes the screen it leads to, built only then; going back pops it. Each
/// screen has a focus (the seed's first responder), moved by ``moveFocus(_:)`` over the visible
/// focusable rows; a text entry is edited in ``editing`` and written to the form when committed, and
/// the one-field screen of a ``NestedTextCell`` goes back when its text is committed. A submit that
/// fails moves the focus to the first invalid field, opening the screens that lead to it.
///
/// ```swift
/// let navigator = FormNavigator(root: settingsScreen, form: form) { submission in .accepted }
/// navigator.open(CellPath(section: 0, row: 0))       // the hotspot screen, built now
/// navigator.moveFocus(.next)
/// let result = await navigator.submit()
/// ```
///
/// It is `Observable` (every property reads the navigator's version, which each change advances) and `Sendable`; drive it from
/// one place at a time (a UI's main thread, a terminal's key loop). Conditions, actions and form
/// writes never run under its lock.
public final class FormNavigator: Observable, Sendable {
    /// One screen of the stack and its focus.
    struct Entry: Sendable {
        let live: LiveScreen
        var focus: CellPath?
    }

    /// The stack, the text being edited, and a count of changes.
    struct State: Sendable {
        var stack: [Entry]
        var editing: TextEditing?
        var version = 0
    }

    /// The form every screen shows.
    public let form: FormContextObject
    let submitHandler: FormContextObject.SubmitHandler
    let state: Mutex<State>
    let registrar = ObservationRegistrar()

    /// Creates a navigator showing `root`, focused on its first focusable row.
    ///
    /// - Parameters:
    ///   - root: The first screen.
    ///   - form: The form.
    ///   - submit: What a submit hands the submission to (``FormContextObject/submit(_:)``); by default
    ///     it accepts it.
    public init(root: Screen, form: FormContextObject, submit: @escaping FormContextObject.SubmitHandler = { _ in .accepted }) {
        self.form = form
        submitHandler = submit
        let live = LiveScreen(root, form: form)
        state = Mutex(State(stack: [Entry(live: live, focus: Self.firstFocusable(in: live))]))
    }

    /// How many times the stack, a focus or the text being edited changed. Observable.
    var version: Int {
        read { $0.version }
    }

    /// The live screens of the stack, the root first.
    public var screens: [LiveScreen] {
        read { $0.stack.map(\.live) }
    }

    /// The screen on top of the stack: the one shown.
    public var top: LiveScreen {
        read { $0.stack[$0.stack.count - 1].live }
    }

    /// The text being typed into the focused cell, if a text entry is being edited.
    public var editing: TextEditing? {
        read { $0.editing }
    }

    /// Pushes the screen the detail or nested text cell declared at `path` on the top screen leads
    /// to, building it now, and focuses it (a nested text field starts editing).
    ///
    /// Text being edited is committed first; if it cannot be, nothing is opened.
    ///
    /// - Parameter path: The cell's declared position; it must be visible.
    /// - Returns: Whether a screen was opened.
    @discardableResult
    public func open(_ path: CellPath) -> Bool {
        guard commitIfEditing() else { return false }
        let top = self.top
        guard top.rowPath(of: path) != nil, let cell = top.screen.cell(at: path), let screen = cell.makeDestination() else {
            return false
        }
        push(LiveScreen(screen, form: form), from: path)
        return true
    }

    /// Pops the top screen, dropping any text being edited on it.
    ///
    /// - Returns: Whether a screen was popped (the root stays).
    @discardableResult
    public func pop() -> Bool {
        let popped = change { state -> LiveScreen? in
            guard state.stack.count > 1 else { return nil }
            state.editing = nil
            return state.stack.removeLast().live
        }
        // The popped screen stops following the form here, outside the lock.
        return popped != nil
    }

    /// Pushes `live`, reached from the cell at `path` on the current top, focusing its first
    /// focusable row and editing it on a screen that pops on commit.
    func push(_ live: LiveScreen, from path: CellPath) {
        let focus = Self.firstFocusable(in: live)
        let editing = live.screen.popsOnCommit ? focus.flatMap { makeEditing(at: $0, in: live) } : nil
        change { state in
            state.stack[state.stack.count - 1].focus = path
            state.stack.append(Entry(live: live, focus: focus))
            state.editing = editing
        }
    }

    /// Reads the state under the lock, registering the read with Observation.
    func read<Result: Sendable>(_ body: (State) -> Result) -> Result {
        registrar.access(self, keyPath: \.version)
        return state.withAnnotatedLock { body($0) }
    }

    /// Changes the state under the lock, counts the change and announces it after.
    @discardableResult
    func change<Result: Sendable>(_ body: (inout State) -> Result) -> Result {
        let result = state.withAnnotatedLock { state in
            state.version += 1
            return body(&state)
        }
        registrar.willSet(self, keyPath: \.version)
        registrar.didSet(self, keyPath: \.version)
        return result
    }
}
