/// A key prefix under which a nested model's fields live, such as `hotspot` for `Settings.hotspot`.
///
/// Keys are literal everywhere else; a scope is the one place that joins a prefix and a key, with a
/// single `.`: the key `password` under the scope `hotspot` is `hotspot.password`. Scopes nest by
/// their prefixes: `FormScope("a.b")` puts `c` at `a.b.c`. The empty scope leaves keys as they are.
///
/// A form or field definition written for a nested model is reused in the parent by passing every
/// key it declares through the scope (see ``FormKey/scoped(in:)``).
public struct FormScope: Hashable, Sendable, CustomStringConvertible {
    /// The prefix, without a trailing `.`; empty for the root scope.
    public let prefix: String

    /// The root scope: keys stay as they are.
    static let root = FormScope("")

    /// Creates the scope with `prefix`.
    ///
    /// - Parameter prefix: The prefix, used literally (dots in it are ordinary characters).
    public init(_ prefix: String) {
        self.prefix = prefix
    }

    /// The key `name` inside this scope: `prefix.name`, or `name` for the root scope.
    ///
    /// - Parameter name: A key of the nested model's form.
    /// - Returns: The key in the parent's form.
    /// - Complexity: O(*n*) in the length of the two strings.
    public func key(_ name: String) -> String {
        prefix.isEmpty ? name : prefix + "." + name
    }

    /// The typed key `key` inside this scope.
    ///
    /// - Parameter key: A key of the nested model's form.
    /// - Returns: The same key, renamed into this scope.
    func key<Value>(_ key: FormKey<Value>) -> FormKey<Value> {
        FormKey(self.key(key.name))
    }

    /// The scope `child` inside this one: `FormScope("a").appending("b")` is `a.b`.
    ///
    /// - Parameter child: The prefix of the inner scope.
    /// - Returns: The combined scope.
    func appending(_ child: String) -> FormScope {
        FormScope(key(child))
    }

    /// The prefix, or `(root)` for the root scope.
    public var description: String { prefix.isEmpty ? "(root)" : prefix }
}
