import Foundation
@testable import FormContextCore
import Testing
@testable import ContextDemo
import TestSupport

@Suite("FormBridge")
struct BridgeTests {
    @Test("declared keys, stored types and secure keys")
    func declaration() {
        let bridge = Profile.bridge
        #expect(bridge.keys == ["name", "age", "score", "nickname", "preview", "previewText", "fallback", "joined", "id"])
        #expect(bridge.count == 9)
        #expect(bridge.secureKeys == ["id"])
        #expect(bridge.storedTypes["preview"] == "ShowPreview")
        #expect(bridge.storedTypes["previewText"] == "String")
        #expect(bridge.storedTypes["nickname"] == "String")
        #expect(bridge.binds("age"))
        #expect(!bridge.binds("missing"))
    }

    @Test("fill stores each property under its key, enums as themselves or as raw values")
    func fill() throws {
        var profile = Profile()
        profile.nickname = "Countess"
        profile.fallback = .whenUnlocked
        let context = Profile.bridge.context(from: profile)
        #expect(context.count == 9)
        #expect(try context.value(for: "name", as: String.self) == "Ada")
        #expect(try context.value(for: "age", as: Int.self) == 36)
        #expect(try context.value(for: "score", as: Double.self) == 1.5)
        #expect(try context.value(for: "nickname", as: String.self) == "Countess")
        #expect(try context.value(for: "preview", as: ShowPreview.self) == .always)
        #expect(try context.value(for: "previewText", as: String.self) == "Never")
        #expect(try context.value(for: "fallback", as: String.self) == "When Unlocked")
        #expect(context.secureKeys == ["id"])
        #expect(context.displayValue(for: "id") == FormContext.secretMask)
    }

    @Test("a nil optional is an absent key, and filling removes a stale value")
    func optionalIsAbsent() {
        var context: FormContext = ["nickname": "stale", "fallback": "Never", "unrelated": 7]
        Profile.bridge.fill(&context, from: Profile())
        #expect(!context.contains("nickname"))
        #expect(!context.contains("fallback"))
        #expect(context["unrelated"] == AnyHashable(7))
    }

    @Test("round trip of every string", arguments: awkwardStrings)
    func roundTripStrings(text: String) throws {
        var profile = Profile()
        profile.name = text
        profile.nickname = text
        let context = Profile.bridge.context(from: profile)
        let back = try Profile.bridge.model(from: context, startingFrom: Profile(name: "other", age: 0))
        #expect(back == profile)
    }

    @Test("round trip of very long strings")
    func roundTripLongStrings() throws {
        for text in longStrings() {
            let profile = Profile(name: text, nickname: text + "!")
            let back = try Profile.bridge.model(from: Profile.bridge.context(from: profile), startingFrom: Profile())
            #expect(back.name.count == text.count)
            #expect(back == profile)
        }
    }

    @Test("round trip of every enum case, both ways of storing it", arguments: ShowPreview.allCases)
    func roundTripEnums(option: ShowPreview) throws {
        for fallback in [nil] + ShowPreview.allCases.map(Optional.some) {
            let profile = Profile(preview: option, previewText: option, fallback: fallback)
            let context = Profile.bridge.context(from: profile)
            #expect(context["previewText"] == AnyHashable(option.rawValue))
            #expect(try Profile.bridge.model(from: context, startingFrom: Profile()) == profile)
        }
    }

    @Test("round trip of generated numbers, dates and identifiers")
    func roundTripGenerated() throws {
        var generator = SplitMix64(seed: 42)
        for size in 0..<200 {
            let profile = Profile(
                name: String(repeating: "x", count: size), age: Int(truncatingIfNeeded: generator.next()),
                score: Double(generator.next() % 1_000_000) / 7, nickname: size.isMultiple(of: 2) ? nil : "n\(size)",
                preview: ShowPreview.allCases[size % 3], previewText: ShowPreview.allCases[(size / 3) % 3],
                fallback: size.isMultiple(of: 5) ? nil : ShowPreview.allCases[size % 3],
                joined: Date(timeIntervalSince1970: Double(generator.next() % 4_000_000_000)),
                id: UUID())
            let back = try Profile.bridge.model(from: Profile.bridge.context(from: profile), startingFrom: Profile())
            #expect(back == profile)
        }
    }

    @Test("the Hotspot model round-trips every combination of its fields")
    func roundTripHotspots() throws {
        for isEnabled in [true, false] {
            for option in ShowPreview.allCases {
                for text in awkwardStrings + longStrings() {
                    let hotspot = Hotspot(isEnabled: isEnabled, password: text, networkName: text + "!", showPreview: option)
                    let context = Hotspot.bridge.context(from: hotspot)
                    #expect(try Hotspot.bridge.model(from: context, startingFrom: Hotspot()) == hotspot)
                }
            }
        }
    }

    @Test("every error names the key and the types", arguments: [
        (["name": 5], "wrong type for key 'name': expected String, found Int"),
        (["age": "36"], "wrong type for key 'age': expected Int, found String"),
        (["score": 1], "wrong type for key 'score': expected Double, found Int"),
        (["age": 1.0], "wrong type for key 'age': expected Int, found Double"),
        (["nickname": 1], "wrong type for key 'nickname': expected String, found Int"),
        (["preview": "Always"], "wrong type for key 'preview': expected ShowPreview, found String"),
        (["previewText": ShowPreview.never], "wrong type for key 'previewText': expected String, found ShowPreview"),
        (["previewText": "never"], "unknown value for key 'previewText': 'never' is not a raw value of ShowPreview"),
        (["previewText": ""], "unknown value for key 'previewText': '' is not a raw value of ShowPreview"),
        (["fallback": "Sometimes"], "unknown value for key 'fallback': 'Sometimes' is not a raw value of ShowPreview"),
        (["fallback": true], "wrong type for key 'fallback': expected String, found Bool"),
        (["joined": "1970-01-01"], "wrong type for key 'joined': expected Date, found String"),
        (["id": "00000000-0000-0000-0000-000000000001"], "wrong type for key 'id': expected UUID, found String"),
    ] as [([String: any Hashable & Sendable], String)])
    func errors(overrides: [String: any Hashable & Sendable], message: String) throws {
        var context = Profile.bridge.context(from: Profile())
        for (key, value) in overrides { context.set(value, for: key) }
        var profile = Profile()
        let error = try #require(throws: FormBridgeError.self) {
            try Profile.bridge.write(context, into: &profile)
        }
        #expect(error.description == message)
        #expect(error.key == overrides.keys.first)
        #expect(profile == Profile())
    }

    @Test("a missing key of a required property is an error; of an optional one, nil", arguments: [
        ("name", "missing value for key 'name': expected String"),
        ("age", "missing value for key 'age': expected Int"),
        ("preview", "missing value for key 'preview': expected ShowPreview"),
        ("previewText", "missing value for key 'previewText': expected String"),
        ("id", "missing value for key 'id': expected UUID"),
    ])
    func missing(key: String, message: String) throws {
        var context = Profile.bridge.context(from: Profile())
        context.set(nil, for: key)
        var profile = Profile()
        let error = try #require(throws: FormBridgeError.self) { try Profile.bridge.write(context, into: &profile) }
        #expect(error == .missingValue(key: key, expected: Profile.bridge.storedTypes[key]!))
        #expect(error.description == message)
    }

    @Test("an absent optional key writes nil")
    func absentOptional() throws {
        var profile = Profile(nickname: "before", fallback: .never)
        var context = Profile.bridge.context(from: profile)
        context.set(nil, for: "nickname")
        context.set(nil, for: "fallback")
        try Profile.bridge.write(context, into: &profile)
        #expect(profile.nickname == nil)
        #expect(profile.fallback == nil)
    }

    @Test("a failing write changes nothing, even after earlier keys were valid")
    func atomicValueModel() throws {
        let original = Profile(name: "Before", age: 1)
        var profile = original
        var context = Profile.bridge.context(from: Profile(name: "After", age: 2, score: 9, nickname: "x"))
        context.set("Bogus", for: "fallback")
        #expect(throws: FormBridgeError.unknownRawValue(key: "fallback", type: "ShowPreview", text: "Bogus")) {
            try Profile.bridge.write(context, into: &profile)
        }
        #expect(profile == original)
    }

    @Test("a failing write leaves a class model untouched too")
    func atomicClassModel() throws {
        let account = Account()
        var reference = account
        let context: FormContext = ["email": "b@example.com", "age": "two"]
        #expect(throws: FormBridgeError.typeMismatch(key: "age", expected: "Int", found: "String")) {
            try Account.bridge.write(context, into: &reference)
        }
        #expect(account.email == "a@example.com")
        #expect(account.age == 1)
        try Account.bridge.write(["email": "b@example.com", "age": 2], into: &reference)
        #expect(account.email == "b@example.com")
        #expect(account.age == 2)
    }

    @Test("keys the bridge does not bind are ignored when writing")
    func ignoresUnboundKeys() throws {
        var context = Profile.bridge.context(from: Profile())
        context.set("whatever", for: "unbound")
        var profile = Profile()
        try Profile.bridge.write(context, into: &profile)
        #expect(profile == Profile())
    }

    @Test("keys can be written as string literals, for plain, optional and raw-value properties")
    func literalKeys() throws {
        let bridge = FormBridge<Profile> { bridge in
            bridge.bind(FormKey("name"), to: \.name)
            bridge.bind(FormKey("nickname"), to: \.nickname)
            bridge.bind(FormKey("previewText"), toRawValueOf: \.previewText)
            bridge.bind(FormKey("fallback"), toRawValueOf: \.fallback)
        }
        let context = bridge.context(from: Profile(nickname: "Countess"))
        #expect(context.lines() == ["name: Ada", "nickname: Countess", "previewText: Never"])
        #expect(bridge.storedTypes == ["name": "String", "nickname": "String", "previewText": "String", "fallback": "String"])
    }

    @Test("a key bound twice keeps the later binding")
    func rebinding() throws {
        var bridge = FormBridge<Profile>()
        bridge.bind(FormKey<String>("value"), to: \.name)
        bridge.bind(FormKey<String>("value"), to: \.nickname)
        #expect(bridge.keys == ["value"])
        let profile = try bridge.model(from: ["value": "Lovelace"], startingFrom: Profile())
        #expect(profile.name == "Ada")
        #expect(profile.nickname == "Lovelace")
    }

    @Test("merge adds another bridge's bindings")
    func merging() throws {
        var first = FormBridge<Profile>()
        first.bind(FormKey<String>("name"), to: \.name)
        var second = FormBridge<Profile>()
        second.bind(FormKey<Int>("age"), to: \.age)
        first.merge(second)
        #expect(first.keys == ["name", "age"])
    }

    @Test("writing one key reports whether the model changed")
    func singleKeyWrite() throws {
        var profile = Profile()
        #expect(try Profile.bridge.write(AnyHashable("Ada"), for: "name", into: &profile) == false)
        #expect(try Profile.bridge.write(AnyHashable("Grace"), for: "name", into: &profile) == true)
        #expect(try Profile.bridge.write(AnyHashable("x"), for: "unbound", into: &profile) == false)
        #expect(profile.name == "Grace")
        #expect(throws: FormBridgeError.typeMismatch(key: "age", expected: "Int", found: "String")) {
            try Profile.bridge.write(AnyHashable("x"), for: "age", into: &profile)
        }
        #expect(profile.age == 36)
        #expect(Profile.bridge.storedValue(for: "previewText", of: profile) == AnyHashable("Never"))
        #expect(Profile.bridge.storedValue(for: "unbound", of: profile) == nil)
    }

    @Test("a bridge is Sendable and usable from detached tasks")
    func sendable() async throws {
        let bridge = Hotspot.bridge
        let results = try await withThrowingTaskGroup(of: Hotspot.self) { group in
            for index in 0..<8 {
                group.addTask {
                    let hotspot = Hotspot(password: "p\(index)")
                    return try bridge.model(from: bridge.context(from: hotspot), startingFrom: Hotspot())
                }
            }
            return try await group.reduce(into: []) { $0.append($1.password) }
        }
        #expect(results.sorted() == (0..<8).map { "p\($0)" }.sorted())
    }
}

@Suite("FormBridge round trip entry point")
struct BridgeRoundTripTests {
    @Test("roundTrip returns an equal model for every hotspot option", arguments: ShowPreview.allCases)
    func roundTrip(option: ShowPreview) throws {
        let settings = Settings(hotspot: Hotspot(isEnabled: false, password: "pw", networkName: "net", showPreview: option))
        #expect(try Settings.bridge.roundTrip(settings) == settings)
        #expect(try Campus.bridge.roundTrip(Campus()) == Campus())
    }
}
