public import Foundation

/// A value computed over every row of a repeat group: the number of rows, the rows holding some
/// value, a sum. Give it to ``RepeatGroup/summary(_:_:)`` with the key to keep it under.
///
/// ```swift
/// members
///     .summary(FormKey<Int>("memberCount"), .count)
///     .summary(FormKey<Int>("adults"), .count(where: FormKey<Bool>("isAdult"), equals: true))
///     .summary(FormKey<Bool>("anyStudent"), .any(FormKey<String>("relationship"), equals: "student"))
///     .summary(FormKey<Decimal>("income"), .sum(FormKey<Decimal>("income")))
/// ```
///
/// A field hidden in a row counts as absent. Fields are named relative to the row.
public struct RowAggregate<Value: Hashable & Sendable>: Sendable {
    let statistic: RowStatistic
    let presentation: RowSummary.Presentation
}

extension RowAggregate where Value == Int {
    /// The number of rows.
    public static var count: RowAggregate<Int> {
        RowAggregate(statistic: .rows, presentation: .count)
    }

    /// The number of rows whose `field` holds `value`.
    public static func count<Field: Hashable & Sendable>(where field: FormKey<Field>, equals value: Field) -> RowAggregate<Int> {
        RowAggregate(statistic: .matching(field.name, StoredValue(value)), presentation: .count)
    }

    /// The number of rows whose `field` holds a value.
    public static func count<Field>(of field: FormKey<Field>) -> RowAggregate<Int> {
        RowAggregate(statistic: .present(field.name), presentation: .count)
    }

    /// The sum of `field` over the rows that hold it, computed exactly; no value when it does not
    /// fit an `Int`.
    public static func sum(_ field: FormKey<Int>) -> RowAggregate<Int> {
        RowAggregate(statistic: .sum(field.name, .int), presentation: .sum)
    }
}

extension RowAggregate where Value == Double {
    /// The sum of `field` over the rows that hold it, kept to twice `Double`'s precision as rows
    /// change and rounded once: adding a row and removing it again gives back the sum before.
    public static func sum(_ field: FormKey<Double>) -> RowAggregate<Double> {
        RowAggregate(statistic: .sum(field.name, .double), presentation: .sum)
    }
}

extension RowAggregate where Value == Decimal {
    /// The sum of `field` over the rows that hold it, in `Decimal` arithmetic.
    public static func sum(_ field: FormKey<Decimal>) -> RowAggregate<Decimal> {
        RowAggregate(statistic: .sum(field.name, .decimal), presentation: .sum)
    }
}

extension RowAggregate where Value == Bool {
    /// Whether any row's `field` holds `value`.
    public static func any<Field: Hashable & Sendable>(_ field: FormKey<Field>, equals value: Field) -> RowAggregate<Bool> {
        RowAggregate(statistic: .matching(field.name, StoredValue(value)), presentation: .any)
    }

    /// Whether every row's `field` holds `value` (`true` for no rows).
    public static func all<Field: Hashable & Sendable>(_ field: FormKey<Field>, equals value: Field) -> RowAggregate<Bool> {
        RowAggregate(statistic: .matching(field.name, StoredValue(value)), presentation: .all)
    }
}

/// A value kept over a group's rows under a key outside the group.
struct RowSummary: Sendable {
    /// How the statistic's result becomes the kept value.
    enum Presentation: Sendable {
        case count, sum, any, all
    }

    let key: String
    let statistic: RowStatistic
    let presentation: Presentation
}

/// What the form keeps up to date over a group's rows, from each row's one field.
enum RowStatistic: Sendable, Equatable {
    /// The kind of number a sum adds.
    enum SumKind: Sendable, Equatable {
        case int, double, decimal
    }

    /// The number of rows.
    case rows
    /// The rows whose field holds a value.
    case present(String)
    /// The rows whose field holds this value.
    case matching(String, StoredValue)
    /// The sum of the field's values.
    case sum(String, SumKind)
    /// The values the field holds in more than one row.
    case duplicates(String)

    /// The field the statistic reads in each row, if any.
    var field: String? {
        switch self {
        case .rows: nil
        case .present(let field), .matching(let field, _), .sum(let field, _), .duplicates(let field): field
        }
    }

    static func == (lhs: RowStatistic, rhs: RowStatistic) -> Bool {
        switch (lhs, rhs) {
        case (.rows, .rows): true
        case (.present(let a), .present(let b)), (.duplicates(let a), .duplicates(let b)): a == b
        case (.matching(let a, let x), .matching(let b, let y)): a == b && x.isSame(as: y)
        case (.sum(let a, let x), .sum(let b, let y)): a == b && x == y
        default: false
        }
    }
}
