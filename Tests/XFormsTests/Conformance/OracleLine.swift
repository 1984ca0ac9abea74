import Foundation

/// One line the oracle prints (`NAME.expected` holds JavaRosa's; the runner prints ours the same
/// way): a dump of every instance node, an answer's result, a select's choices, a validation's
/// outcome, the submission XML, a timing, or the error that stopped the script.
enum OracleLine: Equatable {
    case dump([OracleNode])
    case answer(path: String, result: OracleAnswerResult)
    case choices(path: String, items: [OracleChoice])
    case validate(OracleValidation)
    case submission(String)
    case time(path: String, changes: Int, nanosecondsPerChange: Int)
    /// The script stopped: the form did not load (`line` is `nil`), or the action on `line` failed.
    case error(message: String, line: Int?)

    /// The line as the oracle writes it: one JSON object, keys in the oracle's order, strings escaped
    /// as its writer escapes them.
    var json: String {
        switch self {
        case .dump(let nodes):
            return "{\"dump\":[" + nodes.map(\.json).joined(separator: ",") + "]}"
        case .answer(let path, let result):
            return "{\"answer\":\(Self.json(path)),\"result\":\(Self.json(result.rawValue))}"
        case .choices(let path, let items):
            let list = items.map { "{\"value\":\(Self.json($0.value)),\"label\":\(Self.json($0.label))}" }
            return "{\"choices\":\(Self.json(path)),\"items\":[" + list.joined(separator: ",") + "]}"
        case .validate(.ok):
            return "{\"validate\":\"ok\"}"
        case .validate(.failed(let kind, let path)):
            return "{\"validate\":\(Self.json(kind.rawValue)),\"path\":\(Self.json(path))}"
        case .submission(let xml):
            return "{\"submission\":\(Self.json(xml))}"
        case .time(let path, let changes, let nanoseconds):
            return "{\"time\":\(Self.json(path)),\"changes\":\(changes),\"ns_per_change\":\(nanoseconds)}"
        case .error(let message, let line):
            return "{\"error\":\(Self.json(message)),\"line\":\(line.map(String.init) ?? "null")}"
        }
    }

    /// What kind of line it is, for messages: `dump`, `answer`, ...
    var kind: String {
        switch self {
        case .dump: "dump"
        case .answer: "answer"
        case .choices: "choices"
        case .validate: "validate"
        case .submission: "submission"
        case .time: "time"
        case .error: "error"
        }
    }

    /// A string as the oracle's JSON writer writes it: `"` and `\` escaped, newline, return and tab
    /// as `\n`, `\r`, `\t`, other controls below U+0020 as `\u00XX`, everything else as is.
    static func json(_ text: String?) -> String {
        guard let text else { return "null" }
        var out = "\""
        for unit in text.unicodeScalars {
            switch unit {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where unit.value < 0x20:
                let hex = String(unit.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(unit)
            }
        }
        return out + "\""
    }
}

/// One node of a dump line.
struct OracleNode: Equatable {
    /// `/data/members[2]/age`: `[n]` on repeat instances and on elements with same-named siblings.
    var path: String
    /// The bind type as JavaRosa names it (`int`, `select1`, ...), `nil` for groups and untyped nodes.
    var type: String?
    /// The value as submitted, `nil` when blank or a group.
    var value: String?
    var relevant: Bool
    var required: Bool
    var readonly: Bool
    /// `nil` without a constraint; otherwise the verdict for the current value.
    var constraint: Bool?

    /// The fields in the oracle's order, by name, rendered as JSON values.
    var fields: [(name: String, json: String)] {
        [
            ("path", OracleLine.json(path)), ("type", OracleLine.json(type)), ("value", OracleLine.json(value)),
            ("relevant", String(relevant)), ("required", String(required)), ("readonly", String(readonly)),
            ("constraint", constraint.map(String.init) ?? "null"),
        ]
    }

    var json: String { "{" + fields.map { "\"\($0.name)\":\($0.json)" }.joined(separator: ",") + "}" }
}

/// The result of `answer`.
enum OracleAnswerResult: String, Equatable {
    case ok, constraint, required
}

/// A choice a select offers.
struct OracleChoice: Equatable {
    var value: String
    /// The label in the default language; `nil` when the choice has none.
    var label: String?
}

/// The outcome of `validate`: the first relevant question that fails, in form order.
enum OracleValidation: Equatable {
    case ok
    case failed(Failure, path: String)

    enum Failure: String, Equatable {
        case required, constraint
    }
}
