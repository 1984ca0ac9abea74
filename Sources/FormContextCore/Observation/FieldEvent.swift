/// One mutation's effect on one field: which aspects changed, the value change if the value did,
/// and the field's whole state afterwards.
///
/// Delivered to the engine's own subscribers of field events (a ``LiveScreen``'s among them) once
/// after the mutation has settled (its validation included) and every lock is released, so a
/// renderer that does not use Observation can follow a form completely.
struct FieldEvent: Sendable, Equatable, CustomStringConvertible {
    /// The field's key.
    let key: String
    /// What changed (only aspects the subscriber asked for are reported).
    let aspects: FieldAspects
    /// The value change, when ``aspects`` contains ``FieldAspects/value``.
    let change: FormChange?
    /// The field's state after the mutation.
    let state: FieldState

    /// Creates an event.
    init(key: String, aspects: FieldAspects, change: FormChange?, state: FieldState) {
        self.key = key
        self.aspects = aspects
        self.change = change
        self.state = state
    }

    /// `key: [aspects] -> state`, secret values masked.
    var description: String {
        "\(key): \(aspects) -> \(state)"
    }
}
