@testable import FormContextCore

/// The innermost row of the nested-array oracles (households → members → visits): a visit's row id
/// and its day, as the property tests of nested rows model it.
struct VisitRow: Equatable {
    var id: RowID
    var day: Int?
}
