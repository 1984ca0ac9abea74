/// A dictionary with `String` keys, which `Codable` encodes as a keyed container whose keys the
/// decoder must list again (`allKeys`) to read it back.
///
/// A context lists keys by splitting on `.`, so a dictionary key holding a dot, or an entry that
/// stores nothing, would not come back: such a dictionary is refused when it is encoded.
protocol StringKeyedDictionary {
    /// The dictionary's keys.
    var stringKeys: [String] { get }
}

extension Dictionary: StringKeyedDictionary where Key == String {
    var stringKeys: [String] { Array(keys) }
}

/// Throws if `value` is a dictionary with a key that contains `.`.
///
/// - Parameters:
///   - value: The value about to be encoded.
///   - prefix: The context key it is encoded under (empty at the root).
/// - Returns: The dictionary's keys, to check its entries after encoding; `nil` if `value` is not a
///   dictionary with `String` keys.
func checkDictionaryKeys(of value: some Encodable, under prefix: String) throws(FormBridgeError) -> [String]? {
    guard let dictionary = value as? any StringKeyedDictionary else { return nil }
    let keys = dictionary.stringKeys
    if let dotted = keys.filter(containsKeySeparator).min() {
        throw .invalidValue(
            key: codingKey(dotted, under: prefix),
            reason: "the dictionary key '\(dotted)' contains '.', which joins keys in a context, so it could not be read back")
    }
    return keys
}

/// Throws if an entry of a just-encoded dictionary stored nothing, so its key would be lost.
///
/// - Complexity: O(*k*) for *k* keys when every entry stores a value under its own key; an entry
///   stored as nested values costs a scan of the context's keys.
func checkDictionaryEntries(_ keys: [String], under prefix: String, in context: FormContext) throws(FormBridgeError) {
    for key in keys.sorted() where !hasValue(at: codingKey(key, under: prefix), in: context) {
        throw .invalidValue(
            key: codingKey(key, under: prefix),
            reason: "a dictionary value that stores nothing (nil, an empty array or model) would lose its key")
    }
}
