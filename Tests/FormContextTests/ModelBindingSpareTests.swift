@testable import ContextDemo
import FormContext
import Synchronization
import Testing
import TestSupport

/// A model binding changes one property in place on a second copy of the model, which it brings up
/// to date with the changes made since: checked against a plain model changed the obvious way, over
/// seeded runs of every kind of change, with handlers that sometimes keep the model they are given
/// (so that the second copy is sometimes shared, and must be copied rather than changed).
@Suite("ModelBinding's second copy of the model")
struct ModelBindingSpareTests {
    /// Keeps the models a handler is given, or not, as the run decides.
    final class Keeper: Sendable {
        private let state = Mutex<(isKeeping: Bool, kept: [Room])>((false, []))

        func hear(_ model: Room) {
            state.withLock { state in
                if state.isKeeping { state.kept.append(model) }
            }
        }

        func keep(_ isKeeping: Bool) {
            state.withLock { state in
                state.isKeeping = isKeeping
                if !isKeeping { state.kept.removeAll() }
            }
        }
    }

    /// A random room, from a small set of values so that some changes write what is already there.
    static func randomRoom(using random: inout SplitMix64) -> Room {
        Room(
            number: Int.random(in: 0..<4, using: &random),
            label: Bool.random(using: &random) ? nil : "label \(Int.random(in: 0..<3, using: &random))",
            hotspot: randomHotspot(using: &random))
    }

    static func randomHotspot(using random: inout SplitMix64) -> Hotspot {
        Hotspot(
            isEnabled: Bool.random(using: &random), password: "pw \(Int.random(in: 0..<3, using: &random))",
            networkName: "net \(Int.random(in: 0..<3, using: &random))",
            showPreview: [ShowPreview.always, .whenUnlocked, .never].randomElement(using: &random)!)
    }

    @Test("every kind of change leaves the model as a plain model changed the same way", arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
    func agreesWithAPlainModel(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let form = FormContextObject()
        var expected = Self.randomRoom(using: &random)
        let binding = ModelBinding(expected, bridge: Room.bridge, form: form)
        let keeper = Keeper()
        let subscription = binding.onModelChange { keeper.hear($0) }
        for step in 0..<400 {
            keeper.keep(Int.random(in: 0..<4, using: &random) == 0)
            let value = Self.randomRoom(using: &random)
            let operation = Int.random(in: 0..<9, using: &random)
            switch operation {
            case 0:
                binding.update(\.number, to: value.number)
                expected.number = value.number
            case 1:
                binding.update(\.label, to: value.label)
                expected.label = value.label
            case 2:
                binding.update(\.hotspot.password, to: value.hotspot.password)
                expected.hotspot.password = value.hotspot.password
            case 3:
                binding.update(\.hotspot, to: value.hotspot)
                expected.hotspot = value.hotspot
            case 4:
                form.set(value.number, for: "number", origin: .user)
                expected.number = value.number
            case 5:
                form.set(value.hotspot.networkName, for: "hotspot.networkName", origin: .user)
                expected.hotspot.networkName = value.hotspot.networkName
            case 6:
                binding.update { $0.number += 1 }
                expected.number += 1
            case 7:
                binding.replaceModel(value)
                expected = value
            default:
                // A value the model cannot take: the model keeps its own, the form holds the text
                // until a later change of the key.
                form.set("not a number", for: "number", origin: .user)
                binding.update(\.number, to: value.number)
                expected.number = value.number
            }
            #expect(binding.model == expected, "seed \(seed), step \(step), operation \(operation)")
            #expect(form.context == Room.bridge.context(from: expected), "seed \(seed), step \(step), operation \(operation)")
        }
        subscription.cancel()
    }

    @Test("an update of one property that raced another update starts again from the newer model")
    func lostRaceStartsAgain() {
        let form = FormContextObject()
        let binding = ModelBinding(Meddled(), bridge: Meddled.bridge, form: form)
        // The other update is made while this one is under way (from the label's setter), as another
        // thread would make it between this update's read of the model and its commit.
        Meddled.meddler.arm { binding.update(\.number, to: 99) }
        binding.update(\.label, to: "changed")
        #expect(binding.model.number == 99)
        #expect(binding.model.label == "changed")
        #expect(form.context == Meddled.bridge.context(from: binding.model))
        // The spare the lost race changed was dropped: later updates still agree.
        binding.update(\.number, to: 7)
        form.set("edited", for: "label", origin: .user)
        #expect(binding.model == Meddled(number: 7, storedLabel: "edited"))
        #expect(form.context == Meddled.bridge.context(from: binding.model))
    }

    @Test("updates of single properties racing form edits from detached tasks are each applied once and heard once")
    func racingPropertyUpdates() async {
        let form = FormContextObject()
        let binding = ModelBinding(Room(number: 0, label: ""), bridge: Room.bridge, form: form)
        let heard = Mutex(0)
        let subscription = form.observe("label") { _ in heard.withLock { $0 += 1 } }
        let labellers = (0..<4).map { task in
            Task.detached {
                for index in 0..<400 { binding.update(\.label, to: "task \(task) edit \(index)") }
            }
        }
        let numberers = (0..<2).map { task in
            Task.detached {
                for index in 0..<400 { binding.update(\.number, to: task * 1_000 + index) }
            }
        }
        let editors = (0..<2).map { task in
            Task.detached {
                for index in 0..<400 { form.set("net \(task) \(index)", for: "hotspot.networkName", origin: .user) }
            }
        }
        for worker in labellers + numberers + editors { await worker.value }
        #expect(heard.withLock { $0 } == 4 * 400)
        #expect(form.context == Room.bridge.context(from: binding.model))
        subscription.cancel()
    }
}

/// A model whose label's setter runs a test's action once: a change made by someone else while a
/// change of the label is under way.
struct Meddled: Hashable, Sendable {
    var number = 0
    var storedLabel = ""

    var label: String {
        get { storedLabel }
        set {
            storedLabel = newValue
            Self.meddler.run()
        }
    }

    static let bridge = FormBridge<Meddled> { bridge in
        bridge.bind(FormKey<Int>("number"), to: \.number)
        bridge.bind(FormKey<String>("label"), to: \.label)
    }

    static let meddler = Meddler()
}

/// Runs an armed action once.
final class Meddler: Sendable {
    private let action = Mutex<(@Sendable () -> Void)?>(nil)

    func arm(_ action: @escaping @Sendable () -> Void) {
        self.action.withLock { $0 = action }
    }

    func run() {
        let action = self.action.withLock { action in
            defer { action = nil }
            return action
        }
        action?()
    }
}
