public import Foundation

/// The values a form hands to its submit handler: immutable, `Sendable`, sorted by key, and
/// encodable to JSON.
///
/// It holds the values of the visible, enabled fields. Secret values are masked in ``description``
/// and ``debugDescription``; ``json(pretty:maskingSecrets:)`` carries them as they are, for the handler to send.
///
/// ```swift
/// let submission = try FormSubmission(["name": "Ada", "password": "hunter2"], secureKeys: ["password"])
/// print(submission)               // FormSubmission(name: "Ada", password: ••••••)
/// print(submission.json(pretty: false))   // {"name":"Ada","password":"hunter2"}
/// ```
public struct FormSubmission: Sendable, FormReader, CustomStringConvertible, CustomDebugStringConvertible {
    /// The submitted values; the secret keys are marked secret.
    public let values: FormContext
    /// The keys, sorted.
    public let keys: [String]
    /// Which submit of the form this is (1 for the first); 0 when built outside a form.
    public let number: Int

    let encoded: [JSONValue]

    /// Creates a submission from `values`.
    ///
    /// - Parameters:
    ///   - values: The values to submit; its secret keys stay secret.
    ///   - number: Which submit this is; 0 by default.
    /// - Throws: ``SubmissionError`` naming the first key, in key order, whose value cannot be encoded as JSON.
    /// - Complexity: O(*n* log *n*) for *n* values.
    public init(_ values: FormContext, number: Int = 0) throws(SubmissionError) {
        let keys = values.sortedKeys
        var encoded: [JSONValue] = []
        encoded.reserveCapacity(keys.count)
        for key in keys {
            encoded.append(try JSONValue(converting: values.storage[key]!.base, key: key))
        }
        self.values = values
        self.keys = keys
        self.number = number
        self.encoded = encoded
    }

    /// Creates a submission from a dictionary, with the keys in `secureKeys` secret.
    ///
    /// - Parameters:
    ///   - values: The values to submit.
    ///   - secureKeys: The keys whose values are secret.
    /// - Throws: ``SubmissionError`` naming the first key whose value cannot be encoded as JSON.
    public init(_ values: [String: any Hashable & Sendable], secureKeys: Set<String> = []) throws(SubmissionError) {
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
    /// - Parameters:
    ///   - pretty: Two-space indentation and one key per line (the default), or all on one line.
    ///   - maskingSecrets: Whether secret values are written as the string `"••••••"`, for output a
    ///     person reads; `false` by default, so the JSON a handler sends carries the real values.
    /// - Returns: The JSON text.
    /// - Complexity: O(*n*) in the size of the values.
    public func json(pretty: Bool = true, maskingSecrets: Bool = false) -> String {
        guard !keys.isEmpty else { return "{}" }
        var output = "{"
        let indent: String? = pretty ? "  " : nil
        for (position, key) in keys.enumerated() {
            if position > 0 { output += "," }
            if let indent { output += "\n" + indent }
            JSONValue.writeString(key, to: &output)
            output += pretty ? ": " : ":"
            if maskingSecrets && values.secureKeys.contains(key) {
                JSONValue.writeString(FormContext.secretMask, to: &output)
            } else {
                encoded[position].write(to: &output, indent: indent)
            }
        }
        output += pretty ? "\n}" : "}"
        return output
    }

    /// The JSON text of ``json(pretty:maskingSecrets:)`` as UTF-8 bytes.
    ///
    /// - Parameter pretty: Indented (the default) or compact.
    /// - Returns: The bytes.
    public func jsonData(pretty: Bool = true) -> Data {
        Data(json(pretty: pretty).utf8)
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
