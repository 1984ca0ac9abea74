extension FormKey {
    /// The same key inside the scope `prefix`: `FormKey<String>("password").scoped(under: "hotspot")`
    /// is `hotspot.password`.
    ///
    /// This is how a key declared for a nested model is reused in the parent's form.
    ///
    /// - Parameter prefix: The scope's prefix; an empty prefix leaves the key as it is.
    /// - Returns: The renamed key, with the same value type.
    public func scoped(under prefix: String) -> FormKey<Value> {
        FormScope(prefix).key(self)
    }

    /// The same key inside `scope`.
    ///
    /// - Parameter scope: The scope to put the key in.
    /// - Returns: The renamed key, with the same value type.
    public func scoped(in scope: FormScope) -> FormKey<Value> {
        scope.key(self)
    }
}
