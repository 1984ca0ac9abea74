/// An optional property: `nil` is an absent key.
struct OptionalBinding<Model, Wrapped: Hashable & Sendable>: BridgeBinding {
    let key: String
    let isSecure: Bool
    let path: SendableKeyPath<Model, Wrapped?>

    var expected: String { typeName(of: Wrapped.self) }

    func encode(_ value: Wrapped?) -> AnyHashable? { value.flatMap(boxedValue) }

    func decode(_ stored: AnyHashable?) throws(FormBridgeError) -> Wrapped? {
        guard let stored else { return nil }
        return try castValue(stored, key: key) as Wrapped
    }

    func scoped<Parent>(in scope: FormScope, through outer: SendableKeyPath<Parent, Model>) -> any BridgeBinding<Parent> {
        OptionalBinding<Parent, Wrapped>(key: scope.key(key), isSecure: isSecure, path: path.prepending(outer))
    }
}
