/// Anything that holds form values by key: one requirement, and every typed read built on it.
///
/// ``FormContext``, ``FormContextObject``, ``FormTransaction``, ``FormSubmission`` and the reader a
/// validator is given all adopt it, so each offers the same reads under the same names:
///
/// ```swift
/// let age = FormKey<Int>("age")
/// let name = FormKey<String>("name")
/// func describe(_ values: some FormReader) throws -> String {
///     let years: Int? = values[age]                    // lenient: nil if absent or another type
///     let given = try values.value(for: name) ?? "?"   // strict: throws naming key and types
///     return "\(given), \(years.map(String.init) ?? "age unknown")"
/// }
/// ```
///
/// A lenient read (`reader[key]` with a ``FormKey``) answers `nil` both for an absent key and for a
/// value of another type, as the original form-context pattern did. A strict read
/// (``value(for:)``) answers `nil` for an absent key too, but throws ``FormContextError``, naming
/// the key, the expected type and the found type, for a value of another type, for code that must
/// not mistake one for the other.
public protocol FormReader {
    /// The value stored under `key`, or `nil` if there is none.
    subscript(key: String) -> AnyHashable? { get }
}

extension FormReader {
    /// The value of a typed field; `nil` when the key is absent or holds another type.
    public subscript<Value>(key: FormKey<Value>) -> Value? {
        self[key.name]?.base as? Value
    }

    /// Whether `key` has a value.
    func contains(_ key: String) -> Bool {
        self[key] != nil
    }

    /// The value under `key`, which must be present and of type `type`.
    ///
    /// - Parameters:
    ///   - key: The field key.
    ///   - type: The type the value must have.
    /// - Returns: The value.
    /// - Throws: ``FormContextError/missingValue(key:expected:)`` if the key has no value,
    ///   ``FormContextError/typeMismatch(key:expected:found:)`` if its value has another type.
    func value<T>(for key: String, as type: T.Type = T.self) throws(FormContextError) -> T {
        guard let stored = self[key] else {
            throw .missingValue(key: key, expected: typeName(of: T.self))
        }
        return try castStoredValue(stored, for: key)
    }

    /// The value of a typed field, or `nil` if it is absent.
    ///
    /// - Parameter key: The typed field key.
    /// - Returns: The value, or `nil` if the key has none.
    /// - Throws: ``FormContextError/typeMismatch(key:expected:found:)`` if the stored value has another type.
    public func value<Value>(for key: FormKey<Value>) throws(FormContextError) -> Value? {
        guard let stored = self[key.name] else { return nil }
        // Cast to `Value` itself: inferring the `Value?` result type would name `Optional<Value>` in errors.
        let typed: Value = try castStoredValue(stored, for: key.name)
        return typed
    }

    /// The value of a typed field, which must be present.
    ///
    /// - Parameter key: The typed field key.
    /// - Returns: The value.
    /// - Throws: ``FormContextError`` if the key is absent or holds another type.
    func requiredValue<Value>(for key: FormKey<Value>) throws(FormContextError) -> Value {
        try value(for: key.name, as: Value.self)
    }
}

/// `stored` as a `T`, or the error naming `key`, `T` and the type found.
func castStoredValue<T>(_ stored: AnyHashable, for key: String) throws(FormContextError) -> T {
    guard let typed = stored.base as? T else {
        throw .typeMismatch(key: key, expected: typeName(of: T.self), found: typeName(of: type(of: stored.base)))
    }
    return typed
}
