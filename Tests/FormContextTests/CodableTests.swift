import Foundation
@testable import FormContext
import Testing
@testable import ContextDemo

/// Every value kind the Codable route handles.
struct Sample: Codable, Hashable, Sendable {
    enum Level: Int, Codable, Hashable, Sendable, CaseIterable { case low = 1, mid = 5, high = 9 }

    struct Part: Codable, Hashable, Sendable {
        var name: String
        var weight: Double?
    }

    var text = "text"
    var flag = true
    var int = -1
    var int8: Int8 = -8
    var int16: Int16 = -16
    var int32: Int32 = -32
    var int64: Int64 = -64
    var uint: UInt = 1
    var uint8: UInt8 = 8
    var uint16: UInt16 = 16
    var uint32: UInt32 = 32
    var uint64: UInt64 = 64
    var float: Float = 1.25
    var double = 2.5
    var decimal = Decimal(string: "12.34")!
    var date = Date(timeIntervalSince1970: 1_700_000_000)
    var uuid = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!
    var url = URL(string: "https://example.com/a?b=c")!
    var data = Data([0, 1, 2, 255])
    var level = Level.mid
    var preview = ShowPreview.whenUnlocked
    var note: String? = nil
    var maybeLevel: Level? = nil
    var part = Part(name: "bolt", weight: nil)
    var spare: Part? = nil
    var tags: [String] = ["a", "b"]
    var parts: [Part] = [Part(name: "nut", weight: 0.5)]
}

/// A type whose own decoding rejects some values.
struct Even: Codable, Hashable {
    var value: Int

    init(value: Int) { self.value = value }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        value = try container.decode(Int.self, forKey: .value)
        guard value.isMultiple(of: 2) else {
            throw DecodingError.dataCorruptedError(forKey: .value, in: container, debugDescription: "\(value) is odd")
        }
    }
}

struct Wrapper: Codable, Hashable {
    var inner = Even(value: 2)
}

@Suite("Codable route")
struct CodableTests {
    let encoder = FormContextEncoder()
    let decoder = FormContextDecoder()

    @Test("settings encode to the same context as the hand-written bridge")
    func settingsKeys() throws {
        let context = try encoder.encode(Settings())
        #expect(context == Settings.bridge.context(from: Settings()))
        #expect(context.lines(revealingSecrets: true) == [
            "hotspot.isEnabled: true",
            "hotspot.networkName: my network",
            "hotspot.password: hello",
            "hotspot.showPreview: Always",
        ])
        #expect(try context.value(for: "hotspot.showPreview", as: String.self) == "Always")
    }

    @Test("secure keys given to the encoder are marked in the context")
    func secureKeys() throws {
        let context = try FormContextEncoder(secureKeys: ["hotspot.password"]).encode(Settings())
        #expect(context.description.contains("\"hotspot.password\": ••••••"))
    }

    @Test("every value kind is stored as itself")
    func storedTypes() throws {
        let context = try encoder.encode(Sample())
        #expect(context.sortedKeys == [
            "data", "date", "decimal", "double", "flag", "float", "int", "int16", "int32", "int64", "int8", "level",
            "part.name", "parts", "parts.r1.name", "parts.r1.weight", "preview", "tags.0", "tags.1", "text", "uint", "uint16",
            "uint32", "uint64", "uint8", "url", "uuid",
        ])
        #expect(try context.value(for: "int8", as: Int8.self) == -8)
        #expect(try context.value(for: "uint64", as: UInt64.self) == 64)
        #expect(try context.value(for: "float", as: Float.self) == 1.25)
        #expect(try context.value(for: "decimal", as: Decimal.self) == Decimal(string: "12.34"))
        #expect(try context.value(for: "date", as: Date.self) == Date(timeIntervalSince1970: 1_700_000_000))
        #expect(try context.value(for: "uuid", as: UUID.self) == Sample().uuid)
        #expect(try context.value(for: "url", as: URL.self) == Sample().url)
        #expect(try context.value(for: "data", as: Data.self) == Data([0, 1, 2, 255]))
        #expect(try context.value(for: "level", as: Int.self) == 5)
        #expect(try context.value(for: "preview", as: String.self) == "When Unlocked")
        #expect(try context.value(for: "tags.1", as: String.self) == "b")
        #expect(try context.value(for: "parts", as: RowOrder.self) == [RowID(1)])
        #expect(try context.value(for: "parts.r1.weight", as: Double.self) == 0.5)
    }

    @Test("round trip of the default sample and of variations")
    func roundTripSamples() throws {
        var samples = [Sample()]
        for index in 0..<40 {
            var sample = Sample()
            sample.text = awkwardStrings[index % awkwardStrings.count]
            sample.int = index * -1_000_003
            sample.int64 = .min + Int64(index)
            sample.uint64 = .max - UInt64(index)
            sample.int8 = Int8(truncatingIfNeeded: index * 37)
            sample.double = Double(index) / 3
            sample.float = Float(index) / 7
            sample.decimal = Decimal(index) / 8
            sample.level = Sample.Level.allCases[index % 3]
            sample.preview = ShowPreview.allCases[index % 3]
            sample.note = index.isMultiple(of: 2) ? nil : "note \(index)"
            sample.maybeLevel = index.isMultiple(of: 3) ? nil : .high
            sample.spare = index.isMultiple(of: 4) ? nil : Sample.Part(name: "spare \(index)", weight: Double(index))
            sample.tags = (0..<(index % 5)).map { "tag \($0)" }
            sample.parts = (0..<(index % 3)).map { Sample.Part(name: "p\($0)", weight: $0 == 0 ? nil : 1) }
            samples.append(sample)
        }
        for sample in samples {
            let context = try encoder.encode(sample)
            #expect(try decoder.decode(Sample.self, from: context) == sample)
        }
    }

    @Test("round trip of hotspots with every string and option", arguments: ShowPreview.allCases)
    func roundTripHotspots(option: ShowPreview) throws {
        for text in awkwardStrings + longStrings() {
            let settings = Settings(hotspot: Hotspot(isEnabled: text.count.isMultiple(of: 2), password: text, networkName: text, showPreview: option))
            #expect(try decoder.decode(Settings.self, from: encoder.encode(settings)) == settings)
        }
    }

    @Test("round trip three levels deep, and agreement with the bridge")
    func roundTripNested() throws {
        var campus = Campus()
        campus.building.room.label = "Lab"
        campus.building.room.hotspot.password = "deep"
        let context = try encoder.encode(campus)
        #expect(context == Campus.bridge.context(from: campus))
        #expect(try decoder.decode(Campus.self, from: context) == campus)
        #expect(try decoder.decode(Campus.self, from: Campus.bridge.context(from: campus)) == campus)
    }

    @Test("nil optionals are absent keys; encoding into a context removes stale ones and keeps others")
    func optionals() throws {
        var context: FormContext = ["note": "stale", "unrelated": 1]
        try encoder.encode(Sample(), into: &context)
        #expect(!context.contains("note"))
        #expect(!context.contains("spare.name"))
        #expect(context["unrelated"] == AnyHashable(1))
        let decoded = try decoder.decode(Sample.self, from: context)
        #expect(decoded.note == nil)
        #expect(decoded.spare == nil)
    }

    @Test("encoding into a context removes stale array elements and nested values")
    func staleNestedValues() throws {
        var long = Sample()
        long.tags = ["1", "2", "3", "4"]
        long.spare = Sample.Part(name: "spare", weight: 2)
        var context = try encoder.encode(long)
        var short = Sample()
        short.tags = ["only"]
        short.part = Sample.Part(name: "plain", weight: nil)
        try encoder.encode(short, into: &context)
        #expect(context.sortedKeys.filter { $0.hasPrefix("tags") || $0.hasPrefix("spare") || $0.hasPrefix("part.") }
            == ["part.name", "tags.0"])
        #expect(try decoder.decode(Sample.self, from: context) == short)
    }

    @Test("an empty array stores nothing and decodes back empty")
    func emptyArray() throws {
        var sample = Sample()
        sample.tags = []
        let context = try encoder.encode(sample)
        #expect(!context.keys.contains { $0.hasPrefix("tags") })
        #expect(try decoder.decode(Sample.self, from: context).tags == [])
    }

    @Test("every decoding error names the coding path and the types", arguments: [
        ("hotspot.password", nil as (any Hashable & Sendable)?, "missing value for key 'hotspot.password': expected String"),
        ("hotspot.isEnabled", "maybe", "wrong type for key 'hotspot.isEnabled': expected Bool, found String"),
        ("hotspot.networkName", 7, "wrong type for key 'hotspot.networkName': expected String, found Int"),
        ("hotspot.showPreview", "Sometimes",
         "unknown value for key 'hotspot.showPreview': 'Sometimes' is not a raw value of ShowPreview"),
        ("hotspot.showPreview", nil, "missing value for key 'hotspot.showPreview': expected ShowPreview"),
        ("hotspot.showPreview", 3, "wrong type for key 'hotspot.showPreview': expected String, found Int"),
    ] as [(String, (any Hashable & Sendable)?, String)])
    func settingsErrors(key: String, value: (any Hashable & Sendable)?, message: String) throws {
        var context = try encoder.encode(Settings())
        context.set(value, for: key)
        let error = try #require(throws: FormBridgeError.self) { try decoder.decode(Settings.self, from: context) }
        #expect(error.description == message)
        #expect(error.key == key)
    }

    @Test("strict number and value types", arguments: [
        ("int64", 5 as any Hashable & Sendable, "wrong type for key 'int64': expected Int64, found Int"),
        ("double", 5, "wrong type for key 'double': expected Double, found Int"),
        ("float", 1.5, "wrong type for key 'float': expected Float, found Double"),
        ("uint8", -1, "wrong type for key 'uint8': expected UInt8, found Int"),
        ("date", "2024-01-01", "wrong type for key 'date': expected Date, found String"),
        ("uuid", "E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "wrong type for key 'uuid': expected UUID, found String"),
        ("decimal", 1.5, "wrong type for key 'decimal': expected Decimal, found Double"),
        ("url", "https://example.com", "wrong type for key 'url': expected URL, found String"),
        ("level", 2, "unknown value for key 'level': '2' is not a raw value of Level"),
        ("maybeLevel", "high", "wrong type for key 'maybeLevel': expected Int, found String"),
        ("part.name", true, "wrong type for key 'part.name': expected String, found Bool"),
        ("spare.weight", 1.0, "missing value for key 'spare.name': expected String"),
        ("tags.1", 1, "wrong type for key 'tags.1': expected String, found Int"),
        ("parts.r1.name", nil, "missing value for key 'parts[0].name': expected String"),
    ] as [(String, (any Hashable & Sendable)?, String)])
    func sampleErrors(key: String, value: (any Hashable & Sendable)?, message: String) throws {
        var context = try encoder.encode(Sample())
        context.set(value, for: key)
        let error = try #require(throws: FormBridgeError.self) { try decoder.decode(Sample.self, from: context) }
        #expect(error.description == message)
    }

    @Test("a type's own decoding error keeps its coding path")
    func customDecodingError() throws {
        let error = try #require(throws: FormBridgeError.self) {
            try decoder.decode(Wrapper.self, from: ["inner.value": 3])
        }
        #expect(error.description == "invalid value for key 'inner.value': 3 is odd")
        #expect(try decoder.decode(Wrapper.self, from: ["inner.value": 4]) == Wrapper(inner: Even(value: 4)))
    }

    @Test("a single value cannot be a whole context")
    func topLevelSingleValue() throws {
        let encodeError = try #require(throws: FormBridgeError.self) { try encoder.encode(42) }
        #expect(encodeError.description
            == "invalid value for key '': a single Int cannot be a whole context; encode a keyed container")
        let decodeError = try #require(throws: FormBridgeError.self) { try decoder.decode(Int.self, from: ["a": 1]) }
        #expect(decodeError.description
            == "invalid value for key '': a single Int cannot be read from a whole context; decode a keyed container")
    }

    @Test("a failing encode leaves the context unchanged")
    func atomicEncode() throws {
        struct Failing: Encodable {
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: ContextKey.self)
                try container.encode("written", forKey: ContextKey(stringValue: "first")!)
                throw EncodingError.invalidValue(
                    self, .init(codingPath: [ContextKey(stringValue: "second")!], debugDescription: "cannot encode"))
            }
        }
        var context: FormContext = ["first": "before"]
        let error = try #require(throws: FormBridgeError.self) { try encoder.encode(Failing(), into: &context) }
        #expect(error.description == "invalid value for key 'second': cannot encode")
        #expect(context == ["first": "before"])
    }
}

/// A coding key made from any string.
struct ContextKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
