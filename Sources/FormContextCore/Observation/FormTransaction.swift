/// The writes of one batch, made through ``FormContextObject/transaction(origin:_:)``.
///
/// Reads see the batch's own writes on top of the form's current values. Nothing is applied, and
/// no one is notified, until the batch ends.
public struct FormTransaction: FormReader {
    let form: FormContextObject
    /// The keys written, in the order of their first write, and each one's last value beside it.
    private(set) var order: [String] = []
    /// The hash of each key in ``order``: a key is hashed once per write, and the form finds its
    /// slot by this hash when the batch is applied, without hashing it again.
    private(set) var hashes: [Int] = []
    /// Kept as written and boxed once, when the batch ends: a key written several times is boxed
    /// and hashed for its last value only.
    private(set) var values: [(any Hashable & Sendable)?] = []
    /// The place of each written key in ``order``.
    private var places = KeyPlaces()

    init(form: FormContextObject) {
        self.form = form
    }

    /// The value under `key`: this batch's write if there is one, otherwise the form's current value.
    public subscript(key: String) -> AnyHashable? {
        if let place = places.place(hash: key.hashValue, where: { order[$0] == key }) { return StoredValue(values[place]).value }
        return form.read { $0.fields.value(of: key) }
    }

    /// Stores `value` under `key` when the batch ends; `nil` removes the key, a `nil` key is ignored.
    ///
    /// - Parameters:
    ///   - value: The new value, or `nil` to remove the key. It is kept as passed, without a copy.
    ///   - key: The field key.
    public mutating func set(_ value: consuming (any Hashable & Sendable)?, for key: String?) {
        guard let key else { return }
        // The one hash of the key this write makes (the hash the form's table finds keys by, see
        // `FieldTable.hash(of:)`), kept for the form's lookup of its slot.
        let hash = key.hashValue
        if let place = places.place(hash: hash, where: { order[$0] == key }) {
            values[place] = consume value
        } else {
            places.insert(order.count, hash: hash)
            order.append(key)
            hashes.append(hash)
            values.append(consume value)
        }
    }

    /// The keys written so far, in the order of their first write.
    var writtenKeys: [String] { order }

    /// Hands over the writes: the keys in the order of their first write, their hashes, and their
    /// last values boxed, the last key's first (so that each can be taken off the end and moved into
    /// the form without a copy). Boxing hashes a value with its own `Hashable` code, so it happens
    /// here, before the form's lock is taken.
    func finish() -> (order: [String], hashes: [Int], lastValueFirst: [StoredValue]) {
        (order, hashes, values.reversed().map { StoredValue($0) })
    }
}

extension FormContextObject {
    /// Runs `body` as one batch: its writes are applied together when it returns, and each key whose
    /// value changed notifies once, after the batch.
    ///
    /// A key written several times notifies once, with the value from before the batch as its old
    /// value; a key that ends the batch with its old value notifies no one. If `body` throws, nothing
    /// is applied.
    ///
    /// The writes are applied atomically: no reader ever sees part of a batch, and the batch settles
    /// once (its form-level validators run at most once, however many keys it writes). `body` itself
    /// runs without holding the form's lock (so it may read the form); its reads see the form's current
    /// values under its own writes. A key another thread writes meanwhile keeps that write unless the
    /// batch writes the key too, in which case the batch's value wins and its change names the other
    /// thread's value as old.
    ///
    /// ```swift
    /// form.transaction { batch in
    ///     batch.set("Ada", for: "firstname")
    ///     batch.set("Lovelace", for: "lastname")
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - origin: The origin every change of the batch carries.
    ///   - body: Makes the writes.
    /// - Returns: What `body` returns.
    /// - Complexity: O(*m*) for *m* keys written, plus one call per observer of each changed key and
    ///   the validators the batch calls for.
    public func transaction<R, E: Error>(
        origin: FormChangeOrigin = .program, _ body: (inout FormTransaction) throws(E) -> R
    ) throws(E) -> R {
        var batch = FormTransaction(form: self)
        let result = try body(&batch)
        var (order, hashes, pending) = batch.finish()
        // Runs once: a mutation with no waiter never retries its write.
        mutate { state, changes in
            state.reserveChangeCalls(forWrites: order.count)
            for index in order.indices {
                _ = state.write(pending.removeLast(), under: order[index], hash: hashes[index], origin: origin, into: &changes)
                // A row's keys written after its group's order find the row set up.
                RowStage.follow(&state, &changes)
            }
        }
        return result
    }
}
