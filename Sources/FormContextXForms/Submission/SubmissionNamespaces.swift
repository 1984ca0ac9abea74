/// The namespace declarations JavaRosa writes on a submission's root element, in its order.
///
/// JavaRosa keeps a form's namespaces in a `java.util.HashMap` from prefix to URI: first those
/// declared on the primary instance's root, then those declared on `<h:html>` (a prefix declared
/// on both keeps its place and takes `<h:html>`'s URI). The default namespace is not among them.
/// It writes them in the map's iteration order, and then, when the instance's root is in a
/// namespace other than the form's default one, that namespace as `xmlns="…"`.
enum SubmissionNamespaces {
    /// The declarations in the order they are written.
    /// - Parameters:
    ///   - form: The declarations written on `<h:html>`, in order.
    ///   - instance: The declarations written on the primary instance's root, in order.
    ///   - instanceNamespace: The namespace URI of the primary instance's root.
    /// - Returns: The prefixed declarations in JavaRosa's order, then the default one if any.
    static func declarations(
        form: [XMLNamespaceDeclaration], instance: [XMLNamespaceDeclaration], instanceNamespace: String?
    ) -> [XMLNamespaceDeclaration] {
        var map = JavaHashMapOrder()
        for declaration in instance + form where !declaration.prefix.isEmpty {
            map.put(declaration.prefix, declaration.uri)
        }
        var declarations = map.entries.map { XMLNamespaceDeclaration(prefix: $0.key, uri: $0.value) }
        let formDefault = form.last { $0.prefix.isEmpty }?.uri
        if let instanceNamespace, !instanceNamespace.isEmpty, instanceNamespace != formDefault {
            declarations.append(XMLNamespaceDeclaration(prefix: "", uri: instanceNamespace))
        }
        return declarations
    }
}

/// The iteration order of a `java.util.HashMap<String, String>` filled by `put` alone (Java 8 and
/// later): buckets in index order, each bucket's entries in the order their keys were first put.
/// The table starts at 16 buckets and doubles when the entries pass three quarters of it, or when
/// a bucket reaches 9 entries while the table is under 64 buckets. (A bucket of 9 or more in a
/// table of 64 or more becomes a tree whose order this does not follow: that needs dozens of
/// prefixes with colliding hashes.)
struct JavaHashMapOrder {
    private var keys: [String] = []
    private var values: [String: String] = [:]
    private var capacity = 16

    /// Puts a value; a key already there keeps its place.
    mutating func put(_ key: String, _ value: String) {
        if values[key] != nil {
            values[key] = value
            return
        }
        let bucket = Self.index(key, capacity: capacity)
        let chain = keys.reduce(0) { $0 + (Self.index($1, capacity: capacity) == bucket ? 1 : 0) }
        keys.append(key)
        values[key] = value
        if chain + 1 >= 9 && capacity < 64 { capacity *= 2 }
        if keys.count > capacity / 4 * 3 { capacity *= 2 }
    }

    /// The entries in iteration order.
    var entries: [(key: String, value: String)] {
        keys.enumerated()
            .sorted { (Self.index($0.element, capacity: capacity), $0.offset) < (Self.index($1.element, capacity: capacity), $1.offset) }
            .map { ($0.element, values[$0.element] ?? "") }
    }

    /// `String.hashCode()` spread as `HashMap.hash` does, masked to the table.
    static func index(_ key: String, capacity: Int) -> Int {
        var hash: Int32 = 0
        for unit in key.utf16 { hash = hash &* 31 &+ Int32(unit) }
        let bits = UInt32(bitPattern: hash)
        return Int((bits ^ (bits >> 16)) & UInt32(capacity - 1))
    }
}
