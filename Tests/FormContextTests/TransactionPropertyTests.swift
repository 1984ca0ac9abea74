@testable import FormContextCore
import Testing

@Suite("Transaction properties")
struct TransactionPropertyTests {
    /// Random sets, overwrites, removals and reads inside transactions, against a plain dictionary:
    /// every read inside the batch sees the batch's writes over the form's values, the form ends
    /// with the dictionary's values, and each key whose value changed notifies once, in the order
    /// of its first write, with its value from before the batch as old.
    @Test(arguments: 0..<12)
    func aTransactionMatchesADictionary(seed: Int) {
        var generator = SeededGenerator(seed: UInt64(seed) &* 0x9E37 &+ 11)
        let pool = (0..<300).map { "key-\($0)" }
        var initial = FormContext()
        for key in pool.prefix(150) where Bool.random(using: &generator) { initial.set(0, for: key) }
        let form = FormContextObject(initial)
        var oracle: [String: AnyHashable] = initial.storage
        let all = ChangeRecorder()
        var subscriptions = [form.observeAll(all.record)]
        let watched = Array(pool.shuffled(using: &generator).prefix(40))
        let perKey = watched.map { _ in ChangeRecorder() }
        for (key, recorder) in zip(watched, perKey) { subscriptions.append(form.observe(key, recorder.record)) }

        for round in 0..<6 {
            let before = oracle
            let heardBefore = all.count
            let heardBeforePerKey = perKey.map(\.count)
            var firstWrites: [String] = []
            let writes = Int.random(in: 0...600, using: &generator)
            form.transaction(origin: .user) { batch in
                for _ in 0..<writes {
                    let key = pool.randomElement(using: &generator)!
                    switch Int.random(in: 0..<10, using: &generator) {
                    case 0..<2:
                        #expect(batch[key] == oracle[key], "read of \(key) in round \(round)")
                    case 2..<4:
                        if !firstWrites.contains(key) { firstWrites.append(key) }
                        batch.set(nil, for: key)
                        oracle[key] = nil
                    default:
                        let value: any Hashable & Sendable =
                            Bool.random(using: &generator) ? Int.random(in: 0..<4, using: &generator) : "t\(Int.random(in: 0..<3, using: &generator))"
                        if !firstWrites.contains(key) { firstWrites.append(key) }
                        batch.set(value, for: key)
                        oracle[key] = AnyHashable(value)
                    }
                }
            }
            #expect(form.context.storage == oracle, "values after round \(round)")
            let expected = firstWrites.filter { before[$0] != oracle[$0] }.map {
                FormChange(key: $0, boxedOld: before[$0], boxedNew: oracle[$0], origin: .user, isSecure: false)
            }
            #expect(Array(all.changes[heardBefore...]) == expected, "changes of round \(round)")
            for (index, key) in watched.enumerated() {
                let heard = Array(perKey[index].changes[heardBeforePerKey[index]...])
                #expect(heard == expected.filter { $0.key == key }, "changes of \(key) in round \(round)")
            }
        }
        subscriptions.forEach { $0.cancel() }
    }

    /// The batch's table of places against a dictionary, with hashes narrowed so that many keys
    /// share one: a key finds the place it claimed, and no other key's.
    @Test(arguments: [1, 4, 64, Int.max])
    func keyPlacesMatchADictionary(hashRange: Int) {
        var generator = SeededGenerator(seed: UInt64(hashRange))
        var table = KeyPlaces()
        var keys: [String] = []
        var oracle: [String: Int] = [:]
        func hash(_ key: String) -> Int { hashRange == Int.max ? key.hashValue : abs(key.hashValue % hashRange) }
        for _ in 0..<2_000 {
            let key = "k\(Int.random(in: 0..<700, using: &generator))"
            if Bool.random(using: &generator) {
                #expect(table.place(of: key, hash: hash(key), in: keys) == oracle[key])
            } else {
                let place = table.claim(key, hash: hash(key), next: keys.count, in: keys)
                #expect(place == oracle[key] ?? keys.count)
                if place == keys.count {
                    keys.append(key)
                    oracle[key] = place
                }
            }
        }
        for key in oracle.keys { #expect(table.place(of: key, hash: hash(key), in: keys) == oracle[key]) }
    }
}
