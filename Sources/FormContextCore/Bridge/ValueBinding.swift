/// A property stored as itself; the key must be present.
struct ValueBinding<Model, Value: Hashable & Sendable>: BridgeBinding {
    let key: String
    let isSecure: Bool
    let path: SendableKeyPath<Model, Value>

    var expected: String { typeName(of: Value.self) }

    func encode(_ value: Value) -> AnyHashable? { boxedValue(value) }

    func decode(_ stored: AnyHashable?) throws(FormBridgeError) -> Value {
        try requireValue(stored, key: key)
    }

    func scoped<Parent>(in scope: FormScope, through outer: SendableKeyPath<Parent, Model>) -> any BridgeBinding<Parent> {
        ValueBinding<Parent, Value>(key: scope.key(key), isSecure: isSecure, path: path.prepending(outer))
    }
}
