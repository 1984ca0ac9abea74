import Foundation

extension FormSubmission {
    /// Reads a submission back from its own JSON, each value as its field's type, so a server can
    /// validate it with the definition the client used and answer with field errors.
    ///
    /// ```swift
    /// let submission = try FormSubmission(json: body, definition: signUp)
    /// let report = signUp.validate(submission.values)
    /// if !report.isValid {
    ///     let messages = Dictionary(grouping: report.errors) { $0.key ?? "" }.mapValues { $0.map(\.message) }
    ///     respond(422, messages)
    /// }
    /// ```
    ///
    /// With no definition every value is kept as a ``JSONValue``, written back unchanged. With one,
    /// each value is read as its field's type, and ``values`` are the typed values (to load into a
    /// form, say); `null` is an absent value, and the definition's secret fields are secret.
    ///
    /// A repeat group is read from an array of objects, one per row, each holding the row's fields
    /// keyed relative to the row (as a submission writes it): the group's key gets a ``RowOrder`` and
    /// each field its row's key (`members.r1.name`); its JSON is then the same, rows in the same
    /// order. Rows get the ids r1, r2, … in order, unless they carry their own as `"$row"`
    /// (``json(pretty:maskingSecrets:includingRowIDs:)`` with `includingRowIDs`); a row without one
    /// then gets the smallest number no row carries. Errors name a row by its position from 0:
    /// `cannot read 'members[2].age': expected Int, found "x"`. Keys inside a row that the group has
    /// no field for follow `unknownKeys` like any other; a row's key written flat (`members.r1.name`)
    /// is not a field of the JSON form and follows it too. A group's summary reads back as the
    /// summary's type when no field describes its key.
    ///
    /// ```swift
    /// let form = try FormDefinition([FieldDefinition(FormKey<Int>("age"))])
    /// let values = try FormSubmission(json: #"{"age": 42}"#, definition: form).values
    /// values[FormKey<Int>("age")]   // 42
    /// ```
    ///
    /// - Parameters:
    ///   - json: The JSON text, as ``json(pretty:maskingSecrets:includingRowIDs:)`` writes it.
    ///   - definition: The form's definition, or `nil` to keep every value as JSON.
    ///   - unknownKeys: What to do with keys the definition has no field for; refused by default.
    ///   - number: Which submit this is; 0 by default.
    /// - Throws: ``FormDecodingError`` for invalid JSON (with its line and column, and the offending text
    ///   unless the definition has secret fields), or naming the first key, in key order, that is unknown,
    ///   does not fit its field's type, or is given twice under keys that differ only in their Unicode
    ///   scalars (``FormDecodingError/repeatedKey(key:written:)``).
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
