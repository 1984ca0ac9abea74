/// The values a validator (and a rule) reads: a ``FormReader`` over a plain ``FormContext`` or over a
/// live form.
///
/// What a reader sees depends on who reads: a validator sees the active fields (hidden and disabled
/// ones read as absent), a calculation sees the visible ones (a hidden field reads as absent, a
/// disabled one keeps its value), and a visibility, enabled or required rule sees every value.
///
/// A validator never holds the form's lock while it runs: on a live form each read asks the form for
/// the key's current value, so a validator may read any key, through this reader or through the form
/// itself, and always gets the value the form holds. The reads are recorded, so the form re-runs a
/// validator when (and only when) a key it read changes.
///
/// Inside a scope (a definition reused for a nested model, see ``FormDefinition/scoped(in:)``) keys
/// are read relative to the scope: `values["password"]` reads `hotspot.password`.
public struct FormValues: FormReader {
    enum Source {
        /// A plain context, with the keys of hidden fields and of disabled fields.
        case context(FormContext, hidden: Set<String>, disabled: Set<String>)
        /// A live form.
        case live(FormContextObject)
        /// A form's state evaluated on its own, with no live form (rules over a plain context, for a server).
        case scratch(ScratchState)
    }

    let source: Source
    /// The fields this reader cannot see: their values read as absent.
    let excluded: FieldFlags
    /// The scope prefix with its trailing dot, or empty at the root.
    let prefix: String
    /// Records every key read, when the form wants to know.
    let tracker: ReadTracker?
    /// The row of a repeat group the reader reads from inside, if any.
    let row: RowScope?

    init(
        _ source: Source, excluding excluded: FieldFlags = .inactive, prefix: String = "", tracker: ReadTracker? = nil,
        row: RowScope? = nil
    ) {
        self.source = source
        self.excluded = excluded
        self.prefix = prefix
        self.tracker = tracker
        self.row = row
    }

    /// The values of `context`, with `inactiveKeys` reading as absent.
    ///
    /// - Parameters:
    ///   - context: The values.
    ///   - inactiveKeys: Keys of hidden or disabled fields.
    public init(_ context: FormContext, inactiveKeys: Set<String> = []) {
        self.init(.context(context, hidden: inactiveKeys, disabled: inactiveKeys))
    }

    /// The value under `key` (inside the reader's scope), or `nil` if there is none or its field is
    /// hidden or disabled.
    public subscript(key: String) -> AnyHashable? {
        let key = prefix.isEmpty ? key : prefix + key
        tracker?.record(key)
        switch source {
        case .context(let context, let hidden, let disabled):
            if !hidden.isEmpty, !excluded.isDisjoint(with: .concealed), hidden.contains(key) { return nil }
            if !disabled.isEmpty, !excluded.isDisjoint(with: .locked), disabled.contains(key) { return nil }
            return context.storage[key]
        case .live(let form):
            return form.read { $0.fields.value(of: key, unless: excluded) }
        case .scratch(let scratch):
            return scratch.state.fields.value(of: key, unless: excluded)
        }
    }

    /// The same values seen from inside `scope`: keys are read under its prefix.
    ///
    /// - Parameter scope: The scope; the root scope changes nothing.
    /// - Returns: The scoped reader.
    public func scoped(in scope: FormScope) -> FormValues {
        guard !scope.prefix.isEmpty else { return self }
        return FormValues(source, excluding: excluded, prefix: prefix + scope.prefix + ".", tracker: tracker, row: row)
    }
}

/// A form's state evaluated on its own by one thread, with no live form and no lock.
final class ScratchState {
    var state: EngineState

    init(_ state: EngineState) {
        self.state = state
    }
}

/// Collects the keys one validator or rule reads while it runs.
///
/// Used by one thread at a time: the form makes one per settling pass and hands it to each check in
/// turn.
final class ReadTracker {
    private(set) var keys: [String] = []

    /// Records that `key` was read.
    func record(_ key: String) {
        keys.append(key)
    }

    /// Forgets what was read, for the next check.
    func reset() {
        keys.removeAll(keepingCapacity: true)
    }
}
