import FormContext
import Foundation
import Testing

/// The Codable route carries a shape exactly, or refuses it when encoding with an error naming the key:
/// a context stores `nil` as an absent key, so anything that would store nothing where a value must be
/// read back cannot be carried.
@Suite("Codable shapes")
struct CodableShapeTests {
    struct OptionalElements: Codable, Equatable { var tags: [String?] }
    struct OptionalInts: Codable, Equatable { var values: [Int?] }
    struct OptionalList: Codable, Equatable { var tags: [String]? }
    struct Inner: Codable, Equatable { var note: String?; var count: Int? }
    struct OptionalInner: Codable, Equatable { var inner: Inner? }
    struct Map: Codable, Equatable { var map: [String: Int] }
    struct OptionalValues: Codable, Equatable { var map: [String: Int?] }
    struct Nested: Codable, Equatable { var grid: [[String]] }
    struct Plain: Codable, Equatable { var tags: [String] = []; var inner = Inner(note: nil, count: nil) }

    @Test func nilArrayElementsAreRefused() {
        #expect(throws: FormBridgeError.invalidValue(
            key: "tags.1", reason: "an array element cannot be nil: nil is an absent key, which would end the array there")) {
            try FormContextEncoder().encode(OptionalElements(tags: ["a", nil, "b"]))
        }
        #expect(throws: FormBridgeError.invalidValue(
            key: "values.0", reason: "an array element cannot be nil: nil is an absent key, which would end the array there")) {
            try FormContextEncoder().encode(OptionalInts(values: [nil, 1]))
        }
    }

    @Test func emptyValuesInsideOptionalsAreRefused() {
        let reason = "an optional holding a value that stores nothing (an empty array, or a model whose fields are all nil) would read back as nil"
        #expect(throws: FormBridgeError.invalidValue(key: "tags", reason: reason)) {
            try FormContextEncoder().encode(OptionalList(tags: []))
        }
        #expect(throws: FormBridgeError.invalidValue(key: "inner", reason: reason)) {
            try FormContextEncoder().encode(OptionalInner(inner: Inner(note: nil, count: nil)))
        }
    }

    @Test("an array of optional models decodes its models, not nil for each")
    func optionalModelElements() throws {
        struct Maybe: Codable, Equatable { var inners: [Inner?] }
        let maybe = Maybe(inners: [Inner(note: "a", count: nil), Inner(note: nil, count: 2)])
        #expect(try FormContextEncoder().encode(maybe).sortedKeys == ["inners.0.note", "inners.1.count"])
        try expectRoundTrip(maybe)
    }

    @Test func emptyArrayElementsAreRefused() {
        #expect(throws: FormBridgeError.invalidValue(
            key: "grid.0", reason: "an array element that stores no value (an empty array) would end the array there")) {
            try FormContextEncoder().encode(Nested(grid: [[], ["a"]]))
        }
    }

    @Test func dictionaryKeysWithADotAreRefused() {
        #expect(throws: FormBridgeError.invalidValue(
            key: "map.x.y", reason: "the dictionary key 'x.y' contains '.', which joins keys in a context, so it could not be read back")) {
            try FormContextEncoder().encode(Map(map: ["a": 1, "x.y": 2]))
        }
        #expect(throws: FormBridgeError.self) { try FormContextEncoder().encode(["x.y": 2]) }
    }

    @Test("a dictionary key that starts with a combining mark survives, though it joins the '.' into one Character")
    func keysStartingWithACombiningMark() throws {
        try expectRoundTrip(Map(map: ["\u{301}x": 1, "\u{362}": 2, "\u{200D}\u{FE0F}": 3, "a": 4]))
        #expect(throws: FormBridgeError.invalidValue(
            key: "map.a.\u{301}", reason: "the dictionary key 'a.\u{301}' contains '.', which joins keys in a context, so it could not be read back")) {
            try FormContextEncoder().encode(Map(map: ["a.\u{301}": 1]))
        }
    }

    @Test func dictionaryValuesThatStoreNothingAreRefused() {
        #expect(throws: FormBridgeError.invalidValue(
            key: "map.b", reason: "a dictionary value that stores nothing (nil, an empty array or model) would lose its key")) {
            try FormContextEncoder().encode(OptionalValues(map: ["a": 1, "b": nil]))
        }
    }

    enum Shape: Codable, Equatable { case circle(radius: Double), square(side: Int), none }
    struct Drawing: Codable, Equatable { var shape: Shape }

    @Test func enumsWithAssociatedValues() throws {
        #expect(try FormContextEncoder().encode(Drawing(shape: .circle(radius: 2))) == ["shape.circle.radius": 2.0])
        try expectRoundTrip(Drawing(shape: .circle(radius: 2)))
        try expectRoundTrip(Drawing(shape: .square(side: 3)))
        // A case with no payload stores nothing; reading it back fails, naming the key.
        let context = try FormContextEncoder().encode(Drawing(shape: .none))
        #expect(throws: FormBridgeError.self) { try FormContextDecoder().decode(Drawing.self, from: context) }
        do {
            _ = try FormContextDecoder().decode(Drawing.self, from: context)
        } catch {
            #expect(error.key == "shape")
        }
    }

    @Test func aRefusedEncodingLeavesTheContextAsItWas() {
        var context: FormContext = ["tags.0": "old", "other": 1]
        #expect(throws: FormBridgeError.self) {
            try FormContextEncoder().encode(OptionalElements(tags: ["a", nil]), into: &context)
        }
        #expect(context == ["tags.0": "old", "other": 1])
    }

    /// Shapes that round-trip.
    @Test func carriedShapesComeBackUnchanged() throws {
        try expectRoundTrip(OptionalElements(tags: ["a", "b"]))
        try expectRoundTrip(OptionalElements(tags: []))
        try expectRoundTrip(OptionalInts(values: [0, 1]))
        try expectRoundTrip(OptionalList(tags: nil))
        try expectRoundTrip(OptionalList(tags: ["a"]))
        try expectRoundTrip(OptionalInner(inner: nil))
        try expectRoundTrip(OptionalInner(inner: Inner(note: "n", count: nil)))
        try expectRoundTrip(Map(map: [:]))
        try expectRoundTrip(Map(map: ["a": 1, "": 2, "0": 3, "x y": 4]))
        try expectRoundTrip(OptionalValues(map: ["a": 1]))
        try expectRoundTrip(Nested(grid: [["a"], ["b", "c"]]))
        try expectRoundTrip(Plain())
    }

    private func expectRoundTrip<Value: Codable & Equatable>(_ value: Value) throws {
        let context = try FormContextEncoder().encode(value)
        #expect(try FormContextDecoder().decode(Value.self, from: context) == value, "\(context)")
    }
}
