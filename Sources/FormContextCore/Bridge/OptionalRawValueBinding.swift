/// An optional enum stored as its raw value: `nil` is an absent key.
struct OptionalRawValueBinding<Model, Wrapped: RawRepresentable>: BridgeBinding
where Wrapped.RawValue: Hashable & Sendable {
    let key: String
    let isSecure: Bool
    let path: SendableKeyPath<Model, Wrapped?>

    var expected: String { typeName(of: Wrapped.RawValue.self) }

    func encode(_ value: Wrapped?) -> AnyHashable? { value.flatMap { boxedValue($0.rawValue) } }

    func decode(_ stored: AnyHashable?) throws(FormBridgeError) -> Wrapped? {
        guard let stored else { return nil }
        return try caseOf(castValue(stored, key: key) as Wrapped.RawValue, key: key, isSecure: isSecure)
    }

    func scoped<Parent>(in scope: FormScope, through outer: SendableKeyPath<Parent, Model>) -> any BridgeBinding<Parent> {
        OptionalRawValueBinding<Parent, Wrapped>(key: scope.key(key), isSecure: isSecure, path: path.prepending(outer))
    }
}
