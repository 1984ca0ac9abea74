/// `key` with each row of a repeat group named by its position instead of its id, for messages:
/// `members.r3.age` becomes `members[2].age` when `r3` is the third row of `members`.
///
/// Rows inside rows are named the same way (`members[2].visits[0].place`); a component that is no
/// row of the group before it stays as it is.
///
/// - Parameters:
///   - key: A context key.
///   - position: The position, from 0, of row `id` in the group whose key is the first argument, or
///     `nil` if that key holds no group or the group has no such row.
/// - Returns: The key as a person reads it.
/// - Complexity: O(*k*) for a key of length *k*, plus one call of `position` for each component
///   that is a row id.
func rowPositionKey(_ key: String, position: (String, RowID) -> Int?) -> String {
    let utf8 = key.utf8
    var result = ""
    var copied = utf8.startIndex
    var index = utf8.startIndex
    while let dot = utf8[index...].firstIndex(of: UInt8(ascii: ".")) {
        let start = utf8.index(after: dot)
        let end = utf8[start...].firstIndex(of: UInt8(ascii: ".")) ?? utf8.endIndex
        // Sliced by bytes: a `.` followed by a combining mark still separates.
        if let id = RowID(String(decoding: utf8[start..<end], as: UTF8.self)),
            let place = position(String(decoding: utf8[..<dot], as: UTF8.self), id)
        {
            result += String(decoding: utf8[copied..<dot], as: UTF8.self) + "[\(place)]"
            copied = end
        }
        index = start
    }
    return result + String(decoding: utf8[copied...], as: UTF8.self)
}

extension FormBridgeError {
    /// The same error about `key`.
    func naming(_ key: String) -> FormBridgeError {
        switch self {
        case .missingValue(_, let expected): .missingValue(key: key, expected: expected)
        case .typeMismatch(_, let expected, let found): .typeMismatch(key: key, expected: expected, found: found)
        case .unknownRawValue(_, let type, let text): .unknownRawValue(key: key, type: type, text: text)
        }
    }

    /// The same error with its key's rows named by position (see ``rowPositionKey(_:position:)``).
    func namingRows(by position: (String, RowID) -> Int?) -> FormBridgeError {
        let renamed = rowPositionKey(key, position: position)
        return renamed == key ? self : naming(renamed)
    }
}
