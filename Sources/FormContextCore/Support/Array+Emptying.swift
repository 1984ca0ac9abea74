extension Array {
    /// Removes every element, keeping the storage for the next use.
    ///
    /// A few elements are removed one by one: `removeAll(keepingCapacity:)` goes through the general
    /// replacement of a range, which costs more than a handful of `removeLast()`. The rule engine
    /// empties its buffers once per level, and most levels hold one rule.
    @inline(__always)
    mutating func empty() {
        if count > 4 {
            removeAll(keepingCapacity: true)
        } else {
            while !isEmpty { removeLast() }
        }
    }

    /// Removes every element, keeping the storage for the next mutation when it is small: a list
    /// kept between mutations that one large mutation (a batch, a validation of every field) grew
    /// is let go of instead, so that its room is not held for the life of the form.
    @inline(__always)
    mutating func emptyForReuse() {
        if capacity > Self.reusedCapacityLimit {
            self = []
        } else {
            empty()
        }
    }

    /// The most elements a list kept between mutations keeps room for (see `emptyForReuse()`).
    static var reusedCapacityLimit: Int { 64 }
}
