/// The context an encoding writes into, shared by every encoder and container of one encoding.
final class ContextEncodingStorage {
    var context: FormContext
    /// Whether the encoding started from an empty context, so there is nothing stale to remove.
    let startedEmpty: Bool
    /// How many values have been stored so far: a value whose encoding leaves it unchanged stored nothing.
    private(set) var storeCount = 0

    init(_ context: FormContext) {
        self.context = context
        self.startedEmpty = context.isEmpty
    }

    /// Stores `value` under `key`, boxed as the store boxes every value.
    @inline(__always)
    func store<Value: Hashable & Sendable>(_ value: Value, for key: String) {
        context.storage[key] = boxedValue(value)
        storeCount += 1
    }

    /// Removes the value under `key`: `nil` is an absent key.
    func removeValue(for key: String) {
        context.storage[key] = nil
    }

    /// Removes the value under `key` and every value nested under it (`key.…`).
    ///
    /// - Complexity: O(1) when the encoding started from an empty context, otherwise O(*n*).
    func removeValues(at key: String) {
        context.storage[key] = nil
        removeNestedValues(under: key)
    }

    /// Removes every value nested under `key` (`key.…`), left from an earlier encoding.
    ///
    /// - Complexity: O(1) when the encoding started from an empty context, otherwise O(*n*).
    func removeNestedValues(under key: String) {
        guard !startedEmpty else { return }
        let nested = key.isEmpty ? "" : key + "."
        for stale in context.storage.keys where isKey(stale, under: nested) {
            context.storage[stale] = nil
        }
    }
}
