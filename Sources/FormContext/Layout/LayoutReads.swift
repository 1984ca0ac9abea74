/// Which keys each derivation of a ``LiveScreen`` read the last time it ran, and the other way round:
/// which derivations read each key, so that a change to a key re-runs exactly those.
///
/// Reads are recorded on every run, so a condition that reads another key on another branch
/// (`$0[a] == true && $0[b] == true` reads `b` only while `a` holds) is followed as its branch changes.
struct LayoutReads: Sendable {
    /// How many derivations the index can hold: their raw values are below it.
    var capacity: Int { keys.count }

    /// The derivations (by raw value) that read each key.
    private var readers: [String: Set<Int>] = [:]
    /// The keys each derivation read, by raw value.
    private var keys: [[String]]

    /// An index for derivations whose raw values are below `capacity`.
    init(capacity: Int) {
        keys = Array(repeating: [], count: capacity)
    }

    /// The derivations that read `key`.
    func derivations(reading key: String) -> Set<Int>? {
        readers[key]
    }

    /// The keys `derivation` read the last time it ran.
    func keys(readBy derivation: Derivation) -> [String] {
        keys[derivation.raw]
    }

    /// Records that `derivation` read `read` this time, replacing what it read before.
    ///
    /// - Complexity: O(1) when it read the same keys as before; otherwise O(*r*) for the *r* keys
    ///   read then and now.
    mutating func record(_ read: [String], for derivation: Derivation) {
        let raw = derivation.raw
        let before = keys[raw]
        guard before != read else { return }
        for key in before where !read.contains(key) {
            readers[key]?.remove(raw)
            if readers[key]?.isEmpty == true { readers[key] = nil }
        }
        for key in read where !before.contains(key) {
            readers[key, default: []].insert(raw)
        }
        keys[raw] = read
    }
}
