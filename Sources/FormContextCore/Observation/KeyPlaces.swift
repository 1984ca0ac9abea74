/// The place of each key a batch wrote, found by one hash of the key.
///
/// Why it exists: a batch of *m* keys looked its keys up in a `[String: Int]`, and each time that
/// dictionary doubled it hashed every key again (about a third of a hash per key written, on top of
/// the key's own lookup). This table keeps each key's hash beside its place, so growing it moves
/// numbers and hashes no key. What it guarantees: ``place(of:hash:in:)`` finds a key's place exactly
/// when ``claim(_:hash:next:in:)`` gave it one; keys are compared as text whenever their hashes match.
struct KeyPlaces: Sendable {
    /// Per bucket: the place of the key there, -1 for an empty bucket.
    private var places: [Int] = []
    /// Per bucket: the hash of the key there.
    private var hashes: [Int] = []
    /// The number of keys held.
    private var count = 0

    /// The bucket `hash` starts its probe at.
    @inline(__always)
    private func start(of hash: Int) -> Int {
        hash & (places.count - 1)
    }

    /// The place of `key` (whose `hashValue` is `hash`), or `nil` if it has none. `keys` holds the
    /// key of each place.
    @inline(__always)
    func place(of key: String, hash: Int, in keys: [String]) -> Int? {
        guard !places.isEmpty else { return nil }
        var bucket = start(of: hash)
        while true {
            let place = places[bucket]
            if place < 0 { return nil }
            if hashes[bucket] == hash, keys[place] == key { return place }
            bucket = (bucket + 1) & (places.count - 1)
        }
    }

    /// The place of `key`, or `next` given to it if it has none. `keys` holds the key of each place
    /// given so far (`next` is not among them yet).
    ///
    /// - Returns: The key's place; `next` when the key was new.
    @inline(__always)
    mutating func claim(_ key: String, hash: Int, next: Int, in keys: [String]) -> Int {
        // At most three quarters full, so that every probe ends at an empty bucket.
        if (count + 1) * 4 > places.count * 3 { grow() }
        var bucket = start(of: hash)
        while true {
            let place = places[bucket]
            if place < 0 {
                places[bucket] = next
                hashes[bucket] = hash
                count += 1
                return next
            }
            if hashes[bucket] == hash, keys[place] == key { return place }
            bucket = (bucket + 1) & (places.count - 1)
        }
    }

    /// Doubles the buckets (16 at first), moving each place by its kept hash.
    private mutating func grow() {
        let capacity = Swift.max(16, places.count * 2)
        var newPlaces = [Int](repeating: -1, count: capacity)
        var newHashes = [Int](repeating: 0, count: capacity)
        for bucket in places.indices where places[bucket] >= 0 {
            var target = hashes[bucket] & (capacity - 1)
            while newPlaces[target] >= 0 { target = (target + 1) & (capacity - 1) }
            newPlaces[target] = places[bucket]
            newHashes[target] = hashes[bucket]
        }
        places = newPlaces
        hashes = newHashes
    }
}
