/// One key of a ``FormBridge``: how a property of the model is stored under the key and read back.
///
/// Each kind of binding (plain value, optional, raw value, optional raw value) is its own small
/// type, so the hot path is one key-path access and one cast, with no closures and no reflection.
protocol BridgeBinding<Model>: Sendable {
    associatedtype Model
    associatedtype Value

    /// The key the property is stored under, with any scope prefixes already joined.
    var key: String { get }
    /// Whether the value is secret.
    var isSecure: Bool { get }
    /// The property.
    var path: SendableKeyPath<Model, Value> { get }
    /// The name of the type stored in the context, for error messages and documentation.
    var expected: String { get }

    /// The stored form of a property value, boxed as the store boxes it (``boxedValue(_:)``); `nil` for
    /// an absent key.
    func encode(_ value: Value) -> AnyHashable?
    /// The property value that `stored` stands for.
    func decode(_ stored: AnyHashable?) throws(FormBridgeError) -> Value
    /// The same binding for a parent model that holds this one at `path`, under `scope`.
    func scoped<Parent>(in scope: FormScope, through path: SendableKeyPath<Parent, Model>) -> any BridgeBinding<Parent>
}

extension BridgeBinding {
    /// The property's key path, untyped.
    var keyPath: AnyKeyPath { path.path }

    /// The value the property of `model` is stored as; `nil` for an absent key.
    func storedValue(of model: Model) -> AnyHashable? {
        encode(model[keyPath: path.path])
    }

    /// Whether writing the property goes through a class reference: the model is a class, or a
    /// class-typed property lies on the path (`\.badge.name`). A copy of the model would not keep
    /// such a write from reaching the shared object.
    var writesThroughReference: Bool {
        path.path is ReferenceWritableKeyPath<Model, Value>
    }

    /// Sets the property of `target` to the property of `source`.
    func copyProperty(from source: Model, into target: inout Model) {
        target[keyPath: path.path] = source[keyPath: path.path]
    }

    /// Throws the error that ``apply(_:to:)`` would throw for `stored`, without writing anything.
    func check(_ stored: AnyHashable?) throws(FormBridgeError) {
        _ = try decode(stored)
    }

    /// Writes the value `stored` stands for into the property of `model`.
    func apply(_ stored: AnyHashable?, to model: inout Model) throws(FormBridgeError) {
        model[keyPath: path.path] = try decode(stored)
    }
}

/// A value that must be present and of type `Value`.
@inline(__always)
func requireValue<Value>(_ stored: AnyHashable?, key: String) throws(FormBridgeError) -> Value {
    guard let stored else { throw .missingValue(key: key, expected: typeName(of: Value.self)) }
    return try castValue(stored, key: key)
}

/// A value that must be of type `Value`.
@inline(__always)
func castValue<Value>(_ stored: AnyHashable, key: String) throws(FormBridgeError) -> Value {
    guard let value = stored.base as? Value else {
        throw .typeMismatch(key: key, expected: typeName(of: Value.self), found: typeName(of: type(of: stored.base)))
    }
    return value
}

/// The enum case whose raw value is `raw`.
///
/// The error for a raw value that names no case carries the offending text, or the mask when the
/// key is secret: the error is made masked, so no route it takes (description, `dump`, a
/// ``ModelBinding``'s `lastError` and `onError`) can show the secret.
@inline(__always)
func caseOf<Value: RawRepresentable>(_ raw: Value.RawValue, key: String, isSecure: Bool) throws(FormBridgeError) -> Value {
    guard let value = Value(rawValue: raw) else {
        throw .unknownRawValue(key: key, type: typeName(of: Value.self), text: SecretDisplay.input(String(describing: raw), isSecret: isSecure))
    }
    return value
}

