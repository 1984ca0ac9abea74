import Foundation
import TestSupport

/// Random values of every type a form stores, extremes included, drawn from a seeded generator.
struct RandomValues {
    var generator: SplitMix64

    init(seed: UInt64) {
        generator = SplitMix64(seed: seed)
    }

    /// `true` once in `n` draws.
    mutating func oneIn(_ n: Int) -> Bool {
        Int.random(in: 0..<n, using: &generator) == 0
    }

    mutating func pick<T>(_ choices: [T]) -> T {
        choices[Int.random(in: 0..<choices.count, using: &generator)]
    }

    /// Unicode scalars from every corner that has broken text handling: controls (C0, DEL, C1),
    /// separators, bidirectional overrides, combining marks, CJK, emoji and their joiners, quotes.
    mutating func string() -> String {
        let pools: [ClosedRange<UInt32>] = [
            0x20...0x7E, 0x20...0x7E, 0x00...0x1F, 0x7F...0x9F, 0xA0...0xFF, 0x300...0x36F, 0x590...0x5FF,
            0x2028...0x202E, 0x2066...0x2069, 0x4E00...0x4E80, 0x1F600...0x1F64F, 0x200D...0x200D, 0xFE0F...0xFE0F,
        ]
        var text = String.UnicodeScalarView()
        for _ in 0..<Int.random(in: 0...12, using: &generator) {
            let pool = pick(pools)
            if let scalar = Unicode.Scalar(UInt32.random(in: pool, using: &generator)) { text.append(scalar) }
        }
        return String(text)
    }

    mutating func int() -> Int {
        if oneIn(3) { return pick([Int.min, Int.max, 0, -1, 1, Int.min + 1, Int.max - 1]) }
        return oneIn(2) ? Int.random(in: -1000...1000, using: &generator) : Int(bitPattern: UInt(generator.next()))
    }

    /// A finite `Double`: signed zeros, the largest and smallest magnitudes, subnormals, short decimals
    /// and arbitrary bit patterns.
    mutating func finiteDouble() -> Double {
        if oneIn(3) {
            return pick([
                0.0, -0.0, 1.0, -1.0, 0.1, Double.greatestFiniteMagnitude, -Double.greatestFiniteMagnitude,
                Double.leastNonzeroMagnitude, -Double.leastNonzeroMagnitude, Double.leastNormalMagnitude, 1e300, 1e-300,
                Double(Int64.max), 0.1 + 0.2,
            ])
        }
        if oneIn(2) { return Double(Int.random(in: -1_000_000...1_000_000, using: &generator)) / 1000 }
        while true {
            let value = Double(bitPattern: generator.next())
            if value.isFinite { return value }
        }
    }

    /// A `Decimal` of up to 38 significant digits, with the point anywhere from 30 places left to 30 right.
    mutating func decimal() -> Decimal {
        let count = oneIn(3) ? 38 : Int.random(in: 1...38, using: &generator)
        var digits = String(Int.random(in: 1...9, using: &generator))
        for _ in 1..<count { digits.append(String(Int.random(in: 0...9, using: &generator))) }
        let exponent = Int.random(in: -30...30, using: &generator)
        let sign: FloatingPointSign = oneIn(2) ? .minus : .plus
        return Decimal(sign: sign, exponent: exponent, significand: Decimal(string: digits) ?? 0)
    }

    /// A date in the years 0001 to 9999, with fractional seconds more often than not.
    mutating func date() -> Date {
        let whole = Double(Int.random(in: -63_113_904_000...252_423_993_599, using: &generator))
        switch Int.random(in: 0..<4, using: &generator) {
        case 0: return Date(timeIntervalSinceReferenceDate: whole)
        case 1:
            let places = Int.random(in: 1...6, using: &generator)
            let scale = pow(10, Double(places))
            return Date(timeIntervalSinceReferenceDate: whole + Double(Int.random(in: 0..<Int(scale), using: &generator)) / scale)
        case 2: return Date(timeIntervalSinceReferenceDate: whole + Double.random(in: 0..<1, using: &generator))
        default: return Date(timeIntervalSinceReferenceDate: pick([0, -0.25, 0.5, -1e-9, 1e-9, 736_248_600.5]))
        }
    }

    mutating func uuid() -> UUID {
        let (a, b) = (generator.next(), generator.next())
        return withUnsafeBytes(of: (a, b)) { bytes in
            UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                        bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
        }
    }

    mutating func optional<T>(_ make: (inout RandomValues) -> T) -> T? {
        oneIn(3) ? nil : make(&self)
    }
}
