/// Why a JSON value could not become a value of the requested type.
@usableFromInline
struct JSONMismatch: Error, Sendable {
    /// The name of the requested type.
    let expected: String
    /// The JSON that did not fit.
    let found: JSONValue
    /// Whether the requested type has no JSON form at all.
    let isUnsupported: Bool
}
