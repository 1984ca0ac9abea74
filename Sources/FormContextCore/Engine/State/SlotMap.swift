/// A small non-negative number (a rule, a validation position) for each field slot, or none: an array
/// indexed by slot, so that finding the rule or the check of a field hashes nothing.
struct SlotMap: Sendable {
    /// The number of each slot, -1 for none; slots past the end have none.
    private var numbers: [Int32] = []

    /// The number of `slot`, or `nil`; setting `nil` takes it away.
    subscript(slot: Int) -> Int? {
        @inline(__always) get {
            guard slot < numbers.count else { return nil }
            let number = numbers[slot]
            return number >= 0 ? Int(number) : nil
        }
        set {
            guard let newValue else {
                if slot < numbers.count { numbers[slot] = -1 }
                return
            }
            if slot >= numbers.count { numbers.append(contentsOf: repeatElement(-1, count: slot - numbers.count + 1)) }
            numbers[slot] = Int32(truncatingIfNeeded: newValue)
        }
    }
}
