import Observation

/// The seed's pattern under Observation: one `Observable` object whose single property is the dictionary.
///
/// This is what the `@Observable` macro generates for `var values: [String: AnyHashable]`: every read
/// of any key is a read of `values`, so every write to any key invalidates every reader.
final class ObservableDictionaryForm: Observable {
    private let registrar = ObservationRegistrar()
    private var storage: [String: AnyHashable]

    /// Creates a form holding `values`.
    init(_ values: [String: AnyHashable]) {
        storage = values
    }

    /// Every value; reading it is tracked, writing it invalidates every reader.
    var values: [String: AnyHashable] {
        get {
            registrar.access(self, keyPath: \.values)
            return storage
        }
        _modify {
            registrar.willSet(self, keyPath: \.values)
            defer { registrar.didSet(self, keyPath: \.values) }
            yield &storage
        }
    }

    /// Stores `value` under `key` (`nil` removes it; a `nil` key is ignored).
    func set(_ value: (any Hashable & Sendable)?, for key: String?) {
        guard let key else { return }
        values[key] = value.map { AnyHashable($0) }
    }
}
