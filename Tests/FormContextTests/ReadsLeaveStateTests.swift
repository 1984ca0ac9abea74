import Foundation
import Observation
import Synchronization
import Testing

@testable import FormContextCore
import TestSupport

@Suite("A read changes nothing: keys under a rules' group are read without making their slots")
struct ReadsLeaveStateTests {
    static let shown = FormKey<Bool>("shown")
    static let editable = FormKey<Bool>("editable")
    static let name = FormKey<String>("household.name")

    /// Two nested rules' groups: `household` shown while `shown`, `household.car` editable while
    /// `editable`; one field of the definition under them.
    static func makeForm() throws -> FormContextObject {
        let definition = try FormDefinition(
            [FieldDefinition(shown, default: false), FieldDefinition(editable, default: true), FieldDefinition(name)],
            groups: [
                FieldGroup("household").visible(when: { $0[shown] == true }),
                FieldGroup("household.car").enabled(when: { $0[editable] == true }),
            ])
        return FormContextObject(definition: definition)
    }

    /// What a read could change in the engine's state: its slots and what the rules' groups hold.
    struct Footprint: Equatable {
        let slotCount: Int
        let liveSlotCount: Int
        let madeCount: Int
        let slotsPlaced: Int
        let members: [[Int]]
        let awaited: Set<String>
    }

    static func footprint(of form: FormContextObject) -> Footprint {
        form.read { state in
            Footprint(
                slotCount: state.fields.slotCount, liveSlotCount: state.fields.liveSlotCount, madeCount: state.fields.madeCount,
                slotsPlaced: state.rules.slotsPlaced, members: state.rules.groups.map { Array($0.members) }, awaited: state.tracking.awaited)
        }
    }

    @Test("reading the state of keys nothing has made, under rules' groups, makes no slot and reads what the groups decide")
    func readsUnderGroupsMakeNoSlot() throws {
        let form = try Self.makeForm()
        let before = Self.footprint(of: form)
        #expect(form.isShown("household.pets") == false)
        #expect(Self.footprint(of: form) == before)
        let state = form.fieldState(for: "household.car.plate")
        #expect(!state.isVisible)
        #expect(state.isEnabled)
        #expect(form["household.car.plate"] == nil)
        let after = Self.footprint(of: form)
        // Registering the observation remembers the keys read, and nothing else.
        #expect(after.slotCount == before.slotCount && after.liveSlotCount == before.liveSlotCount)
        #expect(after.madeCount == before.madeCount && after.slotsPlaced == before.slotsPlaced)
        #expect(after.members == before.members)
        #expect(after.awaited == ["household.car.plate"])
    }

    @Test("random reads and writes: a read never changes the slots, and reads what a slot made for the key would hold", arguments: [UInt64(3), 11, 29])
    func randomReadsMatchSlottedState(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let form = try Self.makeForm()
        let keys = ["household.a", "household.car.b", "household.car.x.c", "other.d", "households.e", "car.f", "household", "g"]
        var isShown = false
        var isEditable = true
        for _ in 0..<300 {
            let key = keys[Int.random(in: 0..<keys.count, using: &random)]
            switch Int.random(in: 0..<6, using: &random) {
            case 0:
                isShown.toggle()
                form.set(isShown, for: Self.shown.name)
            case 1:
                isEditable.toggle()
                form.set(isEditable, for: Self.editable.name)
            default:
                // The oracle: the groups a key is under, read from its prefixes; a group's own prefix
                // answers for the group.
                let hidden = (key == "household" || key.hasPrefix("household.")) && !isShown
                let disabled = key.hasPrefix("household.car.") && !isEditable
                let isKnown = form.read { $0.fields.slot(of: key) != nil }
                let before = Self.footprint(of: form)
                let visible = form.isShown(key)
                #expect(Self.footprint(of: form) == before, "isShown(\(key)) changed the state")
                let state = form.fieldState(for: key)
                let after = Self.footprint(of: form)
                #expect(after.slotCount == before.slotCount && after.madeCount == before.madeCount && after.members == before.members,
                    "fieldState(for: \(key)) made a slot")
                #expect(isKnown || after.awaited.contains(key))
                #expect(visible == !hidden, "\(key) shown")
                #expect(state.isVisible == !hidden, "\(key) visible")
                #expect(state.isEnabled == !disabled, "\(key) enabled")
            }
        }
        // A slot made for each key holds what the reads said.
        for key in keys {
            let read = form.fieldState(for: key)
            form.set("x", for: key)
            let made = form.fieldState(for: key)
            #expect(made.isVisible == read.isVisible && made.isEnabled == read.isEnabled, "\(key)")
        }
    }

    @Test("whoever observed a key with no slot hears when a rules' group it is under changes its state")
    func observerOfUnslottedKeyHearsGroupChange() throws {
        let form = try Self.makeForm()
        let heard = Mutex(0)
        let visible = withObservationTracking {
            form.fieldState(for: "household.pets").isVisible
        } onChange: {
            heard.withLock { $0 += 1 }
        }
        #expect(!visible)
        form.set(true, for: Self.shown.name)
        #expect(heard.withLock { $0 } == 1)
        #expect(form.fieldState(for: "household.pets").isVisible)
        let enabled = withObservationTracking {
            form.fieldState(for: "household.car.wheels").isEnabled
        } onChange: {
            heard.withLock { $0 += 1 }
        }
        #expect(enabled)
        form.set(false, for: Self.editable.name)
        #expect(heard.withLock { $0 } == 2)
        #expect(!form.fieldState(for: "household.car.wheels").isEnabled)
    }
}
