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

    /// The table of places (a batch's, the form's slots) against a dictionary, with hashes narrowed
    /// so that many keys share one, and with removals, which move later places back into the gap: a
    /// key finds the place it was given, and no other key's, and a removed key finds none.
    @Test(arguments: [1, 4, 64, Int.max])
    func keyPlacesMatchADictionary(hashRange: Int) {
        var generator = SeededGenerator(seed: UInt64(hashRange))
        var table = KeyPlaces()
        var keyOfPlace: [String?] = []
        var oracle: [String: Int] = [:]
        func hash(_ key: String) -> Int { hashRange == Int.max ? key.hashValue : abs(key.hashValue % hashRange) }
        func place(of key: String) -> Int? { table.place(hash: hash(key), where: { keyOfPlace[$0] == key }) }
        for _ in 0..<4_000 {
            let key = "k\(Int.random(in: 0..<700, using: &generator))"
            switch Int.random(in: 0..<4, using: &generator) {
            case 0:
                #expect(place(of: key) == oracle[key])
            case 1:
                guard let removed = oracle.removeValue(forKey: key) else { continue }
                table.remove(removed, hash: hash(key))
                keyOfPlace[removed] = nil
                #expect(place(of: key) == nil)
            default:
                if let existing = place(of: key) {
                    #expect(existing == oracle[key])
                } else {
                    #expect(oracle[key] == nil)
                    table.insert(keyOfPlace.count, hash: hash(key))
                    oracle[key] = keyOfPlace.count
                    keyOfPlace.append(key)
                }
            }
            #expect(table.count == oracle.count)
        }
        for (key, expected) in oracle { #expect(place(of: key) == expected) }
        for key in (0..<700).map({ "k\($0)" }) where oracle[key] == nil { #expect(place(of: key) == nil) }
    }
}
