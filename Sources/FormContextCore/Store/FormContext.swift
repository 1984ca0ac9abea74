/// The value store of a form: a dictionary from field key to value.
///
/// Values are kept as `AnyHashable` under literal `String` keys. Writing `nil` removes a key,
/// so "never set" and "cleared" both read as absent; ``FormContextObject`` keeps the initial
/// values beside the current ones when the difference matters.
///
/// ```swift
/// var context: FormContext = [:]
/// context.set("Hello", for: "firstname")
/// context.set("World", for: "lastname")
/// print(context)   // ["firstname": "Hello", "lastname": "World"]
/// ```
///
/// Typed access goes through ``FormKey``: `context[FormKey<Int>("age")]`.
///
/// Keys are literal and compare as Swift strings do: a dot is an ordinary character, and canonically
/// equivalent spellings (`"café"` with a precomposed `é`, or with `e` and a combining accent) are one key.
///
/// ## Performance
/// Reads and writes cost one dictionary operation: O(1) on average, plus the cost of hashing the key.
public struct FormContext: @unchecked Sendable {
    // `@unchecked Sendable` is sound: `AnyHashable` is not `Sendable`, but every value enters the
    // store through an API whose parameter is `Hashable & Sendable` (or is copied from another
    // store that was filled the same way), so every boxed value is itself `Sendable`.
    @usableFromInline
    internal var storage: [String: AnyHashable]

    /// Keys whose values are secret (passwords): their values are masked in ``description``.
    public var secureKeys: Set<String>

    /// Creates an empty context; `[:]` outside the package.
    init() {
        storage = [:]
        secureKeys = []
    }

    /// Creates a context holding `values`.
    ///
    /// - Parameter values: The initial values by key.
    /// - Complexity: O(*n*), where *n* is the number of values.
    public init(_ values: [String: any Hashable & Sendable]) {
        self.init()
        storage.reserveCapacity(values.count)
        for (key, value) in values {
            storage[key] = boxed(value)
        }
    }

    /// Every value, by key.
    public var values: [String: AnyHashable] { storage }

    /// The keys that have a value, in no particular order.
    var keys: Dictionary<String, AnyHashable>.Keys { storage.keys }

    /// The keys that have a value, sorted.
    ///
    /// - Complexity: O(*n* log *n*).
    var sortedKeys: [String] { storage.keys.sorted() }

    /// The number of keys that have a value.
    var count: Int { storage.count }

    /// Whether no key has a value.
    var isEmpty: Bool { storage.isEmpty }

    /// The value stored under `key`, or `nil` if there is none.
    public subscript(key: String) -> AnyHashable? {
        storage[key]
    }

    /// Stores `value` under `key`; a `nil` value removes the key, a `nil` key is ignored.
    ///
    /// An optional that holds `nil` counts as `nil` however it arrives (for example as a generic
    /// `Value` that is itself an optional): the key is removed, never stored as a present `nil`.
    ///
    /// - Parameters:
    ///   - value: The new value, or `nil` to remove the key.
    ///   - key: The field key, or `nil` for a control that belongs to no field.
    public mutating func set(_ value: (any Hashable & Sendable)?, for key: String?) {
        guard let key else { return }
        storage[key] = boxed(value)
    }

    /// Marks `key` as secret or not; secret values are masked in ``description``.
    mutating func setSecure(_ isSecure: Bool = true, for key: String) {
        if isSecure {
            secureKeys.insert(key)
        } else {
            secureKeys.remove(key)
        }
    }
}

extension FormContext: FormReader {}

extension FormContext: Equatable {
    /// Two contexts are equal when they hold the same keys with identical values of identical types.
    ///
    /// Which keys are secret does not take part in the comparison.
    ///
    /// - Complexity: O(*n*).
    public static func == (lhs: FormContext, rhs: FormContext) -> Bool {
        guard lhs.storage.count == rhs.storage.count else { return false }
        for (key, value) in lhs.storage {
            guard let other = rhs.storage[key], isSameValue(value, other) else { return false }
        }
        return true
    }
}

extension FormContext: Hashable {
    /// Hashes the keys and values, in no particular order; which keys are secret takes no part, as
    /// in equality.
    ///
    /// - Parameter hasher: The hasher to feed.
    /// - Complexity: O(*n*).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(storage)
    }
}

extension FormContext: ExpressibleByDictionaryLiteral {
    /// Creates a context from a literal such as `["name": "Ada", "age": 36]`.
    public init(dictionaryLiteral elements: (String, any Hashable & Sendable)...) {
        self.init()
        for (key, value) in elements {
            storage[key] = boxed(value)
        }
    }
}

/// The value as stored: boxed in `AnyHashable` in its canonical form (see ``boxedValue(_:)``: one
/// NaN per type, an `NSNumber` as the Swift value it holds), or `nil` for no value.
///
/// `AnyHashable` unwraps an optional that holds a value, but keeps `Optional.none` as a present value
/// of type `Optional<Wrapped>`; here that is `nil`, so an optional `nil` removes a key like any `nil`.
@usableFromInline
func boxed(_ value: (any Hashable & Sendable)?) -> AnyHashable? {
    guard let value else { return nil }
    return boxedValue(value)
}

/// An optional seen through `Any`, to find out whether it holds `nil`.
@usableFromInline
protocol OptionalValue {
    /// Whether the optional (or one it wraps) is `nil`.
    var holdsNil: Bool { get }
}

extension Optional: OptionalValue {
    @usableFromInline
    var holdsNil: Bool {
        switch self {
        case .none: true
        case .some(let wrapped): (wrapped as? any OptionalValue)?.holdsNil ?? false
        }
    }
}

/// Whether two stored values are the same: equal, and of the same type.
///
/// `AnyHashable` alone treats `1` and `1.0` as equal; a form must not, because the second write
/// changes what a typed read returns. Two NaNs of one type are the same value (NaN's identity for
/// change detection); the store keeps one canonical NaN per type, so they hash alike too.
@inlinable
func isSameValue(_ lhs: AnyHashable?, _ rhs: AnyHashable?) -> Bool {
    isSameValue(lhs, rhs, rhsHash: rhs?.hashValue)
}

/// ``isSameValue(_:_:)`` for a caller that already has `rhs`'s hash value (`nil` when `rhs` is `nil`).
///
/// Equal values have equal hashes, so different hashes settle most comparisons; hashing costs far
/// less than `AnyHashable`'s `==`, which looks up generic metadata at run time.
@inlinable
func isSameValue(_ lhs: AnyHashable?, _ rhs: AnyHashable?, rhsHash: Int?) -> Bool {
    guard let rhsHash else { return lhs == nil }
    guard let lhsHash = lhs?.hashValue else { return false }
    guard lhsHash == rhsHash, let lhs, let rhs else { return false }
    return isEqualValue(lhs, rhs)
}

/// Whether two present values whose hashes are equal are the same value: equal (a NaN equals a NaN
/// of its type), and of the same type.
@inlinable
func isEqualValue(_ lhs: AnyHashable, _ rhs: AnyHashable) -> Bool {
    guard lhs == rhs else { return type(of: lhs.base) == type(of: rhs.base) && areBothNaN(lhs.base, rhs.base) }
    return type(of: lhs.base) == type(of: rhs.base)
}
