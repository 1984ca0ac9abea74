import Foundation
import Testing

@testable import FormContextCore

/// `FormChange` and `FieldState` are `Sendable` by construction: their public initializers take
/// `Hashable & Sendable` values only and box them as a form's store does, so what they hold compares
/// equal to what a form reports, and they cross tasks as any `Sendable` value does.
@Suite("Sendable initializers")
struct SendableInitializerTests {
    /// A value of the caller's own type.
    struct Badge: Hashable, Sendable {
        var name: String
    }

    /// Values of several types, as `Hashable & Sendable`, among them ones the store boxes in a
    /// canonical form (an optional, a number from Foundation, a NaN).
    static let samples: [(name: String, value: any Hashable & Sendable)] = [
        ("String", "Ada"), ("Int", 36), ("Double", 1.5), ("Bool", true), ("Badge", Badge(name: "gold")),
        ("Optional", Optional(7) as Int?), ("NSNumber", NSNumber(value: 3)), ("NaN", Double.nan),
        ("RowID", RowID(2)), ("Date", Date(timeIntervalSince1970: 0)),
    ]

    @Test("a change made by hand equals the change a form reports for the same write", arguments: samples.indices)
    func changeMatchesForm(index: Int) {
        let (name, value) = Self.samples[index]
        let form = FormContextObject(["x": "before"])
        let reported = form.set(value, for: "x", origin: .user)
        let made = FormChange(key: "x", oldValue: "before", newValue: value, origin: .user)
        #expect(reported == made, "\(name)")
        #expect(isSameValue(made.newValue, form["x"]), "\(name)")
    }

    @Test("a field state made by hand equals the state a form reports", arguments: samples.indices)
    func stateMatchesForm(index: Int) {
        let (name, value) = Self.samples[index]
        let form = FormContextObject(["x": value])
        #expect(form.fieldState(for: "x") == FieldState(key: "x", value: value, initialValue: value), "\(name)")
    }

    @Test("an optional holding nil is no value, as in a form")
    func optionalNil() {
        let none: Int? = nil
        let change = FormChange(key: "x", oldValue: none, newValue: 1, origin: .program)
        #expect(change.oldValue == nil)
        #expect(change.description == "x: nil -> 1 (program)")
        #expect(FieldState(key: "x", value: none).value == nil)
    }

    @Test("changes and states made by hand cross into detached tasks and back")
    func crossTasks() async {
        let change = FormChange(key: "badge", oldValue: Badge(name: "silver"), newValue: Badge(name: "gold"), origin: .user)
        let state = FieldState(key: "badge", value: Badge(name: "gold"), isTouched: true)
        let (changeName, stateName) = await Task.detached {
            ((change.newValue?.base as? Badge)?.name, (state.value?.base as? Badge)?.name)
        }.value
        #expect(changeName == "gold")
        #expect(stateName == "gold")
        let made = await Task.detached { FormChange(key: "n", oldValue: nil, newValue: Badge(name: "new"), origin: .program) }.value
        #expect(made.newValue == AnyHashable(Badge(name: "new")))
    }
}
