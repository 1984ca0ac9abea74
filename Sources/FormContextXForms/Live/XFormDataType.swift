/// A node's data type as JavaRosa resolves a bind's `type`, and how its values are stored.
enum XFormDataType: Sendable, Equatable {
    case string, int, long, decimal, date, time, dateTime, boolean, select1, select
    case geopoint, geotrace, geoshape, barcode, binary
    /// A type JavaRosa does not know, kept by name (stored as text).
    case other(String)
    /// No type: a group, or a node without `type` (stored as text).
    case untyped

    /// Reads a bind's `type` attribute: the prefix is dropped (`xsd:int`), XML Schema's names are
    /// mapped as JavaRosa maps them (`integer` is `int`, `double` is `decimal`, ...).
    init(_ attribute: String?) {
        guard let attribute else {
            self = .untyped
            return
        }
        let name = attribute.split(separator: ":").last.map(String.init) ?? attribute
        switch name.lowercased() {
        case "string", "text", "normalizedstring", "token", "anyuri": self = .string
        case "int", "integer", "short", "byte", "nonnegativeinteger", "positiveinteger", "nonpositiveinteger", "negativeinteger":
            self = .int
        case "long": self = .long
        case "decimal", "double", "float": self = .decimal
        case "date": self = .date
        case "time": self = .time
        case "datetime": self = .dateTime
        case "boolean": self = .boolean
        case "select1", "choice": self = .select1
        case "select", "list", "choices": self = .select
        case "geopoint": self = .geopoint
        case "geotrace": self = .geotrace
        case "geoshape": self = .geoshape
        case "barcode": self = .barcode
        case "binary", "base64binary": self = .binary
        default: self = .other(name)
        }
    }

    /// The name JavaRosa gives the type; `nil` for an untyped node.
    var name: String? {
        switch self {
        case .string: "string"
        case .int: "int"
        case .long: "long"
        case .decimal: "decimal"
        case .date: "date"
        case .time: "time"
        case .dateTime: "dateTime"
        case .boolean: "boolean"
        case .select1: "select1"
        case .select: "select"
        case .geopoint: "geopoint"
        case .geotrace: "geotrace"
        case .geoshape: "geoshape"
        case .barcode: "barcode"
        case .binary: "binary"
        case .other(let name): name
        case .untyped: nil
        }
    }

    /// How an XPath expression converts a single node of this type.
    var xpathType: XPathDataType {
        switch self {
        case .int, .long, .decimal: .number
        case .boolean: .boolean
        case .date, .dateTime: .date
        default: .string
        }
    }

    /// Whether the engine stores the node's value as an `Int` (else as its XForm text).
    var storesInt: Bool { self == .int }
}
