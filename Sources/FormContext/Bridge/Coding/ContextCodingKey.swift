/// A coding key for positions in unkeyed containers and for `super`.
struct ContextCodingKey: CodingKey {
    let stringValue: String
    let intValue: Int?

    init(stringValue: String) {
        self.stringValue = stringValue
        self.intValue = nil
    }

    init(intValue: Int) {
        self.stringValue = String(intValue)
        self.intValue = intValue
    }

    static let superKey = ContextCodingKey(stringValue: "super")
}

/// The context key for `child` under `prefix`: `prefix.child`, or `child` at the root.
@inline(__always)
func codingKey(_ child: String, under prefix: String) -> String {
    prefix.isEmpty ? child : prefix + "." + child
}

/// The coding path as a context key: `hotspot.password`.
func joinedPath(_ path: [any CodingKey]) -> String {
    path.map(\.stringValue).joined(separator: ".")
}
