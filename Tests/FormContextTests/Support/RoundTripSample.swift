import FormContext
import Foundation

/// A plan with a `String` raw value that differs from its case name for one case.
enum SampleTier: String, CaseIterable, Hashable, Sendable, Codable {
    case free, pro, team = "Team Plan"
}

/// A level with an `Int` raw value, stored as itself by the bridge.
enum SampleLevel: Int, CaseIterable, Hashable, Sendable, Codable {
    case low = 1, high = 99
}

/// One value of every type the package stores, for the round-trip property test.
struct RoundTripSample: Codable, Sendable, CustomStringConvertible {
    var text: String
    var number: Int
    var ratio: Double
    var amount: Decimal
    var flag: Bool
    var when: Date
    var id: UUID
    var tier: SampleTier
    var level: SampleLevel
    var nickname: String?
    var score: Int?
    var due: Date?
    var tags: [String]

    /// A random sample; with `allowingNonFinite`, `ratio` is sometimes NaN or infinite and `when`
    /// sometimes a date whose interval is NaN.
    static func random(_ values: inout RandomValues, allowingNonFinite: Bool) -> RoundTripSample {
        var ratio = values.finiteDouble()
        var when = values.date()
        if allowingNonFinite && values.oneIn(8) { ratio = values.pick([.nan, .infinity, -.infinity, -Double(nan: 5, signaling: false)]) }
        if allowingNonFinite && values.oneIn(8) { when = Date(timeIntervalSinceReferenceDate: .nan) }
        return RoundTripSample(
            text: values.string(), number: values.int(), ratio: ratio, amount: values.decimal(), flag: values.oneIn(2),
            when: when, id: values.uuid(), tier: values.pick(SampleTier.allCases), level: values.pick(SampleLevel.allCases),
            nickname: values.optional { $0.string() }, score: values.optional { $0.int() }, due: values.optional { $0.date() },
            tags: (0..<Int.random(in: 0...3, using: &values.generator)).map { _ in values.string() })
    }

    /// Whether `other` holds the same values: doubles bit for bit except that any NaN matches any NaN
    /// (the package's NaN identity), dates by their exact interval, the same way.
    func matches(_ other: RoundTripSample) -> Bool {
        text == other.text && number == other.number && sameDouble(ratio, other.ratio) && amount == other.amount
            && flag == other.flag && sameDouble(when.timeIntervalSinceReferenceDate, other.when.timeIntervalSinceReferenceDate)
            && id == other.id && tier == other.tier && level == other.level && nickname == other.nickname && score == other.score
            && due?.timeIntervalSinceReferenceDate == other.due?.timeIntervalSinceReferenceDate && tags == other.tags
    }

    /// Shows the sample with every string escaped and dates as intervals (Foundation's own
    /// description of a date traps when its interval is NaN).
    var description: String {
        "RoundTripSample(text: \(String(reflecting: text)), number: \(number), ratio: \(ratio), amount: \(amount), "
            + "flag: \(flag), when: \(when.timeIntervalSinceReferenceDate), id: \(id), tier: \(tier), level: \(level), "
            + "nickname: \(nickname.map { String(reflecting: $0) } ?? "nil"), score: \(score.map(String.init) ?? "nil"), "
            + "due: \(due.map { "\($0.timeIntervalSinceReferenceDate)" } ?? "nil"), tags: \(tags.map { String(reflecting: $0) }))"
    }

    static let bridge = FormBridge<RoundTripSample> { bridge in
        bridge.bind(FormKey<String>("text"), to: \.text)
        bridge.bind(FormKey<Int>("number"), to: \.number)
        bridge.bind(FormKey<Double>("ratio"), to: \.ratio)
        bridge.bind(FormKey<Decimal>("amount"), to: \.amount)
        bridge.bind(FormKey<Bool>("flag"), to: \.flag)
        bridge.bind(FormKey<Date>("when"), to: \.when)
        bridge.bind(FormKey<UUID>("id"), to: \.id)
        bridge.bind(FormKey<String>("tier"), toRawValueOf: \.tier)
        bridge.bind(FormKey<SampleLevel>("level"), to: \.level)
        bridge.bind(FormKey<String>("nickname"), to: \.nickname)
        bridge.bind(FormKey<Int>("score"), to: \.score)
        bridge.bind(FormKey<Date>("due"), to: \.due)
        bridge.bind(FormKey<[String]>("tags"), to: \.tags)
    }
}

/// Whether two doubles are the same value: bit for bit, or both NaN.
func sameDouble(_ lhs: Double, _ rhs: Double) -> Bool {
    lhs.bitPattern == rhs.bitPattern || (lhs.isNaN && rhs.isNaN)
}
