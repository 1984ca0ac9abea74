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

    /// The key of the element at `position` of an array kept as a repeat group's rows: the row's id
    /// as its text (`r3`, the last component of the element's context key), the position as its index.
    init(row id: RowID, position: Int) {
        self.stringValue = id.description
        self.intValue = position
    }

    static let superKey = ContextCodingKey(stringValue: "super")
}

/// The context key for `child` under `prefix`: `prefix.child`, or `child` at the root.
@inline(__always)
func codingKey(_ child: String, under prefix: String) -> String {
    prefix.isEmpty ? child : prefix + "." + child
}

/// Whether `key` lies under `prefix`, which ends in `.` (or is empty, for the root).
///
/// Compared byte for byte, not by `Character`: a key whose next character is a combining mark
/// (`map.\u{301}x`) forms one `Character` with the `.` before it, yet it lies under `map.` all the same.
@inline(__always)
func isKey(_ key: String, under prefix: String) -> Bool {
    key.utf8.starts(with: prefix.utf8)
}

/// The first component of `key` after `prefix` (which `key` lies under): up to the next `.` byte.
func firstComponent(of key: String, after prefix: String) -> String {
    let rest = key.utf8.dropFirst(prefix.utf8.count)
    return String(decoding: rest.prefix { $0 != UInt8(ascii: ".") }, as: UTF8.self)
}

/// Whether `text` contains the byte `.`, which joins keys (whatever characters surround it).
func containsKeySeparator(_ text: String) -> Bool {
    text.utf8.contains(UInt8(ascii: "."))
}

/// The coding path as a context key: `hotspot.password`.
func joinedPath(_ path: [any CodingKey]) -> String {
    path.map(\.stringValue).joined(separator: ".")
}
