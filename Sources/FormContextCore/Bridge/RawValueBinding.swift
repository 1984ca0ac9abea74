/// An enum stored as its raw value; the key must be present and hold a known raw value.
struct RawValueBinding<Model, Value: RawRepresentable>: BridgeBinding where Value.RawValue: Hashable & Sendable {
    let key: String
    let isSecure: Bool
    let path: SendableKeyPath<Model, Value>

    var expected: String { typeName(of: Value.RawValue.self) }

    func encode(_ value: Value) -> AnyHashable? { boxedValue(value.rawValue) }

    func decode(_ stored: AnyHashable?) throws(FormBridgeError) -> Value {
        try caseOf(requireValue(stored, key: key) as Value.RawValue, key: key, isSecure: isSecure)
    }

    func scoped<Parent>(in scope: FormScope, through outer: SendableKeyPath<Parent, Model>) -> any BridgeBinding<Parent> {
        RawValueBinding<Parent, Value>(key: scope.key(key), isSecure: isSecure, path: path.prepending(outer))
    }
}
