/// What reading JSON through a ``FormDefinition`` does with a key the definition has no field for.
public enum UnknownKeyPolicy: String, Hashable, Sendable, CaseIterable {
    /// Fail with ``FormDecodingError/unknownKey(key:found:)`` (the default): nothing is dropped unseen.
    case reject
    /// Leave the key out.
    case ignore
    /// Keep the value as a ``JSONValue``; it is written back to JSON unchanged.
    case keepAsJSON
}
