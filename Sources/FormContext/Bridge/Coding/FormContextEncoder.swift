/// Encodes an `Encodable` model into a ``FormContext``, with no hand-written mapping.
///
/// Coding keys become context keys; a nested keyed container becomes a key prefix joined with `.`,
/// so `Settings.hotspot.password` is stored under `hotspot.password`. Each value is stored as
/// itself:
///
/// - `String`, `Bool`, every `Int`/`UInt` width, `Float`, `Double`: as they are;
/// - `Decimal`, `Date`, `UUID`, `URL`, `Data`: as they are (not through their own `Codable` form);
/// - enums with a raw value: as the raw value (`"Never"`);
/// - optionals: `nil` is an absent key;
/// - arrays of models (elements that encode as keyed containers: structs, dictionaries with `String`
///   keys, enums with associated values): the layout of a repeat group, so such an array fills a
///   form's group directly. The array's key holds a ``RowOrder`` of the ids r1, r2, … one per element,
///   and each element's fields live under its row: `members.r1.name`, `members.r2.name`. An array
///   inside an element nests the same way (`members.r1.visits.r1.place`);
/// - arrays of single values and of arrays: one key per element, the index as the last component
///   (`tags.0`, `tags.1`, `grid.0.1`); an empty array of either kind stores nothing;
/// - dictionaries with `String` keys: one key per entry (`map.a`).
///
/// A context stores `nil` as an absent key, so a shape that would store nothing where a value must
/// be read back is refused with ``FormBridgeError/invalidValue(key:reason:)`` naming the key, rather
/// than lost: a `nil` array element (`[nil, 1]`), an array element that stores nothing (`[[], ["a"]]`),
/// an optional holding a value that stores nothing (`Optional([])`, an optional model whose fields are
/// all `nil`), a dictionary key containing `.` (`["x.y": 1]`), a dictionary entry that stores nothing,
/// and an array mixing models with single values (only hand-written encodings can make one).
///
/// Errors name a row by its position from 0: `members[2].tags.1`.
///
/// ```swift
/// let context = try FormContextEncoder().encode(Settings())
/// context.sortedKeys  // ["hotspot.isEnabled", "hotspot.networkName", "hotspot.password", "hotspot.showPreview"]
/// ```
///
/// There is no JSON in between: the encoder writes straight into the context's dictionary.
public struct FormContextEncoder: Sendable {
    /// Keys to mark secure in the encoded context (their values are masked in descriptions).
    public var secureKeys: Set<String>

    /// Creates an encoder.
    ///
    /// - Parameter secureKeys: Keys to mark secure in the encoded context, such as `hotspot.password`.
    public init(secureKeys: Set<String> = []) {
        self.secureKeys = secureKeys
    }

    /// A new context holding every encoded value of `value`.
    ///
    /// - Parameter value: The model; it must encode into a keyed container.
    /// - Returns: The context.
    /// - Throws: ``FormBridgeError/invalidValue(key:reason:)`` if the model encodes as a single
    ///   value at the root, if it holds a shape the context cannot carry (see above), or if its own
    ///   encoding throws (the key is the coding path).
    /// - Complexity: O(*n*) for *n* encoded values, plus the cost of joining their keys.
    public func encode<Value: Encodable>(_ value: Value) throws(FormBridgeError) -> FormContext {
        var context = FormContext()
        try encode(value, into: &context)
        return context
    }

    /// Writes every encoded value of `value` into `context`, replacing values under the same keys.
    ///
    /// Keys the model does not encode are left as they are; on error, `context` is unchanged.
    ///
    /// - Parameters:
    ///   - value: The model; it must encode into a keyed container.
    ///   - context: The context to write into.
    /// - Throws: ``FormBridgeError``, as ``encode(_:)`` does.
    /// - Complexity: O(*n*) for *n* encoded values.
    public func encode<Value: Encodable>(_ value: Value, into context: inout FormContext) throws(FormBridgeError) {
        let storage = ContextEncodingStorage(context)
        do {
            let dictionaryKeys = try checkDictionaryKeys(of: value, under: "")
            try value.encode(to: ContextEncoder(storage: storage, codingPath: [], prefix: nil))
            if let failure = storage.failure { throw failure }
            if let dictionaryKeys { try checkDictionaryEntries(dictionaryKeys, under: "", in: storage.context) }
        } catch let error as FormBridgeError {
            throw error.naming(storage.readableKey(error.key))
        } catch let error as EncodingError {
            let error = FormBridgeError(error)
            throw error.naming(storage.readableKey(error.key))
        } catch {
            throw .invalidValue(key: "", reason: String(describing: error))
        }
        storage.finishRows()
        var encoded = storage.context
        encoded.secureKeys.formUnion(secureKeys)
        context = encoded
    }
}

extension FormBridgeError {
    /// The error an `EncodingError` stands for, keyed by its coding path.
    init(_ error: EncodingError) {
        switch error {
        case .invalidValue(_, let context):
            self = .invalidValue(key: joinedPath(context.codingPath), reason: context.debugDescription)
        @unknown default:
            self = .invalidValue(key: "", reason: String(describing: error))
        }
    }
}
