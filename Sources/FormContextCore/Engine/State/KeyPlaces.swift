/// The place of each key (a field's slot, a batch's write), found by one hash of the key: an
/// open-addressed table of places that keeps each key's hash beside its place and never holds a
/// key itself (the owner holds the key of each place and answers whether a place's key is the one
/// asked for).
///
/// Why it exists: a `[String: Int]` hashes a key on every lookup and hashes every key again each
/// time it grows. Keeping the hash lets a key hashed once be found again without hashing (a batch
/// hashes each key it writes once, as it is written, and applies its writes without hashing), and
/// lets the table grow by moving numbers. What it guarantees: ``place(hash:where:)`` finds a place
/// exactly when it was inserted with that hash and not removed since, and asks `matches` only of
/// places whose hash is the one asked for.
struct KeyPlaces: Sendable {
    /// One bucket: the place held there (-1 for an empty bucket) and the hash of its key, side by
    /// side so that one probe reads one cache line.
    private struct Bucket: Sendable {
        var place: Int
        var hash: Int

        static let empty = Bucket(place: -1, hash: 0)
    }

    private var buckets: [Bucket] = []
    /// The number of places held.
    private(set) var count = 0

    /// The bucket `hash` starts its probe at.
    @inline(__always)
    private func start(of hash: Int) -> Int {
        hash & (buckets.count - 1)
    }

    /// The bucket after `bucket`, wrapping round.
    @inline(__always)
    private func after(_ bucket: Int) -> Int {
        (bucket + 1) & (buckets.count - 1)
    }

    /// The place whose key has `hash` and for which `matches` says yes, or `nil` if there is none.
    /// `matches` is asked only of places with that hash.
    @inline(__always)
    func place(hash: Int, where matches: (Int) -> Bool) -> Int? {
        guard !buckets.isEmpty else { return nil }
        var bucket = start(of: hash)
        while true {
            let found = buckets[bucket]
            if found.place < 0 { return nil }
            if found.hash == hash, matches(found.place) { return found.place }
            bucket = after(bucket)
        }
    }

    /// Adds `place`, whose key has `hash` and is not in the table.
    @inline(__always)
    mutating func insert(_ place: Int, hash: Int) {
        // At most three quarters full, so that every probe ends at an empty bucket.
        if (count + 1) * 4 > buckets.count * 3 { grow(toHold: count + 1) }
        var bucket = start(of: hash)
        while buckets[bucket].place >= 0 { bucket = after(bucket) }
        buckets[bucket] = Bucket(place: place, hash: hash)
        count += 1
    }

    /// Takes `place`, whose key has `hash`, out of the table; nothing happens if it is not there.
    ///
    /// The places after it in its run move back into the gap (no tombstone is left), so probes
    /// stay as short as if it had never been inserted.
    mutating func remove(_ place: Int, hash: Int) {
        guard !buckets.isEmpty else { return }
        var hole = start(of: hash)
        while buckets[hole].place != place {
            if buckets[hole].place < 0 { return }
            hole = after(hole)
        }
        var probe = after(hole)
        while buckets[probe].place >= 0 {
            let home = start(of: buckets[probe].hash)
            // The place at `probe` may fill the hole unless its probe starts after the hole.
            let startsAfterHole = hole <= probe ? (home > hole && home <= probe) : (home > hole || home <= probe)
            if !startsAfterHole {
                buckets[hole] = buckets[probe]
                hole = probe
            }
            probe = after(probe)
        }
        buckets[hole] = .empty
        count -= 1
    }

    /// Makes room for `capacity` places without growing again.
    mutating func reserveCapacity(_ capacity: Int) {
        if capacity * 4 > buckets.count * 3 { grow(toHold: capacity) }
    }

    /// Grows the buckets (16 at least, a power of two) to hold `capacity` places, moving each place
    /// by its kept hash.
    private mutating func grow(toHold capacity: Int) {
        var size = Swift.max(16, buckets.count * 2)
        while capacity * 4 > size * 3 { size *= 2 }
        var moved = [Bucket](repeating: .empty, count: size)
        for bucket in buckets where bucket.place >= 0 {
            var target = bucket.hash & (size - 1)
            while moved[target].place >= 0 { target = (target + 1) & (size - 1) }
            moved[target] = bucket
        }
        buckets = moved
    }
}
