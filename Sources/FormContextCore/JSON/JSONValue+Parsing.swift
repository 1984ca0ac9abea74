public import Foundation

extension JSONValue {
    /// The deepest nesting of arrays and objects the reader accepts, so hostile input cannot exhaust the stack.
    static let maximumDepth = 512

    /// Reads one JSON value from `text`, strictly (RFC 8259): no comments, no trailing commas, no
    /// leading zeros, no key twice in an object (keys compared by their Unicode scalars, so
    /// `"caf\u00e9"` and `"cafe\u0301"` are two keys), nothing but white space after the value.
    ///
    /// Numbers keep their exact text.
    ///
    /// - Parameter text: The JSON text.
    /// - Throws: ``JSONParseError`` with the line and column of the first offending character.
    /// - Complexity: O(*n*) in the length of `text`.
    init(parsing text: String) throws(JSONParseError) {
        var parser = JSONParser(Array(text.utf8))
        self = try parser.parseDocument()
    }

    /// Reads one JSON value from the UTF-8 bytes of a JSON text, strictly (RFC 8259): no comments, no
    /// trailing commas, no leading zeros, no key twice in an object (keys compared by their Unicode
    /// scalars, so `"caf\u00e9"` and `"cafe\u0301"` are two keys), nothing but white space after the
    /// value. Numbers keep their exact text; ``description`` writes the value back as compact JSON.
    ///
    /// ```swift
    /// let value = try JSONValue(parsing: Data(#"{"age": 42}"#.utf8))
    /// ```
    ///
    /// - Parameter data: The UTF-8 bytes of the JSON text.
    /// - Throws: ``JSONParseError`` with the line and column of the first offending character.
    /// - Complexity: O(*n*) in the number of bytes.
    public init(parsing data: Data) throws(JSONParseError) {
        var parser = JSONParser(Array(data))
        self = try parser.parseDocument()
    }

    /// The compact JSON text of the value, keys sorted.
    var text: String {
        var output = ""
        write(to: &output, indent: nil)
        return output
    }

    /// The compact JSON text cut to `limit` characters (with `…` where it was cut), for error messages.
    ///
    /// - Parameter limit: The longest text to return, before the ellipsis.
    /// - Returns: The text.
    func excerpt(limit: Int = 40) -> String {
        let full = text
        guard full.count > limit else { return full }
        return String(full.prefix(limit)) + "…"
    }

    /// What kind of JSON value this is, for messages: `a string`, `a number`, `an object` …
    var kind: String {
        switch self {
        case .string: "a string"
        case .number: "a number"
        case .bool: "a Boolean"
        case .array: "an array"
        case .object: "an object"
        case .null: "null"
        }
    }
}

extension JSONValue: CustomStringConvertible {
    /// The compact JSON text, keys sorted.
    public var description: String { text }
}
