/// The seed's pattern: one object publishes the whole dictionary, and every control re-reads on every change.
///
/// This is what an `ObservableObject` with one `@Published` dictionary does: any write to any key
/// publishes the one property, and every subscribed control wakes up and reads its own value again.
/// The model is kept as cheap as the pattern allows: the dictionary is mutated in place (no copy of
/// the whole dictionary per write) and a subscriber is a plain closure, so the cost measured is the
/// pattern's own, O(number of controls) per change.
final class PublishedDictionaryForm {
    /// Every value; writing it calls every subscriber.
    var values: [String: AnyHashable] {
        didSet { publish() }
    }

    private var subscribers: [() -> Void] = []

    /// Creates a form holding `values`.
    init(_ values: [String: AnyHashable]) {
        self.values = values
    }

    /// Calls `subscriber` after every change to any value.
    func subscribe(_ subscriber: @escaping () -> Void) {
        subscribers.append(subscriber)
    }

    /// Stores `value` under `key` (`nil` removes it; a `nil` key is ignored), as the seed's `set` does.
    func set(_ value: (any Hashable & Sendable)?, for key: String?) {
        guard let key else { return }
        values[key] = value.map { AnyHashable($0) }
    }

    private func publish() {
        for subscriber in subscribers { subscriber() }
    }
}
