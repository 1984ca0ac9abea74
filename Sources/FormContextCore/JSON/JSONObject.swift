/// The members of a JSON object: values by key, the keys compared by their Unicode scalars.
///
/// JSON compares keys by code points, so `"caf\u00e9"` and `"cafe\u0301"` are two keys, though Swift
/// compares the two strings equal. A `[String: JSONValue]` would merge them; a `JSONObject` keeps
/// both, and reads each back as it was written.
///
/// ```swift
/// let json = try JSONValue(parsing: Data(#"{"caf\u00e9": 1, "cafe\u0301": 2}"#.utf8))
/// if case .object(let members) = json {
///     Array(members).count    // 2
///     members["caf\u{E9}"]    // .number("1")
/// }
/// ```
public struct JSONObject: Hashable, Sendable, Sequence, ExpressibleByDictionaryLiteral {
    /// A key, equal to another only when their Unicode scalars are the same.
    struct MemberKey: Hashable, Sendable {
        let text: String

        static func == (lhs: MemberKey, rhs: MemberKey) -> Bool {
            lhs.text.utf8.elementsEqual(rhs.text.utf8)
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(text.utf8.count)
            for byte in text.utf8 { hasher.combine(byte) }
        }
    }

    private var storage: [MemberKey: JSONValue]

    /// An object with no members.
    init() {
        storage = [:]
    }

    /// An object holding `members`.
    ///
    /// - Parameter members: The members by key.
    /// - Complexity: O(*n*) for *n* members.
    public init(_ members: [String: JSONValue]) {
        storage = Dictionary(uniqueKeysWithValues: members.map { (MemberKey(text: $0.key), $0.value) })
    }

    /// An object holding the members of the literal; of two keys with the same scalars, the last wins.
    ///
    /// - Parameter elements: The keys and values.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        storage = [:]
        for (key, value) in elements { storage[MemberKey(text: key)] = value }
    }

    /// The value of the member whose key has exactly the Unicode scalars of `key`; setting `nil`
    /// removes it.
    ///
    /// - Parameter key: The key.
    public subscript(key: String) -> JSONValue? {
        get { storage[MemberKey(text: key)] }
        set { storage[MemberKey(text: key)] = newValue }
    }

    /// How many members the object has.
    var count: Int { storage.count }

    /// Whether the object has no members.
    var isEmpty: Bool { storage.isEmpty }

    /// The keys in the order JSON text lists them: by Swift's order of strings, and keys that Swift
    /// compares equal by their Unicode scalars.
    ///
    /// - Complexity: O(*n* log *n*) for *n* members.
    var sortedKeys: [String] {
        storage.keys.map(\.text).sorted(by: Self.precedes)
    }

    /// Whether `lhs` comes before `rhs` in `sortedKeys`.
    static func precedes(_ lhs: String, _ rhs: String) -> Bool {
        if lhs < rhs { return true }
        if rhs < lhs { return false }
        return lhs.unicodeScalars.lexicographicallyPrecedes(rhs.unicodeScalars)
    }

    /// The members, in no particular order.
    public func makeIterator() -> some IteratorProtocol<(key: String, value: JSONValue)> {
        storage.lazy.map { (key: $0.key.text, value: $0.value) }.makeIterator()
    }
}
