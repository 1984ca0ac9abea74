import Foundation

/// The number, node-set, date and geographic functions.
extension XPathEvaluator {
    func applyNumeric(_ function: XPathFunction, _ values: [Value], _ context: Context) throws(Failure) -> Value {
        func num(_ i: Int) -> Double { number(values[i]) }
        func unary(_ f: (Double) -> Double) -> Value { .number(f(num(0))) }
        switch function {
        case .number: return .number(values.isEmpty ? number(.nodes([context.node])) : num(0))
        case .random: return .number(environment.random())
        case .int: return unary { $0.isFinite ? $0.rounded(.towardZero) : $0 }
        case .sum:
            // Blank and non-numeric values are skipped, as JavaRosa does.
            return .number(try nodes(values[0], of: "sum").map { number(conversions.typed($0)) }.filter { !$0.isNaN }.reduce(0, +))
        case .max, .min:
            var numbers: [Double] = []
            for value in values {
                if case .nodes(let nodes) = value {
                    numbers += nodes.map { number(conversions.typed($0)) }
                } else {
                    numbers.append(number(value))
                }
            }
            let present = numbers.filter { !$0.isNaN }
            guard !present.isEmpty else { return .number(.nan) }
            return .number(function == .max ? present.max()! : present.min()!)
        case .round:
            guard values.count == 2 else { return unary { $0.isFinite ? ($0 + 0.5).rounded(.down) : $0 } }
            return .number(Self.round(num(0), digits: num(1)))
        case .pow: return .number(Foundation.pow(num(0), num(1)))
        case .log: return unary(Foundation.log)
        case .log10: return unary(Foundation.log10)
        case .abs: return unary(Swift.abs)
        case .sin: return unary(Foundation.sin)
        case .cos: return unary(Foundation.cos)
        case .tan: return unary(Foundation.tan)
        case .asin: return unary(Foundation.asin)
        case .acos: return unary(Foundation.acos)
        case .atan: return unary(Foundation.atan)
        case .atan2: return .number(Foundation.atan2(num(0), num(1)))
        case .sqrt: return unary(Foundation.sqrt)
        case .exp: return unary(Foundation.exp)
        case .exp10: return unary { Foundation.pow(10, $0) }
        case .pi: return .number(Double.pi)
        case .floor: return unary { $0.rounded(.down) }
        case .ceiling: return unary { $0.rounded(.up) }
        // Node-sets.
        case .count: return .number(Double(try nodes(values[0], of: "count").count))
        case .countNonEmpty:
            return .number(Double(try nodes(values[0], of: "count-non-empty").filter { !tree.value(of: $0).isEmpty }.count))
        case .position:
            guard let first = values.first else {
                return .number(Double(context.inPredicate ? context.position : tree.position(of: context.node)))
            }
            guard let node = try nodes(first, of: "position").first else { return .number(.nan) }
            return .number(Double(tree.position(of: node)))
        case .last: return .number(Double(context.inPredicate ? context.size : 1))
        case .instance:
            let id = string(values[0])
            guard let document = tree.document(id) else { throw Failure("instance(): no instance named '\(id)'") }
            return .nodes([document])
        case .current: return .nodes(tree.isRelevant(current) ? [current] : [])
        case .randomize:
            var shuffled = try nodes(values[0], of: "randomize")
            if values.count > 1 {
                let next = XPathParkMiller(seed: num(1))
                Self.shuffle(&shuffled, next: next.next)
            } else {
                Self.shuffle(&shuffled, next: environment.random)
            }
            return .nodes(shuffled)
        // Dates.
        case .today:
            let zone = environment.timeZone
            return .date(XPathDates.date(fromDays: XPathDates.days(environment.now(), in: zone), in: zone) ?? environment.now())
        case .now: return .date(environment.now())
        case .date: return .date(try date(values[0], for: "date"))
        case .formatDate, .formatDateTime:
            let value = values[0]
            if case .string(let s) = value, s.isEmpty { return .string("") }
            if case .nodes = value, string(value).isEmpty { return .string("") }
            return .string(XPathDates.format(try date(value, for: function.rawValue), string(values[1]), in: environment.timeZone))
        case .decimalDateTime: return .number(XPathDates.decimalDays(try date(values[0], for: "decimal-date-time")))
        case .decimalTime:
            let text = string(values[0])
            guard let time = XPathDates.parseTime(Substring(text.trimmingXPathSpace())) else {
                throw Failure("decimal-time(): '\(text)' is no time")
            }
            let utc = Double(time.hour * 3600 + time.minute * 60 + time.second) + time.fraction - Double(time.offset ?? 0)
            let local = utc + Double(environment.timeZone.secondsFromGMT(for: environment.now()))
            let day = XPathDates.secondsPerDay
            return .number((local.truncatingRemainder(dividingBy: day) + day).truncatingRemainder(dividingBy: day) / day)
        // Geography.
        case .area, .distance:
            let points = try geoPoints(values[0], for: function.rawValue)
            return .number(function == .area ? XPathGeo.area(points) : XPathGeo.distance(points))
        default:
            throw Failure("\(function.rawValue)() is not evaluated here")
        }
    }

    /// A node-set argument's nodes.
    func nodes(_ value: Value, of function: String) throws(Failure) -> [Node] {
        guard case .nodes(let nodes) = value else {
            throw Failure("\(function)() needs a node-set, found \(Self.describe(value))")
        }
        return nodes
    }

    /// A value as a date: a date, a number of days, or date/dateTime text.
    func date(_ value: Value, for function: String) throws(Failure) -> Date {
        var value = value
        if case .nodes(let nodes) = value { value = nodes.first.map { conversions.typed($0) } ?? .string("") }
        switch value {
        case .date(let d): return d
        case .number(let n):
            guard let d = XPathDates.date(fromDays: n, in: environment.timeZone) else {
                throw Failure("\(function)(): \(XPathNumber.string(n)) is no date")
            }
            return d
        default:
            let text = string(value)
            guard let d = XPathDates.parse(text, in: environment.timeZone) else {
                throw Failure("\(function)(): '\(text)' is no date")
            }
            return d
        }
    }

    /// `round(x, digits)`: half away from zero at the decimal digit, on the number's shortest decimal
    /// text (so 1.005 rounds to 1.01), as JavaRosa's `BigDecimal` rounding does.
    static func round(_ x: Double, digits: Double) -> Double {
        guard x.isFinite, digits.isFinite else { return x.isFinite ? .nan : x }
        guard let decimal = Decimal(string: "\(x)") else { return x }
        var input = decimal
        var output = Decimal()
        NSDecimalRound(&output, &input, Int(digits), .plain)
        return Double("\(output)") ?? x
    }

    /// The "inside-out" Fisher–Yates shuffle ODK specifies for `randomize`.
    static func shuffle(_ nodes: inout [Node], next: () -> Double) {
        var out: [Node] = []
        for (i, node) in nodes.enumerated() {
            let j = Int((next() * Double(i + 1)).rounded(.down))
            if j == i {
                out.append(node)
            } else {
                out.append(out[j])
                out[j] = node
            }
        }
        nodes = out
    }

    /// Geopoints from a node-set of geopoint values or from one geotrace/geoshape text.
    func geoPoints(_ value: Value, for function: String) throws(Failure) -> [(latitude: Double, longitude: Double)] {
        let texts: [String]
        if case .nodes(let nodes) = value, nodes.count > 1 {
            texts = nodes.map(tree.value(of:))
        } else {
            texts = string(value).split(separator: ";").map(String.init)
        }
        var points: [(latitude: Double, longitude: Double)] = []
        for text in texts {
            let fields = text.split(separator: " ").compactMap { Double($0) }
            guard fields.count >= 2 else {
                if text.trimmingXPathSpace().isEmpty { continue }
                throw Failure("\(function)(): '\(text)' is no geopoint")
            }
            points.append((fields[0], fields[1]))
        }
        return points
    }
}

/// A Park–Miller generator seeded as ODK seeds `randomize(nodes, seed)`.
final class XPathParkMiller {
    private var state: Int64

    init(seed: Double) {
        var state = Int64(seed.isFinite && abs(seed) < 9e18 ? seed.rounded(.towardZero) : 0) % 2_147_483_647
        if state <= 0 { state += 2_147_483_646 }
        self.state = state
    }

    func next() -> Double {
        state = state * 16_807 % 2_147_483_647
        return Double(state - 1) / 2_147_483_646
    }
}
