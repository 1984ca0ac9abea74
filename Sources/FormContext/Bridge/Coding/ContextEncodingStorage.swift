/// The context an encoding writes into, shared by every encoder and container of one encoding.
final class ContextEncodingStorage {
    var context: FormContext
    /// Whether the encoding started from an empty context, so there is nothing stale to remove.
    let startedEmpty: Bool
    /// How many values have been stored so far: a value whose encoding leaves it unchanged stored nothing.
    private(set) var storeCount = 0
    /// How each array encoded so far keeps its elements, by the array's key.
    private var layouts: [String: ArrayLayout] = [:]
    /// The number of rows of each array kept as a repeat group's rows, by the array's key.
    private(set) var rowCounts: [String: Int] = [:]
    /// The first shape found that cannot be carried where no error could be thrown (a container
    /// request), thrown when the element or the encoding ends.
    private(set) var failure: FormBridgeError?

    /// How an array keeps its elements: models as the rows of a repeat group (`members.r1.name`),
    /// single values and arrays by index (`tags.0`).
    enum ArrayLayout {
        case rows, indexed
    }

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

    // MARK: Arrays

    /// The key of element `index` of the array at `array`, stored as a row (`array.r<index+1>`) when
    /// it is a model, or by index (`array.<index>`); an array mixing the two is recorded as a failure.
    ///
    /// The first row of an array stores a placeholder under the array's key, so the array is present
    /// from then on; ``finishRows()`` replaces it with the order.
    func elementKey(_ index: Int, of array: String, asRow: Bool) -> String {
        let layout: ArrayLayout = asRow ? .rows : .indexed
        if let existing = layouts[array], existing != layout, failure == nil {
            failure = .invalidValue(
                key: codingKey(asRow ? "r\(index + 1)" : String(index), under: array),
                reason: "an array cannot mix models, kept as rows (key.r1.field), with single values or arrays, kept by index (key.0)")
        }
        layouts[array] = layout
        guard asRow else { return codingKey(String(index), under: array) }
        if rowCounts[array] == nil { context.storage[array] = AnyHashable(RowOrder()) }
        rowCounts[array] = Swift.max(rowCounts[array] ?? 0, index + 1)
        storeCount += 1
        return codingKey(RowID(index + 1).description, under: array)
    }

    /// Stores the order of every array kept as rows: r1, r2, … one per element.
    func finishRows() {
        for (array, count) in rowCounts {
            context.storage[array] = AnyHashable(RowOrder((0..<count).map { RowID($0 + 1) }))
        }
    }

    /// `key` with the rows of the arrays encoded so far named by position: `members[2].age`.
    func readableKey(_ key: String) -> String {
        guard !rowCounts.isEmpty else { return key }
        return rowPositionKey(key) { array, id in
            guard let count = rowCounts[array], id.number <= count else { return nil }
            return id.number - 1
        }
    }
}
