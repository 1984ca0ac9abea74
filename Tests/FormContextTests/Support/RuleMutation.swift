import FormContext
import TestSupport

/// One random mutation of a form with rules, applied the same way to the live form and to the oracle.
enum RuleMutation: CustomStringConvertible {
    case set(String, Int?)
    case transaction([(key: String, value: Int?)])
    case setVisible(String, Bool)
    case setEnabled(String, Bool)
    case reset

    var description: String {
        switch self {
        case .set(let key, let value): "set \(key) = \(value.map(String.init) ?? "nil")"
        case .transaction(let writes): "transaction " + writes.map { "\($0.key) = \($0.value.map(String.init) ?? "nil")" }.joined(separator: ", ")
        case .setVisible(let key, let isVisible): "setVisible(\(isVisible), \(key))"
        case .setEnabled(let key, let isEnabled): "setEnabled(\(isEnabled), \(key))"
        case .reset: "reset"
        }
    }

    /// A random mutation of a form in the state `oracle` holds. With hidden values cleared, nothing
    /// writes a hidden field and nothing resets the form (either would leave a value in a hidden
    /// field, which a server evaluating the values afresh would clear), and the program hides nothing.
    static func random(for oracle: RuleOracle, using generator: inout SplitMix64) -> RuleMutation {
        let isCleared = oracle.form.hiddenValues == .cleared
        let editable = oracle.form.inputKeys.filter { !isCleared || !oracle.concealed.contains($0) }
        func value() -> Int? {
            Int.random(in: 0..<6, using: &generator) == 0 ? nil : Int.random(in: 0...3, using: &generator)
        }
        func anyKey() -> String { oracle.keys[Int.random(in: 0..<oracle.keys.count, using: &generator)] }
        let roll = Int.random(in: 0..<20, using: &generator)
        switch roll {
        case 0 where !isCleared: return .reset
        case 1...2 where !isCleared: return .setVisible(anyKey(), Bool.random(using: &generator))
        case 3: return .setEnabled(anyKey(), Bool.random(using: &generator))
        case 4...7 where !editable.isEmpty:
            return .transaction((0..<Int.random(in: 2...4, using: &generator)).map { _ in
                (editable[Int.random(in: 0..<editable.count, using: &generator)], value())
            })
        default:
            guard !editable.isEmpty else { return .setEnabled(anyKey(), Bool.random(using: &generator)) }
            return .set(editable[Int.random(in: 0..<editable.count, using: &generator)], value())
        }
    }

    /// Applies the mutation to the live form, as a user (or the program) would.
    func apply(to form: FormContextObject) {
        switch self {
        case .set(let key, let value): form.set(value, for: key, origin: .user)
        case .transaction(let writes):
            form.transaction { batch in
                for write in writes { batch.set(write.value, for: write.key) }
            }
        case .setVisible(let key, let isVisible): form.setVisible(isVisible, for: key)
        case .setEnabled(let key, let isEnabled): form.setEnabled(isEnabled, for: key)
        case .reset: form.reset()
        }
    }

    /// Applies the mutation's writes to the oracle, before it settles.
    func apply(to oracle: inout RuleOracle) {
        switch self {
        case .set(let key, let value): oracle.values[key] = value
        case .transaction(let writes):
            for write in writes { oracle.values[write.key] = write.value }
        case .setVisible(let key, let isVisible):
            if isVisible { oracle.programHidden.remove(key) } else { oracle.programHidden.insert(key) }
        case .setEnabled(let key, let isEnabled):
            if isEnabled { oracle.programDisabled.remove(key) } else { oracle.programDisabled.insert(key) }
        case .reset: oracle.values = oracle.initial
        }
    }
}
