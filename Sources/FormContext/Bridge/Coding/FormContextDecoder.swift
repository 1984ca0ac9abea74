/// Decodes a `Decodable` model from a ``FormContext``, with no hand-written mapping.
///
/// The mirror of ``FormContextEncoder``: coding keys are context keys, nested containers are key
/// prefixes joined with `.`, an absent key decodes as `nil` for an optional. An array whose key
/// holds a ``RowOrder`` (a repeat group's rows) decodes one element per row, in the order's order,
/// each from under its row (`members.r3.name`); any other array's elements live under `key.0`,
/// `key.1`, … (an array with no elements in the context decodes as empty). Errors name a row by its
/// position from 0: `members[2].age`.
///
/// Types are strict: a value stored as `Int` does not decode as `Int64` or `Double`. Every error is a
/// ``FormBridgeError`` whose key is the coding path:
///
/// ```swift
/// var context = try FormContextEncoder().encode(Settings())
/// context.set("maybe", for: "hotspot.isEnabled")
/// try FormContextDecoder().decode(Settings.self, from: context)
/// // wrong type for key 'hotspot.isEnabled': expected Bool, found String
/// ```
public struct FormContextDecoder: Sendable {
    /// Creates a decoder.
    public init() {}

    /// The model of type `type` that `context` holds.
    ///
    /// - Parameters:
    ///   - type: The model type; it must decode from a keyed container.
    ///   - context: The values.
    /// - Returns: The decoded model.
    /// - Throws: ``FormBridgeError/missingValue(key:expected:)`` for an absent key,
    ///   ``FormBridgeError/typeMismatch(key:expected:found:)`` for a value of another type,
    ///   ``FormBridgeError/unknownRawValue(key:type:text:)`` for a raw value that names no case,
    ///   ``FormBridgeError/invalidValue(key:reason:)`` when the type's own decoding rejects a value.
    /// - Complexity: O(*n*) for *n* decoded values; checking whether a nested model is present
    ///   (an optional nested model, or `allKeys`) scans the context's keys.
    public func decode<Value: Decodable>(_ type: Value.Type, from context: FormContext) throws(FormBridgeError) -> Value {
        // A row of an array kept as a repeat group's rows is named by its position: `members[2].age`.
        let position = { (array: String, id: RowID) in (context.storage[array]?.base as? RowOrder)?.firstIndex(of: id) }
        do {
            return try Value(from: ContextDecoder(context: context, codingPath: [], prefix: nil))
        } catch let error as FormBridgeError {
            throw error.namingRows(by: position)
        } catch let error as DecodingError {
            throw FormBridgeError(error).namingRows(by: position)
        } catch {
            throw .invalidValue(key: "", reason: String(describing: error))
        }
    }
}

extension FormBridgeError {
    /// The error a `DecodingError` (thrown by a type's own `init(from:)`) stands for.
    init(_ error: DecodingError) {
        switch error {
        case .keyNotFound(let key, let context):
            self = .missingValue(key: joinedPath(context.codingPath + [key]), expected: "a value")
        case .valueNotFound(let type, let context):
            self = .missingValue(key: joinedPath(context.codingPath), expected: typeName(of: type))
        case .typeMismatch(let type, let context):
            self = .invalidValue(
                key: joinedPath(context.codingPath), reason: "expected \(typeName(of: type)): \(context.debugDescription)")
        case .dataCorrupted(let context):
            self = .invalidValue(key: joinedPath(context.codingPath), reason: context.debugDescription)
        @unknown default:
            self = .invalidValue(key: "", reason: String(describing: error))
        }
    }
}
