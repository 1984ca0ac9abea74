/// The key paths that name one field to the observation registrar.
///
/// A subscript key path that carries its key is built at run time, and building one costs
/// microseconds, far more than the write it announces; so each is built once per tracked key and kept.
struct FieldKeyPaths: Sendable {
    /// Names the field's value: `\.[key]`.
    let value: any KeyPath<FormContextObject, AnyHashable?> & Sendable
    /// Names the field's state: `\.[fieldStateOf: key]`.
    let fieldState: any KeyPath<FormContextObject, FieldState> & Sendable

    /// Builds both key paths of `key`.
    init(_ key: String) {
        value = \.[key]
        fieldState = \.[fieldStateOf: key]
    }
}
