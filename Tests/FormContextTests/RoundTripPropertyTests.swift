import Foundation
import Testing

@testable import FormContextCore

/// Random values of every stored type, extremes included, carried through each route a value takes
/// (control text, submission JSON, the bridge) and back: each comes back unchanged,
/// or is refused with an error naming its key.
///
/// The inputs depend only on the seed. A failure names its seed and sample; run one seed alone with
/// `FORMCONTEXT_SEED=<seed> swift test --filter RoundTripPropertyTests`.
@Suite("Round trips of random values")
struct RoundTripPropertyTests {
    /// The seeds every run checks, plus one from `FORMCONTEXT_SEED` if it is set.
    static let seeds: [UInt64] = {
        var seeds: [UInt64] = [1, 2, 3, 5, 8, 13, 42, 0x5EED, 20_240_501, 0xC0FF_EE00, 0xDEAD_BEEF, .max]
        if let extra = ProcessInfo.processInfo.environment["FORMCONTEXT_SEED"].flatMap(UInt64.init) { seeds.append(extra) }
        return seeds
    }()
    static let samplesPerSeed = 60

    /// The samples of one seed.
    static func samples(seed: UInt64, allowingNonFinite: Bool) -> [RoundTripSample] {
        var values = RandomValues(seed: seed)
        return (0..<samplesPerSeed).map { _ in RoundTripSample.random(&values, allowingNonFinite: allowingNonFinite) }
    }

    @Test("control text: format, then parse, gives the value back or a parse error naming the key", arguments: seeds)
    func controlText(seed: UInt64) throws {
        for (index, sample) in Self.samples(seed: seed, allowingNonFinite: true).enumerated() {
            let label = "seed \(seed) sample \(index): \(sample)"
            try expectControl("text", sample.text, format: .text, label: label)
            try expectControl("number", sample.number, format: .integer, label: label)
            try expectControl("ratio", sample.ratio, format: .number, label: label, same: sameDouble, isRefused: !sample.ratio.isFinite)
            try expectControl("amount", sample.amount, format: .decimal, label: label)
            try expectControl("flag", sample.flag, format: .bool, label: label)
            try expectControl("when", sample.when, format: .iso8601, label: label, same: sameDate,
                              isRefused: sample.when.timeIntervalSinceReferenceDate.isNaN)
            try expectControl("tier", sample.tier, format: .choice, label: label)
            try expectControl("level", sample.level, format: .choice, label: label)
            // A text field has no "no value": empty text is an empty string. So only a present nickname is carried.
            if let nickname = sample.nickname { try expectControl("nickname", nickname, format: .text, label: label) }
            try expectControl("score", sample.score, format: .integer, label: label)
            try expectControl("due", sample.due, format: .iso8601, label: label, same: sameDate)
        }
    }

    /// Types `format(value)` into a control connected to a form and checks what the form then holds.
    private func expectControl<Value: Hashable & Sendable>(
        _ key: String, _ value: Value?, format: FieldFormat<Value>, label: String,
        same: (Value, Value) -> Bool = { $0 == $1 }, isRefused: Bool = false
    ) throws {
        let form = FormContextObject()
        let control = FieldControl<Value>(key: key, format: format)
        try control.connect(to: form)
        control.text = format.format(value)
        if isRefused {
            #expect(control.parseError?.key == key, "\(key) was not refused; \(label)")
            #expect(form[key] == nil, "\(label)")
            return
        }
        #expect(control.parseError == nil, "\(key): \(control.parseError.map(String.init(describing:)) ?? ""); \(label)")
        let stored = form[key]?.base as? Value
        switch (value, stored) {
        case (nil, nil): break
        case (let value?, let stored?): #expect(same(value, stored), "\(key) came back as \(format.format(stored)); \(label)")
        default: Issue.record("\(key) came back as \(String(describing: stored.map(format.format))); \(label)")
        }
    }

    @Test("submission JSON: parsed back, it holds the same values, or the submission names the key it refuses", arguments: seeds)
    func submissionJSON(seed: UInt64) throws {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let text = try decoder.singleValueContainer().decode(String.self)
            guard let date = FieldFormat<Date>.iso8601.parse(text) ?? nil else {
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a date: \(text)"))
            }
            return date
        }
        for (index, sample) in Self.samples(seed: seed, allowingNonFinite: true).enumerated() {
            let label = "seed \(seed) sample \(index): \(sample)"
            let context = RoundTripSample.bridge.context(from: sample)
            // Keys are encoded in sorted order, so the first refused key in that order is the one named.
            let refusedKey = !sample.ratio.isFinite ? "ratio" : sample.when.timeIntervalSinceReferenceDate.isNaN ? "when" : nil
            do {
                let json = try FormSubmission(context).json(pretty: false)
                #expect(refusedKey == nil, "\(refusedKey ?? "") was not refused; \(label)")
                let decoded = try decoder.decode(RoundTripSample.self, from: Data(json.utf8))
                #expect(decoded.matches(sample), "came back as \(decoded)\nfrom \(json)\n\(label)")
            } catch let error as SubmissionError {
                #expect(error.key == refusedKey, "\(error); \(label)")
            }
        }
    }

    @Test("the bridge: model to context to model, through a live form, gives the same model", arguments: seeds)
    func bridge(seed: UInt64) throws {
        for (index, sample) in Self.samples(seed: seed, allowingNonFinite: true).enumerated() {
            let label = "seed \(seed) sample \(index): \(sample)"
            #expect(try RoundTripSample.bridge.roundTrip(sample).matches(sample), "\(label)")
            let form = FormContextObject(RoundTripSample.bridge.context(from: sample))
            let back = try RoundTripSample.bridge.model(from: form.context, startingFrom: sample)
            #expect(back.matches(sample), "\(label)")
            form.reset()
            #expect(!form.isDirty, "a form filled from the sample is clean after a reset; \(label)")
        }
    }
}

/// Whether two dates have the same interval, any NaN matching any NaN.
private func sameDate(_ lhs: Date, _ rhs: Date) -> Bool {
    sameDouble(lhs.timeIntervalSinceReferenceDate, rhs.timeIntervalSinceReferenceDate)
}
