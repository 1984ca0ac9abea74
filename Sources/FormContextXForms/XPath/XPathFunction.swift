/// The functions an expression may call: XPath 1.0's core library as ODK uses it, and the ODK
/// XForms specification's functions. A call to any other name is a syntax error.
enum XPathFunction: String, Sendable, CaseIterable {
    // Strings.
    case string, concat, join, substr, substring, substringBefore = "substring-before"
    case substringAfter = "substring-after", translate, stringLength = "string-length"
    case normalizeSpace = "normalize-space", contains, startsWith = "starts-with", endsWith = "ends-with"
    case uuid, pulldata, name, localName = "local-name", digest, base64Decode = "base64-decode"
    // Booleans.
    case `if`, coalesce, once, `true`, `false`, boolean, booleanFromString = "boolean-from-string", not
    case regex, checklist, weightedChecklist = "weighted-checklist"
    // Numbers.
    case number, random, int, sum, max, min, round, pow, log, log10, abs, sin, cos, tan, asin, acos, atan
    case atan2, sqrt, exp, exp10, pi, floor, ceiling
    // Node-sets.
    case count, countNonEmpty = "count-non-empty", position, last, instance, current, randomize
    // Dates and times.
    case today, now, formatDate = "format-date", formatDateTime = "format-date-time", date
    case decimalDateTime = "decimal-date-time", decimalTime = "decimal-time"
    // Selects.
    case selected, selectedAt = "selected-at", countSelected = "count-selected", choiceName = "jr:choice-name"
    // Texts.
    case itext = "jr:itext"
    // Repeats.
    case indexedRepeat = "indexed-repeat"
    // Geography.
    case area, distance

    /// The function a name as written calls, or `nil` for a name the library lacks. `date-time` is
    /// `date`'s other name, and the `jr:` prefix may be left off `choice-name`.
    init?(named name: String) {
        switch name {
        case "date-time": self = .date
        case "choice-name": self = .choiceName
        default: self.init(rawValue: name)
        }
    }

    /// How many arguments the function takes: at least `lowerBound`, at most `upperBound` (`nil`: no limit).
    var arity: (lowerBound: Int, upperBound: Int?) {
        switch self {
        case .true, .false, .random, .pi, .last, .current, .today, .now: (0, 0)
        case .string, .number, .normalizeSpace, .stringLength, .position, .name, .localName, .uuid: (0, 1)
        case .concat: (0, nil)
        case .digest: (2, 3)
        case .join, .max, .min: (1, nil)
        case .substr, .substring: (2, 3)
        case .substringBefore, .substringAfter, .contains, .startsWith, .endsWith, .coalesce, .regex, .pow, .atan2:
            (2, 2)
        case .selected, .selectedAt, .choiceName, .formatDate, .formatDateTime: (2, 2)
        case .translate, .if: (3, 3)
        case .pulldata: (4, 4)
        case .checklist, .weightedChecklist: (2, nil)
        case .round, .randomize: (1, 2)
        case .indexedRepeat: (3, 7)
        case .once, .boolean, .booleanFromString, .not, .int, .sum, .log, .log10, .abs, .sin, .cos, .tan, .asin,
            .acos, .atan, .sqrt, .exp, .exp10, .floor, .ceiling, .count, .countNonEmpty, .instance, .date,
            .decimalDateTime, .decimalTime, .countSelected, .area, .distance, .itext, .base64Decode:
            (1, 1)
        }
    }

    /// Whether `count` arguments fit, beyond the range: `indexed-repeat` takes pairs after its first
    /// argument, `weighted-checklist` pairs after its two bounds.
    func accepts(_ count: Int) -> Bool {
        let (lower, upper) = arity
        guard count >= lower, upper.map({ count <= $0 }) ?? true else { return false }
        switch self {
        case .indexedRepeat: return count % 2 == 1
        case .weightedChecklist: return count % 2 == 0
        default: return true
        }
    }

    /// How many arguments the function takes, in words, for an error message.
    var arityDescription: String {
        switch (self, arity.lowerBound, arity.upperBound) {
        case (.indexedRepeat, _, _): "3, 5 or 7 arguments"
        case (.weightedChecklist, _, _): "an even number of arguments, at least 2"
        case (_, let low, nil): "at least \(low) argument\(low == 1 ? "" : "s")"
        case (_, let low, let high?) where low == high: "\(low) argument\(low == 1 ? "" : "s")"
        case (_, let low, let high?): "\(low) to \(high) arguments"
        }
    }
}
