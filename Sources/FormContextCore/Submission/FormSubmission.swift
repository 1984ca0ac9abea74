import Foundation

/// The values a form hands to its submit handler: immutable, `Sendable`, sorted by key, and
/// encodable to JSON.
///
/// It holds the values of the visible, enabled fields. Secret values are masked in ``description``
/// and ``debugDescription``; ``json(pretty:maskingSecrets:includingRowIDs:)`` carries them as they are, for the handler to send.
///
/// ```swift
/// var values: FormContext = ["name": "Ada", "password": "hunter2"]
/// values.secureKeys = ["password"]
/// let submission = try FormSubmission(values)
/// print(submission)                       // FormSubmission(name: "Ada", password: ••••••)
/// print(submission.json(pretty: false))   // {"name":"Ada","password":"hunter2"}
/// ```
public struct FormSubmission: Sendable, FormReader, CustomStringConvertible, CustomDebugStringConvertible {
    /// The submitted values; the secret keys are marked secret.
    public let values: FormContext
    /// The keys, sorted.
    public let keys: [String]
    /// Which submit of the form this is (1 for the first); 0 when built outside a form.
    public let number: Int

    /// The values arranged as the JSON object: each encoded, each repeat group gathered into rows.
    let arranged: SubmittedJSON

    /// Creates a submission from `values`.
    ///
    /// A key holding a ``RowOrder`` is a repeat group: in the JSON it is an array of its rows, and
    /// its rows' keys (`members.r3.name`) are not members of their own (see
    /// ``json(pretty:maskingSecrets:includingRowIDs:)``).
    ///
    /// - Parameters:
    ///   - values: The values to submit; its secret keys stay secret.
    ///   - number: Which submit this is; 0 by default.
    ///   - definition: The form's definition, if there is one: the keys of rows of its repeat groups,
    ///     and of the groups inside their rows at every depth, are then left out of the JSON when
    ///     their group is not submitted (hidden or disabled) or their row is not in the group's order.
    /// - Throws: ``SubmissionError`` naming the first key, in key order, whose value cannot be encoded
    ///   as JSON; a field of a row is named by its group and the row's position, from 0:
    ///   `members[2].ratio`.
    /// - Complexity: O(*n* log *n*) for *n* values.
    public init(_ values: FormContext, number: Int = 0, definition: FormDefinition? = nil) throws(SubmissionError) {
        let keys = values.sortedKeys
        arranged = try SubmittedJSON(values, sortedKeys: keys, declaredGroups: definition?.repeatGroups ?? [])
        self.values = values
        self.keys = keys
        self.number = number
    }

    /// Creates a submission from a dictionary, with the keys in `secureKeys` secret.
    ///
    /// - Parameters:
    ///   - values: The values to submit.
    ///   - secureKeys: The keys whose values are secret.
    /// - Throws: ``SubmissionError`` naming the first key whose value cannot be encoded as JSON.
    init(_ values: [String: any Hashable & Sendable], secureKeys: Set<String> = []) throws(SubmissionError) {
        var context = FormContext(values)
        context.secureKeys = secureKeys
        try self.init(context)
    }

    /// The submitted value under `key`, or `nil`.
    public subscript(key: String) -> AnyHashable? {
        values[key]
    }

    /// The values as a JSON object with sorted keys; secret values as they are.
    ///
    /// Text, Booleans and numbers are written as JSON has them; `Decimal` as its exact digits;
    /// `Date` as ISO 8601 in UTC (`2024-05-01T12:00:00Z`, with fractional seconds when the date has
    /// them); `UUID` as its uppercase
    /// string; `URL` as its absolute string; an enumeration as its raw value; arrays element by element.
    ///
    /// A repeat group (a key holding a ``RowOrder``) is an array of objects, one per row in the
    /// group's order, each holding the row's fields keyed relative to the row:
    /// `{"members": [{"age": 36, "name": "Ada"}]}`. The row keys themselves (`members.r1.name`) and
    /// the order as such never appear. Row ids are left out unless `includingRowIDs` is `true`; then
    /// each row's object carries its id as the member `"$row"` (`{"$row": "r3", "name": "Ada"}`), a
    /// name no field of a row should have.
    ///
    /// - Parameters:
    ///   - pretty: Two-space indentation and one key per line (the default), or all on one line.
    ///   - maskingSecrets: Whether secret values (rows' fields too) are written as the string
    ///     `"••••••"`, for output a person reads; `false` by default, so the JSON a handler sends
    ///     carries the real values.
    ///   - includingRowIDs: Whether each row's object carries its row id as `"$row"`; `false` by default.
    /// - Returns: The JSON text.
    /// - Complexity: O(*n*) in the size of the values.
    public func json(pretty: Bool = true, maskingSecrets: Bool = false, includingRowIDs: Bool = false) -> String {
        let members = arranged.members
        guard !members.isEmpty else { return "{}" }
        var output = "{"
        let indent: String? = pretty ? "  " : nil
        for (position, member) in members.enumerated() {
            if position > 0 { output += "," }
            if let indent { output += "\n" + indent }
            JSONValue.writeString(member.key, to: &output)
            output += pretty ? ": " : ":"
            SubmittedJSON.rendered(member.node, maskingSecrets: maskingSecrets, includingRowIDs: includingRowIDs)
                .write(to: &output, indent: indent)
        }
        output += pretty ? "\n}" : "}"
        return output
    }

    /// The JSON text of ``json(pretty:maskingSecrets:includingRowIDs:)`` as UTF-8 bytes.
    ///
    /// - Parameters:
    ///   - pretty: Indented (the default) or compact.
    ///   - includingRowIDs: Whether each row of a repeat group carries its id as `"$row"`; `false` by default.
    /// - Returns: The bytes.
    func jsonData(pretty: Bool = true, includingRowIDs: Bool = false) -> Data {
        Data(json(pretty: pretty, includingRowIDs: includingRowIDs).utf8)
    }

    /// `FormSubmission(key: value, …)` sorted by key, secret values masked.
    public var description: String {
        let entries = keys.map { "\($0): \(values.displayValue(for: $0, revealingSecrets: false, quoted: true))" }
        return "FormSubmission(" + entries.joined(separator: ", ") + ")"
    }

    /// The description with the submit number; secret values stay masked.
    public var debugDescription: String {
        "FormSubmission #\(number) \(values.description)"
    }
}
