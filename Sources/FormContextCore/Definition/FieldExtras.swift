/// What only some fields have — rules, a repeat group — in one immutable box a ``FieldDefinition``
/// points to, so that the definition of a plain field holds a pointer for them rather than the values.
final class FieldExtras: Sendable {
    let conditions: FieldConditions
    let repeatGroup: RepeatGroup?

    init(conditions: FieldConditions, repeatGroup: RepeatGroup?) {
        self.conditions = conditions
        self.repeatGroup = repeatGroup
    }
}
