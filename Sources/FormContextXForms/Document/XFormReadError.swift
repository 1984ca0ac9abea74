/// Why an XForm document (or one of its external instance files, or a record's instance XML)
/// could not be read.
///
/// The ``description`` names the file when it is not the form itself, the line and column, and what
/// was wrong, naming the element or attribute: `line 4, column 7: <bind> has no nodeset attribute`.
/// Names and values taken from the document are quoted with control characters escaped, so the
/// message is safe to print on a terminal.
public struct XFormReadError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The class of problem.
    public enum Kind: Sendable, Hashable {
        /// The input is larger than ``XFormReadOptions/maximumBytes``.
        case tooLarge
        /// The bytes are not valid UTF-8, or the document declares another encoding.
        case invalidEncoding
        /// The document has a DTD (internal subset or external identifier): refused, so that no
        /// entity is ever expanded or fetched.
        case refusedDTD
        /// Elements nest deeper than ``XFormReadOptions/maximumDepth``.
        case tooDeep
        /// The bytes are not well-formed XML.
        case malformedXML
        /// Well-formed XML that is not a readable XForm: a missing element or attribute, a
        /// duplicate id, an unbound namespace prefix.
        case invalidForm
        /// The form's file or an external instance's file does not exist, is not a regular file,
        /// or cannot be read.
        case unreadableFile
        /// An external secondary instance's `src` or contents cannot be read as an instance (an
        /// unsupported scheme or format, a malformed CSV file).
        case externalInstance
        /// A record's instance XML does not fit the form it is read with: another root, form id or
        /// version, an element the form does not have, or a repeat template.
        case recordMismatch
    }

    /// The class of problem.
    public var kind: Kind
    /// What was wrong, naming the element or attribute.
    public var message: String
    /// The 1-based line where the problem is, when known.
    public var line: Int?
    /// The 1-based column (in characters) where the problem is, when known.
    public var column: Int?
    /// The external instance file the problem is in; `nil` for the form itself.
    public var file: String?

    /// Creates an error.
    /// - Parameters:
    ///   - kind: The class of problem.
    ///   - message: What was wrong, naming the element or attribute.
    ///   - line: The 1-based line, when known.
    ///   - column: The 1-based column, when known.
    ///   - file: The external instance file, or `nil` for the form itself.
    public init(_ kind: Kind, _ message: String, line: Int? = nil, column: Int? = nil, file: String? = nil) {
        self.kind = kind
        self.message = message
        self.line = line
        self.column = column
        self.file = file
    }

    /// The file (when not the form), the position and the message, on one line.
    public var description: String {
        var place: [String] = []
        if let file { place.append(Quoted.name(file)) }
        if let line { place.append(column.map { "line \(line), column \($0)" } ?? "line \(line)") }
        return place.isEmpty ? message : place.joined(separator: ", ") + ": " + message
    }
}
