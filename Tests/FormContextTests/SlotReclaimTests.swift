import Foundation
import Observation
import Synchronization
import Testing

@testable import FormContextCore
import TestSupport

@Suite("Slots are reclaimed: row churn and reads of unknown keys keep a live form's size bounded")
struct SlotReclaimTests {
    static let amount = FormKey<Int>("amount")
    static let paid = FormKey<Bool>("paid")
    static let double = FormKey<Int>("double")
    static let total = FormKey<Int>("total")
    static let paidCount = FormKey<Int>("paidCount")

    /// A group whose rows hold an amount, a paid flag and a calculation, with two summaries and a
    /// form-level calculation reading one of them.
    static let definition: FormDefinition = {
        let lines = RepeatGroup(
            "lines",
            fields: [
                FieldDefinition(amount),
                FieldDefinition(paid, default: false),
                FieldDefinition(double).calculated { (values: FormValues) -> Int? in values[amount].map { $0 * 2 } },
            ]
        )
        .summary(total, .sum(amount))
        .summary(paidCount, .count(where: paid, equals: true))
        return (try? FormDefinition([FieldDefinition(lines)])).unsafelyUnwrapped
    }()

    static func key<Value>(_ field: FormKey<Value>, _ id: RowID) -> FormKey<Value> {
        id.scope(in: "lines").key(field)
    }

    /// The number of slots (released ones included) and of live slots of `form`.
    static func slots(of form: FormContextObject) -> (all: Int, live: Int) {
        form.read { ($0.fields.slotCount, $0.fields.liveSlotCount) }
    }

    /// The slots a fresh form with `rows` rows has, each row's amount set.
    static func freshSlots(rows: Int) throws -> Int {
        let form = FormContextObject(definition: definition)
        for number in 0..<rows { try form.appendRow(to: "lines", ["amount": number]) }
        return slots(of: form).all
    }

    /// What the rows hold, as the oracle keeps them.
    struct Line {
        let id: RowID
        var amount: Int?
        var paid: Bool
    }

    @Test("random row adds, removes, moves, edits, reads of unknown keys and observers keep values, summaries and the slot count right")
    func rowChurnKeepsSlotsBounded() throws {
        for seed in [UInt64(1), 7, 42] {
            try churn(seed: seed, steps: 600)
        }
    }

    private func churn(seed: UInt64, steps: Int) throws {
        var random = SplitMix64(seed: seed)
        let form = FormContextObject(definition: Self.definition)
        var lines: [Line] = []
        var removed: [RowID] = []
        var subscriptions: [FormSubscription] = []
        let counter = Mutex(0)
        var fresh: [Int: Int] = [:]
        var mostRows = 0
        for step in 0..<steps {
            switch Int.random(in: 0..<10, using: &random) {
            case 0, 1, 2:
                guard lines.count < 12 else { fallthrough }
                let value = Int.random(in: 0..<100, using: &random)
                let position = Int.random(in: 0...lines.count, using: &random)
                let id = try form.insertRows(into: "lines", at: position, [["amount": value]])[0]
                lines.insert(Line(id: id, amount: value, paid: false), at: position)
            case 3, 4:
                guard !lines.isEmpty else { continue }
                let line = lines.remove(at: Int.random(in: 0..<lines.count, using: &random))
                try form.removeRows([line.id], from: "lines")
                removed.append(line.id)
            case 5:
                guard lines.count > 1 else { continue }
                let line = lines.remove(at: Int.random(in: 0..<lines.count, using: &random))
                let position = Int.random(in: 0...lines.count, using: &random)
                try form.moveRow(line.id, in: "lines", to: position)
                lines.insert(line, at: position)
            case 6:
                guard !lines.isEmpty else { continue }
                let index = Int.random(in: 0..<lines.count, using: &random)
                if Bool.random(using: &random) {
                    let value = Bool.random(using: &random) ? nil : Int.random(in: 0..<100, using: &random)
                    form.set(value, for: Self.key(Self.amount, lines[index].id).name)
                    lines[index].amount = value
                } else {
                    lines[index].paid.toggle()
                    form.set(lines[index].paid, for: Self.key(Self.paid, lines[index].id).name)
                }
            case 7:
                // Reads of keys no field has: made up, of a removed row, through Observation.
                let made = "nope.\(Int.random(in: 0..<1_000_000, using: &random))"
                #expect(form[made] == nil)
                #expect(form.fieldState(for: made).value == nil)
                if let gone = removed.randomElement(using: &random) {
                    #expect(form[Self.key(Self.amount, gone)] == nil)
                    withObservationTracking { _ = form[Self.key(Self.double, gone).name] } onChange: {}
                }
                if let line = lines.randomElement(using: &random) {
                    withObservationTracking { _ = form[Self.key(Self.amount, line.id).name] } onChange: {}
                }
            default:
                // Subscribers come and go, on rows that stay and on rows that go.
                if subscriptions.count < 3, let line = lines.randomElement(using: &random) {
                    subscriptions.append(form.observe(Self.key(Self.amount, line.id).name) { _ in counter.withLock { $0 += 1 } })
                } else if !subscriptions.isEmpty {
                    subscriptions.remove(at: Int.random(in: 0..<subscriptions.count, using: &random)).cancel()
                }
            }
            // Values and summaries as the oracle says.
            #expect(Array(form.rows(of: "lines")) == lines.map(\.id), "seed \(seed) step \(step)")
            for line in lines {
                #expect(form[Self.key(Self.amount, line.id)] == line.amount, "seed \(seed) step \(step)")
                #expect(form[Self.key(Self.double, line.id)] == line.amount.map { $0 * 2 }, "seed \(seed) step \(step)")
            }
            #expect(form[Self.total] == lines.compactMap(\.amount).reduce(0, +), "seed \(seed) step \(step)")
            #expect(form[Self.paidCount] == lines.filter(\.paid).count, "seed \(seed) step \(step)")
            for id in removed.suffix(3) { #expect(form[Self.key(Self.amount, id)] == nil) }
            // The slots: what a fresh form with as many rows has, plus a few (subscribed keys of
            // removed rows, keys read under the rules' groups), whatever the history.
            mostRows = max(mostRows, lines.count)
            if fresh[lines.count] == nil { fresh[lines.count] = try Self.freshSlots(rows: lines.count) }
            if fresh[mostRows] == nil { fresh[mostRows] = try Self.freshSlots(rows: mostRows) }
            let (all, live) = Self.slots(of: form)
            #expect(live <= fresh[lines.count].unsafelyUnwrapped + 8, "seed \(seed) step \(step): \(live) live slots")
            #expect(all <= fresh[mostRows].unsafelyUnwrapped + 8, "seed \(seed) step \(step): \(all) slots")
        }
        for subscription in subscriptions { subscription.cancel() }
        #expect(form.read { $0.invariantViolations() }.isEmpty)
        #expect(counter.withLock { $0 } >= 0)
    }

    @Test("a read of a key the form does not know makes no slot, and whoever read it hears when it is written")
    func readsMakeNoSlot() {
        let form = FormContextObject(["a": 1])
        let before = Self.slots(of: form)
        for number in 0..<100 {
            #expect(form["nope\(number)"] == nil)
            #expect(form.fieldState(for: "other\(number)").isVisible)
        }
        #expect(Self.slots(of: form).all == before.all)
        let changed = Mutex(0)
        withObservationTracking { _ = form["later"] } onChange: { changed.withLock { $0 += 1 } }
        withObservationTracking { _ = form.fieldState(for: "later") } onChange: { changed.withLock { $0 += 1 } }
        form.set(5, for: "later")
        #expect(changed.withLock { $0 } == 2)
    }

    @Test("a key read through Observation, removed, then written again is announced to whoever read it again")
    func trackedKeyReleasedThenWritten() {
        let form = FormContextObject()
        form.set(1, for: "a")
        withObservationTracking { _ = form["a"] } onChange: {}
        form.set(nil, for: "a")
        #expect(Self.slots(of: form).live == 0)
        let changed = Mutex(0)
        withObservationTracking { _ = form["a"] } onChange: { changed.withLock { $0 += 1 } }
        form.set(2, for: "a")
        #expect(changed.withLock { $0 } == 1)
        #expect(form["a"] == AnyHashable(2))
    }

    @Test("the invariant check names anything that still refers to a released slot")
    func checkerNamesReferencesToReleasedSlots() {
        let form = FormContextObject()
        form.set(1, for: "a")
        form.set(nil, for: "a")
        let (isFree, clean, withObserver, withValidated) = form.read { state in
            var observed = state
            _ = observed.observers.add(Observer(handler: .change { _ in }, aspects: [.value]), of: 0)
            var validated = state
            validated.validation.validated.insert(0)
            return (
                state.fields.isFree(0), state.invariantViolations(), observed.invariantViolations(), validated.invariantViolations()
            )
        }
        #expect(isFree)
        #expect(clean.isEmpty)
        #expect(withObserver.contains { $0.contains("released slot 0") && $0.contains("subscriber") })
        #expect(withValidated.contains { $0.contains("released slot 0") && $0.contains("validation") })
    }

    @Test("1,000 add and remove cycles of a row leave the form with as many slots as after the first")
    func addRemoveCyclesStayFlat() throws {
        let form = FormContextObject(definition: Self.definition)
        let keep = try form.appendRow(to: "lines", ["amount": 1])
        // A few cycles first: what the last rule runs read is kept until the next runs.
        for number in 0..<3 {
            let id = try form.appendRow(to: "lines", ["amount": number])
            try form.removeRows([id], from: "lines")
        }
        let first = Self.slots(of: form).all
        for number in 0..<1_000 {
            let id = try form.appendRow(to: "lines", ["amount": number])
            #expect(form[Self.key(Self.double, id)] == number * 2)
            try form.removeRows([id], from: "lines")
        }
        #expect(Self.slots(of: form).all == first)
        #expect(form[Self.total] == 1 && form[Self.key(Self.double, keep)] == 2)
    }
}
