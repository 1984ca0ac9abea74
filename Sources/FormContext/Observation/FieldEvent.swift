/// One mutation's effect on one field: which aspects changed, the value change if the value did,
/// and the field's whole state afterwards.
///
/// Delivered to the subscribers of ``FormContextObject/observe(_:aspects:_:)``,
/// ``FormContextObject/observeAll(aspects:_:)`` and ``FormContextObject/events(of:aspects:bufferingPolicy:)``
/// after the mutation has settled (its validation included) and every lock is released, so a
/// renderer that does not use Observation can follow a form completely.
public struct FieldEvent: Sendable, Equatable, CustomStringConvertible {
    /// The field's key.
    public let key: String
    /// What changed (only aspects the subscriber asked for are reported).
    public let aspects: FieldAspects
    /// The value change, when ``aspects`` contains ``FieldAspects/value``.
    public let change: FormChange?
    /// The field's state after the mutation.
    public let state: FieldState

    /// Creates an event.
    public init(key: String, aspects: FieldAspects, change: FormChange?, state: FieldState) {
        self.key = key
        self.aspects = aspects
        self.change = change
        self.state = state
    }

    /// `key: [aspects] -> state`, secret values masked.
    public var description: String {
        "\(key): \(aspects) -> \(state)"
    }
}
