extension XPathExpression {
    /// The type the expression's value always has, when its form decides it: a comparison or a
    /// boolean function gives a boolean, arithmetic or a numeric function a number; `nil` when it
    /// depends on the data (a path, a string function, `if` with branches of different types).
    ///
    /// JavaRosa keeps a calculation's result with its type even in a text node (a boolean stored
    /// as `1`/`0` still reads back as a boolean), so the live tree reads such a node by this type.
    var resultType: XPathDataType? { Self.resultType(of: ast) }

    private static func resultType(of ast: XPathAST) -> XPathDataType? {
        switch ast {
        case .number, .negate: return .number
        case .binary(let op, _, _):
            switch op {
            case .or, .and, .equal, .notEqual, .less, .lessOrEqual, .greater, .greaterOrEqual: return .boolean
            case .plus, .minus, .times, .div, .mod: return .number
            case .union: return nil
            }
        case .call(let function, let arguments):
            switch function {
            case .true, .false, .boolean, .booleanFromString, .not, .regex, .checklist, .weightedChecklist, .contains, .startsWith,
                .endsWith, .selected:
                return .boolean
            case .number, .random, .int, .sum, .max, .min, .round, .pow, .log, .log10, .abs, .sin, .cos, .tan, .asin, .acos, .atan,
                .atan2, .sqrt, .exp, .exp10, .pi, .floor, .ceiling, .count, .countNonEmpty, .position, .last, .stringLength,
                .decimalDateTime, .decimalTime, .countSelected, .area, .distance:
                return .number
            case .if:
                let (a, b) = (resultType(of: arguments[1]), resultType(of: arguments[2]))
                return a == b ? a : nil
            default: return nil
            }
        default: return nil
        }
    }
}
