extension FormBridge {
    /// Binds `key` to a property stored as itself; writing requires the key to be present.
    ///
    /// An enum bound this way is stored as the enum value (`ShowPreview.never`). A key bound again
    /// replaces its earlier binding.
    ///
    /// - Parameters:
    ///   - key: The key, used literally.
    ///   - path: The property.
    ///   - isSecure: Whether the value is secret (a password): filled contexts mark the key secure.
    // Disfavoured so that `bind(FormKey("nickname"), to: \.nickname)`, a key whose value type is
    // inferred, with an optional property picks the optional binding below (an absent key for `nil`),
    // not this one with `Value` taken to be the optional.
    @_disfavoredOverload
    public mutating func bind<Value>(
        _ key: FormKey<Value>, to path: any WritableKeyPath<Model, Value> & Sendable, isSecure: Bool = false
    ) {
        add(ValueBinding(key: key.name, isSecure: isSecure, path: SendableKeyPath(path)))
    }

    /// Binds `key` to an optional property: `nil` is an absent key, and an absent key reads as `nil`.
    ///
    /// - Parameters:
    ///   - key: The key, used literally.
    ///   - path: The optional property.
    ///   - isSecure: Whether the value is secret.
    public mutating func bind<Value>(
        _ key: FormKey<Value>, to path: any WritableKeyPath<Model, Value?> & Sendable, isSecure: Bool = false
    ) {
        add(OptionalBinding(key: key.name, isSecure: isSecure, path: SendableKeyPath(path)))
    }

    /// Binds `key` to an enum property stored as its raw value (`"Never"` for `ShowPreview.never`).
    ///
    /// Writing a raw value that names no case fails with ``FormBridgeError/unknownRawValue(key:type:text:)``.
    ///
    /// - Parameters:
    ///   - key: The key, whose value type is the raw value's type.
    ///   - path: The enum property.
    ///   - isSecure: Whether the value is secret.
    public mutating func bind<Value: RawRepresentable>(
        _ key: FormKey<Value.RawValue>, toRawValueOf path: any WritableKeyPath<Model, Value> & Sendable,
        isSecure: Bool = false
    ) {
        add(RawValueBinding(key: key.name, isSecure: isSecure, path: SendableKeyPath(path)))
    }

    /// Binds `key` to an optional enum property stored as its raw value; `nil` is an absent key.
    ///
    /// - Parameters:
    ///   - key: The key, whose value type is the raw value's type.
    ///   - path: The optional enum property.
    ///   - isSecure: Whether the value is secret.
    public mutating func bind<Value: RawRepresentable>(
        _ key: FormKey<Value.RawValue>, toRawValueOf path: any WritableKeyPath<Model, Value?> & Sendable,
        isSecure: Bool = false
    ) {
        add(OptionalRawValueBinding(key: key.name, isSecure: isSecure, path: SendableKeyPath(path)))
    }

    /// Binds every key of `child` to the nested model at `path`, under the key prefix `prefix`.
    ///
    /// This is `bind(form:to:)` for bridges: a bridge written for `Hotspot` is reused inside one for
    /// `Settings`, and `Settings.hotspot.password` becomes the key `hotspot.password`. Nesting works
    /// to any depth; the prefixes are joined once, here.
    ///
    /// - Parameters:
    ///   - child: The bridge of the nested model.
    ///   - path: Where the nested model lives in this one.
    ///   - prefix: The key prefix; keys become `prefix.key`. An empty prefix keeps the child's keys.
    /// - Complexity: O(*m*) for *m* bindings of `child`.
    public mutating func bind<Child>(
        _ child: FormBridge<Child>, to path: any WritableKeyPath<Model, Child> & Sendable, under prefix: String
    ) {
        let scoped = child.scoped(under: prefix, through: path)
        for (binding, paths) in zip(scoped.bindings, scoped.reachingPaths) {
            add(binding, reaching: Array(paths.dropLast()))
        }
        for binding in scoped.rowBindings { addRows(binding) }
    }

    /// Adds every binding of `other`, which binds the same model type.
    ///
    /// - Parameter other: More bindings; a key bound in both takes the binding of `other`.
    /// - Complexity: O(*m*) for *m* bindings of `other`.
    public mutating func merge(_ other: FormBridge<Model>) {
        for (binding, paths) in zip(other.bindings, other.reachingPaths) {
            add(binding, reaching: Array(paths.dropLast()))
        }
        for binding in other.rowBindings { addRows(binding) }
    }

    /// This bridge for a parent model that holds `Model` at `path`, with every key under `prefix`.
    ///
    /// - Parameters:
    ///   - prefix: The key prefix; keys become `prefix.key`.
    ///   - path: Where this bridge's model lives in the parent.
    /// - Returns: A bridge of the parent model with the same bindings, renamed.
    /// - Complexity: O(*n*) for *n* bindings.
    func scoped<Parent>(
        under prefix: String, through path: any WritableKeyPath<Parent, Model> & Sendable
    ) -> FormBridge<Parent> {
        let scope = FormScope(prefix)
        let outer = SendableKeyPath(path)
        let outerPath = ModelPath(path)
        var parent = FormBridge<Parent>()
        for (binding, paths) in zip(bindings, reachingPaths) {
            // The binding's own path is added again by `add`, prefixed; its nested models' paths are kept.
            let nested = paths.dropLast().map { $0.prepending(path) }
            parent.add(binding.scoped(in: scope, through: outer), reaching: [outerPath] + nested)
        }
        for binding in rowBindings { parent.addRows(binding.scoped(in: scope, through: outer)) }
        return parent
    }
}
