/// Why a text is not valid JSON, and where: the line and column of the first offending character.
///
/// ```swift
/// do { _ = try JSONValue(parsing: Data(#"{"a": tru}"#.utf8)) } catch { print(error) }
/// // invalid JSON at line 1, column 7: expected a value, found 'tru}'
/// ```
public struct JSONParseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The line of the offending character, from 1.
    public let line: Int
    /// The column of the offending character in its line, from 1, counted in Unicode scalars.
    public let column: Int
    /// What the reader expected there, for example `a value` or `',' or '}'`.
    public let expected: String
    /// What it found there, cut to a few characters, or `end of input`.
    public let found: String

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - line: The line, from 1.
    ///   - column: The column, from 1.
    ///   - expected: What was expected.
    ///   - found: What was found.
    init(line: Int, column: Int, expected: String, found: String) {
        self.line = line
        self.column = column
        self.expected = expected
        self.found = found
    }

    /// `invalid JSON at line L, column C: expected …, found …`.
    public var description: String {
        "invalid JSON at line \(line), column \(column): expected \(expected), found \(found)"
    }

    /// The same error without the offending text, for JSON that may hold secret values.
    func hidingFound() -> JSONParseError {
        JSONParseError(line: line, column: column, expected: expected, found: "text not shown (the form has secret fields)")
    }
}
