/// A table from field slot to a value, for what a mutation records per observed field: the first
/// entry is held inline, so a mutation that touches one field (a keystroke) allocates nothing for
/// it; more entries go to a dictionary.
struct SlotTable<Value> {
    /// The slot of the inline entry, or -1 when there is none.
    private var firstSlot = -1
    private var firstValue: Value?
    private var rest: [Int: Value] = [:]

    /// The value of `slot`, or `nil`; setting `nil` removes it.
    subscript(slot: Int) -> Value? {
        get {
            if slot == firstSlot { return firstValue }
            return rest.isEmpty ? nil : rest[slot]
        }
        set {
            if slot == firstSlot {
                if let newValue {
                    firstValue = newValue
                } else {
                    firstSlot = -1
                    firstValue = nil
                }
            } else if firstSlot < 0, let newValue, rest[slot] == nil {
                firstSlot = slot
                firstValue = newValue
            } else {
                rest[slot] = newValue
            }
        }
    }

    /// Whether the table holds nothing.
    var isEmpty: Bool { firstSlot < 0 && rest.isEmpty }
}

extension SlotTable: Sequence {
    /// Walks the entries: the inline one, then the dictionary's.
    struct Iterator: IteratorProtocol {
        fileprivate var first: (key: Int, value: Value)?
        fileprivate var rest: Dictionary<Int, Value>.Iterator

        mutating func next() -> (key: Int, value: Value)? {
            if let entry = first {
                first = nil
                return entry
            }
            return rest.next()
        }
    }

    /// The entries, in no particular order.
    func makeIterator() -> Iterator {
        Iterator(first: firstSlot < 0 ? nil : firstValue.map { (key: firstSlot, value: $0) }, rest: rest.makeIterator())
    }
}

extension SlotTable: Sendable where Value: Sendable {}
