/// A table from field slot to a value, for what a mutation records per observed field: the first
/// two entries are held inline, so a mutation that touches one or two fields (a keystroke, and the
/// field a calculation writes from it) allocates nothing for them; more entries go to a dictionary.
struct SlotTable<Value> {
    /// The slots of the inline entries, -1 where there is none.
    private var firstSlot = -1
    private var firstValue: Value?
    private var secondSlot = -1
    private var secondValue: Value?
    private var rest: [Int: Value] = [:]

    /// The value of `slot`, or `nil`; setting `nil` removes it.
    subscript(slot: Int) -> Value? {
        get {
            if slot == firstSlot { return firstValue }
            if slot == secondSlot { return secondValue }
            return rest.isEmpty ? nil : rest[slot]
        }
        set {
            if slot == firstSlot {
                firstValue = newValue
                if newValue == nil { firstSlot = -1 }
            } else if slot == secondSlot {
                secondValue = newValue
                if newValue == nil { secondSlot = -1 }
            } else if let newValue, rest.isEmpty || rest[slot] == nil, firstSlot < 0 || secondSlot < 0 {
                if firstSlot < 0 {
                    firstSlot = slot
                    firstValue = newValue
                } else {
                    secondSlot = slot
                    secondValue = newValue
                }
            } else {
                rest[slot] = newValue
            }
        }
    }

    /// Whether the table holds nothing.
    var isEmpty: Bool { firstSlot < 0 && secondSlot < 0 && rest.isEmpty }
}

extension SlotTable: Sequence {
    /// Walks the entries: the inline ones, then the dictionary's.
    struct Iterator: IteratorProtocol {
        fileprivate var inline: [(key: Int, value: Value)?]
        fileprivate var position = 0
        fileprivate var rest: Dictionary<Int, Value>.Iterator

        mutating func next() -> (key: Int, value: Value)? {
            while position < inline.count {
                defer { position += 1 }
                if let entry = inline[position] { return entry }
            }
            return rest.next()
        }
    }

    /// The entries, in no particular order.
    func makeIterator() -> Iterator {
        let first = firstSlot < 0 ? nil : firstValue.map { (key: firstSlot, value: $0) }
        let second = secondSlot < 0 ? nil : secondValue.map { (key: secondSlot, value: $0) }
        return Iterator(inline: [first, second], rest: rest.makeIterator())
    }
}

extension SlotTable: Sendable where Value: Sendable {}
