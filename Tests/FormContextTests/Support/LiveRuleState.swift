@testable import FormContextCore

/// What a live form holds and decides, read for comparison with the oracle.
struct LiveRuleState {
    var values: [String: Int]
    var hidden: Set<String> = []
    var disabled: Set<String> = []
    var required: Set<String> = []
    var invisible: Set<String> = []

    init(_ form: FormContextObject, keys: [String]) {
        values = Self.integers(form.context, keys: keys)
        let records = form.read { state in keys.compactMap { state.fields.slot(of: $0).map { state.fields[$0] } } }
        for record in records {
            if record.flags.contains(.ruleHidden) { hidden.insert(record.key) }
            if record.flags.contains(.ruleDisabled) { disabled.insert(record.key) }
            if record.flags.contains(.ruleRequired) { required.insert(record.key) }
            if !record.flags.isDisjoint(with: .concealed) { invisible.insert(record.key) }
        }
    }

    /// The integer values of `keys` in `context`.
    static func integers(_ context: FormContext, keys: [String]) -> [String: Int] {
        var values: [String: Int] = [:]
        for key in keys { values[key] = context[FormKey<Int>(key)] }
        return values
    }
}
