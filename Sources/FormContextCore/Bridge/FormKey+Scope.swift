extension FormKey {

    /// The same key inside `scope`.
    ///
    /// - Parameter scope: The scope to put the key in.
    /// - Returns: The renamed key, with the same value type.
    public func scoped(in scope: FormScope) -> FormKey<Value> {
        scope.key(self)
    }
}
