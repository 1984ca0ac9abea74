/// What a live form knows about one field besides its values: one bit each.
struct FieldFlags: OptionSet, Hashable, Sendable {
    let rawValue: UInt16

    /// The field is hidden: left out of validation and submission, its value kept.
    static let hidden = FieldFlags(rawValue: 1 << 0)
    /// The field is disabled: left out of validation and submission, its value kept.
    static let disabled = FieldFlags(rawValue: 1 << 1)
    /// The field's value is secret: masked in every description and output.
    static let secret = FieldFlags(rawValue: 1 << 2)
    /// A subscriber of this key is called with each value change as it is written.
    static let valueObserved = FieldFlags(rawValue: 1 << 3)
    /// A subscriber of this key is called with field events (value and state) once a mutation settles.
    static let stateObserved = FieldFlags(rawValue: 1 << 4)
    /// A connected control holds text it could not parse: a reset must bring it back in line.
    static let pendingControlText = FieldFlags(rawValue: 1 << 5)
    /// The field's visibility rule, or one of its groups', hides it.
    static let ruleHidden = FieldFlags(rawValue: 1 << 6)
    /// The field's enabled rule, or one of its groups', disables it.
    static let ruleDisabled = FieldFlags(rawValue: 1 << 7)
    /// The field's required-when rule holds: a blank value is an error.
    static let ruleRequired = FieldFlags(rawValue: 1 << 8)
    /// The field belongs to a row of a repeat group that is hidden.
    static let groupHidden = FieldFlags(rawValue: 1 << 9)
    /// The field belongs to a row of a repeat group that is disabled.
    static let groupDisabled = FieldFlags(rawValue: 1 << 10)
    /// The field's read-only rule, or one of its groups' (a ``FieldGroup``'s, a row's, a repeat
    /// group's), holds: the person filling in the form cannot edit it. It stays in validation and
    /// submission.
    static let ruleReadOnly = FieldFlags(rawValue: 1 << 11)

    /// The flags that hide a field, by the API, by a rule or with its repeat group.
    static let concealed: FieldFlags = [.hidden, .ruleHidden, .groupHidden]
    /// The flags that disable a field, by the API, by a rule or with its repeat group.
    static let locked: FieldFlags = [.disabled, .ruleDisabled, .groupDisabled]
    /// The flags that take a field out of validation and submission.
    static let inactive: FieldFlags = [.hidden, .disabled, .ruleHidden, .ruleDisabled, .groupHidden, .groupDisabled]
}
