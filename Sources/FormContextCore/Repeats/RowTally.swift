import Foundation

/// One statistic of a group's rows, kept current from each row's contribution (its field's value,
/// absent when the field is hidden): every change costs the same however many rows there are.
struct RowTally: Sendable {
    let statistic: RowStatistic
    /// The rows counted: every row for `.rows`, rows holding a value or the matched value otherwise.
    private(set) var count = 0
    private var intSum: Int128 = 0
    /// A sum of `Double`s as an unevaluated pair: `high + low` carries twice `Double`'s precision.
    private var doubleHigh = 0.0
    private var doubleLow = 0.0
    /// Non-finite addends, counted apart so that adding and removing one leaves the sum as it was.
    private var positiveInfinities = 0
    private var negativeInfinities = 0
    private var notANumbers = 0
    private var decimalSum = Decimal(0)
    private var decimalNaNs = 0
    /// How many rows hold each value, and how many values more than one row holds.
    private var occurrences: [HashedValue: Int] = [:]
    private(set) var duplicated = 0

    /// What a reader sees of a statistic.
    struct Result: Hashable, Sendable {
        let count: Int
        let duplicated: Int
        let sum: HashedValue?
    }

    init(_ statistic: RowStatistic) {
        self.statistic = statistic
    }

    /// Counts one more row (for `.rows`).
    mutating func addRows(_ delta: Int) {
        count += delta
    }

    /// Takes in a row's contribution (`.absent` for none).
    mutating func add(_ value: StoredValue) {
        apply(value, sign: 1)
    }

    /// Takes out a row's contribution.
    mutating func remove(_ value: StoredValue) {
        apply(value, sign: -1)
    }

    private mutating func apply(_ value: StoredValue, sign: Int) {
        guard value.isPresent else { return }
        switch statistic {
        case .rows:
            break
        case .present:
            if !isBlankValue(value.box.base) { count += sign }
        case .matching(_, let wanted):
            if value.isSame(as: wanted) { count += sign }
        case .duplicates:
            guard !isBlankValue(value.box.base) else { return }
            let key = HashedValue(value)
            let before = occurrences[key, default: 0]
            let after = before + sign
            occurrences[key] = after == 0 ? nil : after
            if before < 2 && after >= 2 { duplicated += 1 }
            if before >= 2 && after < 2 { duplicated -= 1 }
        case .sum(_, let kind):
            addToSum(value.box.base, kind: kind, sign: sign)
        }
    }

    private mutating func addToSum(_ base: Any, kind: RowStatistic.SumKind, sign: Int) {
        switch kind {
        case .int:
            guard let number = base as? Int else { return }
            count += sign
            intSum += sign > 0 ? Int128(number) : -Int128(number)
        case .double:
            guard let number = base as? Double else { return }
            count += sign
            if number.isNaN { notANumbers += sign } else if number == .infinity { positiveInfinities += sign } else if number == -.infinity {
                negativeInfinities += sign
            } else {
                addDouble(sign > 0 ? number : -number)
            }
        case .decimal:
            guard let number = base as? Decimal else { return }
            count += sign
            if number.isNaN { decimalNaNs += sign } else { decimalSum += sign > 0 ? number : -number }
        }
    }

    /// Adds `number` to the pair `doubleHigh + doubleLow` without losing what does not fit `doubleHigh`.
    private mutating func addDouble(_ number: Double) {
        let sum = doubleHigh + number
        let virtual = sum - doubleHigh
        let error = (doubleHigh - (sum - virtual)) + (number - virtual) + doubleLow
        doubleHigh = sum + error
        doubleLow = error - (doubleHigh - sum)
    }

    /// The sum as the summary keeps it: 0 for no rows; no value for an `Int` sum that does not fit
    /// `Int` or a `Decimal` sum of a `NaN`.
    var sum: StoredValue {
        guard case .sum(_, let kind) = statistic else { return .absent }
        switch kind {
        case .int:
            return Int(exactly: intSum).map { StoredValue($0) } ?? .absent
        case .double:
            if notANumbers > 0 || (positiveInfinities > 0 && negativeInfinities > 0) { return StoredValue(Double.nan) }
            if positiveInfinities > 0 { return StoredValue(Double.infinity) }
            if negativeInfinities > 0 { return StoredValue(-Double.infinity) }
            // `+ 0.0` turns a sum of -0.0 into 0.0, as a left-to-right sum starting from 0 gives.
            return StoredValue(doubleHigh + doubleLow + 0.0)
        case .decimal:
            return decimalNaNs > 0 ? .absent : StoredValue(decimalSum)
        }
    }

    /// What a reader sees.
    var result: Result {
        Result(count: count, duplicated: duplicated, sum: sum.isPresent ? HashedValue(sum) : nil)
    }
}

/// A stored value usable as a dictionary key: equal when the same value of the same type.
struct HashedValue: Hashable, @unchecked Sendable {
    // `@unchecked Sendable` is sound: the stored value came through the store's door.
    let stored: StoredValue

    init(_ stored: StoredValue) {
        self.stored = stored
    }

    static func == (lhs: HashedValue, rhs: HashedValue) -> Bool {
        lhs.stored.isSame(as: rhs.stored)
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(stored.digest)
    }
}
