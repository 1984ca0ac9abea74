@testable import FormContextCore
import Testing

/// A batch hashes each key once per write, as the write is made, and the form finds the slots of
/// the batch's keys by those hashes: applying the batch hashes no key again.
@Suite("A batch hashes each key once per write")
struct BatchHashingTests {
    /// How the keys of the batch stand to the form.
    enum Keys: String, CaseIterable, Sendable, CustomTestStringConvertible {
        /// Every key has a value and an observer.
        case known
        /// No key is known to the form: the batch makes their slots.
        case new
        /// Every key is removed; half of them are unknown to the form.
        case removed

        var testDescription: String { rawValue }
    }

    @Test("applying a batch hashes no key", arguments: Keys.allCases)
    func applyingHashesNoKey(keys kind: Keys) {
        let keys = (0..<300).map { "field-\($0)" }
        var initial = FormContext()
        for key in keys.prefix(kind == .new ? 0 : kind == .removed ? 150 : 300) { initial.set("initial", for: key) }
        let form = FormContextObject(initial)
        let heard = ChangeRecorder()
        let subscriptions = keys.map { form.observe($0, heard.record) }
        let hashedBefore = form.read { $0.fields.keysHashed.count.load(ordering: .relaxed) }
        form.transaction { batch in
            for key in keys {
                batch.set(kind == .removed ? nil : "intermediate", for: key)
                batch.set(kind == .removed ? nil : "final", for: key)
            }
        }
        let hashed = form.read { $0.fields.keysHashed.count.load(ordering: .relaxed) } - hashedBefore
        #expect(hashed == 0, "the form hashed \(hashed) keys to apply the batch")
        // The batch was applied all the same.
        for key in keys {
            #expect(form[key] == (kind == .removed ? nil : AnyHashable("final")), "value of \(key)")
        }
        #expect(heard.count == (kind == .removed ? 150 : 300))
        subscriptions.forEach { $0.cancel() }
    }
}
