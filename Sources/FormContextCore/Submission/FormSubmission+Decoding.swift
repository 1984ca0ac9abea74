import Foundation

extension FormSubmission {
    /// Reads a submission back from its own JSON, each value as its field's type, so a server can
    /// validate it with the definition the client used and answer with field errors.
    ///
    /// ```swift
    /// let submission = try FormSubmission(json: body, definition: signUp)
    /// let report = signUp.validate(submission.values)
    /// if !report.isValid { respond(422, report.messagesByKey) }
    /// ```
    ///
    /// With no definition every value is kept as a ``JSONValue``, written back unchanged. With one, a
    /// repeat group's array of row objects becomes its rows again, as
    /// ``FormDefinition/decodeValues(fromJSON:unknownKeys:)`` reads it; its JSON is then the same,
    /// rows in the same order.
    ///
    /// - Parameters:
    ///   - json: The JSON text, as ``json(pretty:maskingSecrets:includingRowIDs:)`` writes it.
    ///   - definition: The form's definition, or `nil` to keep every value as JSON.
    ///   - unknownKeys: What to do with keys the definition has no field for; refused by default.
    ///   - number: Which submit this is; 0 by default.
    /// - Throws: ``FormDecodingError`` naming the key, the expected type and the JSON found.
    /// - Complexity: O(*n* log *n*) for *n* keys, plus the length of the text.
    public init(
        json: String, definition: FormDefinition?, unknownKeys: UnknownKeyPolicy = .reject, number: Int = 0
    ) throws(FormDecodingError) {
        let parsed: JSONValue
        do {
            parsed = try JSONValue(parsing: json)
        } catch {
            throw .invalidJSON(definition?.secureKeys.isEmpty == false ? error.hidingFound() : error)
        }
        try self.init(json: parsed, definition: definition, unknownKeys: unknownKeys, number: number)
    }

    /// Reads a submission back from parsed JSON; see `init(json:definition:unknownKeys:number:)`.
    ///
    /// - Parameters:
    ///   - json: The JSON object.
    ///   - definition: The form's definition, or `nil` to keep every value as JSON.
    ///   - unknownKeys: What to do with keys the definition has no field for.
    ///   - number: Which submit this is.
    /// - Throws: ``FormDecodingError``.
    init(
        json: JSONValue, definition: FormDefinition?, unknownKeys: UnknownKeyPolicy = .reject, number: Int = 0
    ) throws(FormDecodingError) {
        let values: FormContext
        if let definition {
            values = try definition.decodeValues(from: json, unknownKeys: unknownKeys)
        } else {
            values = try Self.emptyDefinition.decodeValues(from: json, unknownKeys: .keepAsJSON)
        }
        do {
            try self.init(values, number: number, definition: definition)
        } catch {
            throw .typeMismatch(key: error.key, expected: "a value JSON can hold", found: error.description)
        }
    }

    /// The values as the JSON object ``json(pretty:maskingSecrets:includingRowIDs:)`` writes, without
    /// row ids, secret values as they are: to embed in a larger JSON document (an outbox record does).
    ///
    /// - Complexity: O(*n*) in the size of the values.
    public var jsonValues: JSONValue {
        arranged.rendered(maskingSecrets: false, includingRowIDs: false)
    }

    private static var emptyDefinition: FormDefinition {
        FormDefinition(fields: [], validators: [], groups: [], hiddenValues: .kept, positions: [:], identifier: "form", version: 1)
    }
}
