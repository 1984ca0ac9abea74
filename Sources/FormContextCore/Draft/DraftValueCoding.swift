import Foundation

/// How a draft writes one value and reads it back: as JSON with the name of its type, dates to the
/// last bit of their fraction, a repeat group's ``RowOrder`` as its ids (`["r1", "r3"]`) and each
/// field of a row under its own key (`members.r3.name`), like any field.
enum DraftValueCoding {
    /// The value as JSON; dates (also inside arrays) with every fractional digit.
    ///
    /// - Throws: ``SubmissionError/unencodableValue(key:type:)`` for a type JSON cannot hold.
    static func encode(_ value: Any, key: String) throws(SubmissionError) -> JSONValue {
        if let date = value as? Date {
            guard let text = ISO8601DateText.format(date) else { throw .unencodableValue(key: key, type: "Date") }
            return .string(text)
        }
        if !(value is String), let array = value as? [Any] {
            var elements: [JSONValue] = []
            for element in array { elements.append(try encode(element, key: key)) }
            return .array(elements)
        }
        do {
            return try JSONValue(converting: value, key: key)
        } catch {
            throw .unencodableValue(key: key, type: typeName(of: type(of: value)))
        }
    }

    /// The name a draft records for a value's type (`Int`, `Optional<Int>`, `Array<String>`).
    static func tag(of value: AnyHashable) -> String {
        typeName(of: type(of: value.base))
    }

    /// Readers for values of fields the definition does not describe, by type name.
    private static let readers: [String: @Sendable (JSONValue) throws(JSONMismatch) -> AnyHashable?] = {
        var readers: [String: @Sendable (JSONValue) throws(JSONMismatch) -> AnyHashable?] = [:]
        func add<T: Hashable & Sendable>(_ type: T.Type) {
            readers[typeName(of: T.self)] = FieldDefinition.makeDecoder(T.self)
            readers[typeName(of: [T].self)] = FieldDefinition.makeDecoder([T].self)
            readers[typeName(of: T?.self)] = FieldDefinition.makeDecoder(T?.self)
        }
        add(String.self)
        add(Bool.self)
        add(Int.self)
        add(Int8.self)
        add(Int16.self)
        add(Int32.self)
        add(Int64.self)
        add(UInt.self)
        add(UInt8.self)
        add(UInt16.self)
        add(UInt32.self)
        add(UInt64.self)
        add(Double.self)
        add(Float.self)
        add(Decimal.self)
        add(Date.self)
        add(UUID.self)
        add(URL.self)
        add(JSONValue.self)
        // A repeat group's order and row ids, for a form with no definition (rows a bridge filled).
        add(RowOrder.self)
        add(RowID.self)
        return readers
    }()

    /// Reads the value of `key` back, through the field's definition when there is one, otherwise by
    /// the recorded type name.
    ///
    /// - Returns: The value, or the reason it cannot be restored.
    static func decode(
        _ json: JSONValue, tag: String?, key: String, definition: FormDefinition?, draftVersion: Int
    ) -> Result<AnyHashable?, DraftSkip> {
        if let field = definition?.field(key) ?? definition?.summaryField(key) {
            // A group's order is read with the bound on row numbers, so a form can number rows after it.
            if field.group != nil, json != .null {
                do {
                    return .success(AnyHashable(try RowOrder(json: json)))
                } catch {
                    let error = FormDecodingError.typeMismatch(key: key, expected: "RowOrder", found: json.excerpt())
                    return .failure(DraftSkip(reason: error.description))
                }
            }
            do {
                return .success(try field.decode(json))
            } catch {
                return .failure(DraftSkip(reason: error.description))
            }
        }
        if let definition, definition.version != draftVersion {
            return .failure(DraftSkip(reason: "version \(definition.version) of the form has no field '\(key)'"))
        }
        guard let tag, let reader = readers[tag] else {
            return .failure(DraftSkip(reason: "a value of type \(tag ?? "unknown") cannot be restored without a field definition"))
        }
        do {
            return .success(try reader(json))
        } catch {
            return .failure(DraftSkip(reason: "cannot read '\(key)': expected \(error.expected), found \(json.kind)"))
        }
    }
}
