import Foundation
import Testing

@testable import FormContextCore

/// A model holding a value that is not a number.
struct NaNProbe: Hashable, Sendable {
    var ratio: Double = .nan
    var name = "probe"

    static let bridge = FormBridge<NaNProbe> { bridge in
        bridge.bind(FormKey<Double>("ratio"), to: \.ratio)
        bridge.bind(FormKey<String>("name"), to: \.name)
    }
}

/// NaN's identity: a NaN is the same value as any NaN of the same type, for change detection and
/// equality everywhere. A NaN is never the same as a NaN of another type, or as a number.
@Suite("NaN identity")
struct NaNIdentityTests {
    /// Two NaNs of each floating-point type, with different signs and payloads, and a number of that type.
    static let kinds: [(name: String, first: any Hashable & Sendable, second: any Hashable & Sendable, number: any Hashable & Sendable)] = {
        var kinds: [(name: String, first: any Hashable & Sendable, second: any Hashable & Sendable, number: any Hashable & Sendable)] = [
            ("Double", Double.nan, -Double(nan: 0x1234, signaling: false), 1.0),
            ("Float", Float.nan, -Float(nan: 0x12, signaling: false), Float(1)),
            ("CGFloat", CGFloat.nan, -CGFloat(Double(nan: 7, signaling: false)), CGFloat(1)),
            ("Decimal", Decimal.nan, Decimal.quietNaN, Decimal(1)),
            ("Date", Date(timeIntervalSinceReferenceDate: .nan), Date(timeIntervalSinceReferenceDate: -Double(nan: 9, signaling: false)),
             Date(timeIntervalSinceReferenceDate: 0)),
        ]
        #if !((os(macOS) || targetEnvironment(macCatalyst)) && arch(x86_64))
        if #available(macOS 11.0, iOS 14.0, tvOS 14.0, watchOS 7.0, *) {
            kinds.append(("Float16", Float16.nan, -Float16(nan: 3, signaling: false), Float16(1)))
        }
        #endif
        return kinds
    }()

    @Test("three writes of a NaN notify once, whatever its payload", arguments: kinds.indices)
    func equalWritesNotifyOnce(index: Int) {
        let kind = Self.kinds[index]
        let form = FormContextObject()
        let recorder = ChangeRecorder()
        let subscription = form.observe("x", recorder.record)
        form.set(kind.first, for: "x")
        form.set(kind.second, for: "x")
        form.set(kind.first, for: "x")
        #expect(recorder.count == 1, "\(kind.name)")
        form.set(kind.number, for: "x")
        #expect(recorder.count == 2, "\(kind.name)")
        subscription.cancel()
    }

    @Test("a form holding a NaN is clean, and clean again after a reset", arguments: kinds.indices)
    func resetLeavesItClean(index: Int) {
        let kind = Self.kinds[index]
        let form = FormContextObject(FormContext(["x": kind.first]))
        form.reset()
        #expect(!form.isDirty, "\(kind.name)")
        form.set(kind.number, for: "x")
        #expect(form.isDirty)
        form.set(kind.second, for: "x")
        #expect(!form.isDirty, "\(kind.name): another NaN is the initial value again")
        form.set(kind.number, for: "x")
        form.reset()
        #expect(!form.isDirty, "\(kind.name)")
        #expect(form.dirtyKeys.isEmpty)
    }

    @Test("contexts, changes and stored values compare NaNs as the same", arguments: kinds.indices)
    func equality(index: Int) {
        let kind = Self.kinds[index]
        #expect(FormContext(["x": kind.first]) == FormContext(["x": kind.second]), "\(kind.name)")
        #expect(FormContext(["x": kind.first]) != FormContext(["x": kind.number]))
        let first = FormContext(["x": kind.first])["x"]
        let second = FormContext(["x": kind.second])["x"]
        #expect(first?.hashValue == second?.hashValue, "\(kind.name): equal values must hash alike")
        let form = FormContextObject()
        let change = form.set(kind.first, for: "x")
        let again = FormChange(key: "x", oldValue: nil, newValue: kind.second, origin: .program)
        #expect(change == again, "\(kind.name)")
    }

    @Test func aNaNIsNotTheNaNOfAnotherType() {
        #expect(FormContext(["x": Double.nan]) != FormContext(["x": Float.nan]))
        let form = FormContextObject(["x": Double.nan])
        #expect(form.set(Float.nan, for: "x") != nil)
        #expect(form.isDirty)
    }

    @Test("the equals validator sees two NaNs as equal")
    func equalsValidator() {
        let validator = Validator<Double>.equals("other")
        #expect(validator.passes(-Double(nan: 2, signaling: false), in: ["other": Double.nan]))
        #expect(!validator.passes(1, in: ["other": Double.nan]))
    }

    @Test("an optional holding a NaN is stored as the canonical NaN")
    func optionalNaN() {
        let wrapped: Double? = -Double(nan: 5, signaling: false)
        let form = FormContextObject(["x": Double.nan])
        #expect(form.set(wrapped, for: "x") == nil)
        #expect(!form.isDirty)
    }

    @Test("a batch writing a NaN over a NaN changes nothing")
    func batch() {
        let form = FormContextObject(["x": Double.nan])
        let recorder = ChangeRecorder()
        let subscription = form.observeAll(recorder.record)
        form.transaction { batch in
            batch.set(-Double.nan, for: "x")
        }
        #expect(recorder.count == 0)
        subscription.cancel()
    }

    @Test("a model binding re-assigned an unchanged model holding NaN changes the form at most once")
    func modelBinding() {
        let form = FormContextObject()
        let binding = ModelBinding(NaNProbe(), bridge: NaNProbe.bridge, form: form)
        let recorder = ChangeRecorder()
        let subscription = form.observeAll(recorder.record)
        for _ in 0..<5 {
            binding.replaceModel(binding.model)
        }
        #expect(recorder.count <= 1)
        var changed = binding.model
        changed.ratio = -Double(nan: 3, signaling: false)
        #expect(binding.replaceModel(changed).isEmpty, "another NaN is the same value")
        subscription.cancel()
    }

    @Test("the bridge stores a NaN as the canonical NaN")
    func bridge() throws {
        let model = NaNProbe(ratio: -Double(nan: 11, signaling: false))
        let context = NaNProbe.bridge.context(from: model)
        #expect(context == NaNProbe.bridge.context(from: NaNProbe()))
        #expect(context["ratio"]?.hashValue == AnyHashable(Double.nan).hashValue)
        var updated = model
        #expect(try !NaNProbe.bridge.write(AnyHashable(Double.nan), for: "ratio", into: &updated))
    }
}
