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
}
