/// A namespace declaration as written on an element: `xmlns:prefix="uri"`, or `xmlns="uri"` (the
/// default namespace, prefix `""`).
struct XMLNamespaceDeclaration: Sendable, Hashable {
    /// The prefix declared; `""` for the default namespace.
    var prefix: String
    /// The namespace URI it is bound to.
    var uri: String
}
