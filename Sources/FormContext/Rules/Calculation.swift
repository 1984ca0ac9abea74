/// How a calculated field computes its value: the closure it was given, kept as it was written for
/// the commonest value types, so that a run calls it directly and boxes its result for its type.
///
/// A closure of a generic type reaches a definition through reabstraction thunks; a run through them
/// calls three closures instead of one. The `Int`, `String`, `Bool` and `Double` overloads of
/// `FieldDefinition.calculated(_:)` keep the closure as it is; any other type
/// boxes its result through the store's door in a closure of its own.
enum Calculation: Sendable {
    case int(@Sendable (FormValues) -> Int?)
    case string(@Sendable (FormValues) -> String?)
    case bool(@Sendable (FormValues) -> Bool?)
    case double(@Sendable (FormValues) -> Double?)
    /// A calculation of any other type, giving its value already boxed.
    case other(@Sendable (FormValues) -> StoredValue)

    /// Computes the value from `values`, boxed as the store keeps it; absent for `nil`.
    @inline(__always)
    func callAsFunction(_ values: FormValues) -> StoredValue {
        switch self {
        case .int(let calculation): calculation(values).map { StoredValue.boxing($0) } ?? .absent
        case .string(let calculation): calculation(values).map { StoredValue.boxing($0) } ?? .absent
        case .bool(let calculation): calculation(values).map { StoredValue.boxing($0) } ?? .absent
        case .double(let calculation): calculation(values).map { StoredValue.boxing($0) } ?? .absent
        case .other(let calculation): calculation(values)
        }
    }

    /// The same calculation, reading the values through `view` (a scope's, a row's).
    func reading(_ view: @escaping @Sendable (FormValues) -> FormValues) -> Calculation {
        switch self {
        case .int(let calculation): .int { calculation(view($0)) }
        case .string(let calculation): .string { calculation(view($0)) }
        case .bool(let calculation): .bool { calculation(view($0)) }
        case .double(let calculation): .double { calculation(view($0)) }
        case .other(let calculation): .other { calculation(view($0)) }
        }
    }
}
