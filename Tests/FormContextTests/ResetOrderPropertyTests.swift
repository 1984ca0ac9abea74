@testable import FormContextCore
import Testing

/// A reset notifies its restored keys in the order of their keys, however many keys were edited,
/// added and removed between resets: checked against a plain dictionary of values.
@Suite("Reset order property")
struct ResetOrderPropertyTests {
    private static let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.éßøΩж")

    private static func randomKey(_ generator: inout SeededGenerator) -> String {
        let length = Int.random(in: 1...6, using: &generator)
        return String((0..<length).map { _ in letters.randomElement(using: &generator)! })
    }

    @Test(arguments: 0..<24)
    func resetNotifiesEveryRestoredKeyOnceInKeyOrder(seed: Int) {
        var generator = SeededGenerator(seed: UInt64(seed))
        var initial: [String: Int] = [:]
        for _ in 0..<Int.random(in: 40...300, using: &generator) {
            initial[Self.randomKey(&generator)] = Int.random(in: 0..<4, using: &generator)
        }
        let form = FormContextObject(FormContext(initial))
        var current = initial
        let recorder = ChangeRecorder()
        let subscription = form.observeAll(recorder.record)
        for _ in 0..<6 {
            // A share of the keys edited that is sometimes small, sometimes most of the form; keys
            // added, and keys removed (an added key removed again leaves the form).
            let editShare = Double.random(in: 0...1, using: &generator)
            for key in initial.keys.sorted() where Double.random(in: 0...1, using: &generator) < editShare {
                let value = Int.random(in: 0..<4, using: &generator)
                form.set(value, for: key)
                current[key] = value
            }
            // Often none added: a reset that made no slot and released none keeps its key order
            // for the next, which must then take in the keys added before it.
            for _ in 0..<[0, 0, 1, 5, 40].randomElement(using: &generator)! {
                let key = Self.randomKey(&generator)
                if Bool.random(using: &generator) {
                    let value = Int.random(in: 0..<4, using: &generator)
                    form.set(value, for: key)
                    current[key] = value
                } else {
                    form.set(nil, for: key)
                    current[key] = nil
                }
            }
            let dirty = Set(initial.keys).union(current.keys).filter { initial[$0] != current[$0] }
            let expected = dirty.sorted().map { key in
                FormChange(key: key, oldValue: current[key], newValue: initial[key], origin: .reset)
            }
            let before = recorder.count
            form.reset()
            let made = Array(recorder.changes[before...])
            #expect(made == expected, "seed \(seed)")
            #expect(form.context == FormContext(initial))
            current = initial
        }
        subscription.cancel()
    }
}
