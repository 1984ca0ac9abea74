@testable import FormContextCore
import Testing
@testable import ContextDemo

@Suite("FormBridge scopes")
struct BridgeScopeTests {
    @Test("a nested bridge's keys are joined under its prefix, to any depth")
    func nestedKeys() {
        #expect(Settings.bridge.keys == [
            "hotspot.isEnabled", "hotspot.password", "hotspot.networkName", "hotspot.showPreview",
        ])
        #expect(Campus.bridge.keys == [
            "city", "building.name", "building.room.number", "building.room.label",
            "building.room.hotspot.isEnabled", "building.room.hotspot.password",
            "building.room.hotspot.networkName", "building.room.hotspot.showPreview",
        ])
        #expect(Campus.bridge.secureKeys == ["building.room.hotspot.password"])
        #expect(Settings.bridge.secureKeys == ["hotspot.password"])
    }

    @Test("filling from a model three levels deep")
    func nestedFill() throws {
        var campus = Campus()
        campus.building.room.label = "Lab"
        campus.building.room.hotspot.password = "deep"
        campus.building.room.hotspot.showPreview = .whenUnlocked
        let context = Campus.bridge.context(from: campus)
        #expect(context.lines(revealingSecrets: true) == [
            "building.name: Main",
            "building.room.hotspot.isEnabled: true",
            "building.room.hotspot.networkName: my network",
            "building.room.hotspot.password: deep",
            "building.room.hotspot.showPreview: When Unlocked",
            "building.room.label: Lab",
            "building.room.number: 101",
            "city: Cambridge",
        ])
        #expect(context.displayValue(for: "building.room.hotspot.password") == FormContext.secretMask)
    }

    @Test("writing a change deep in the context updates the root model")
    func nestedWrite() throws {
        var context = Campus.bridge.context(from: Campus())
        context.set("secret", for: "building.room.hotspot.password")
        context.set(ShowPreview.never.rawValue, for: "building.room.hotspot.showPreview")
        context.set(202, for: "building.room.number")
        var campus = Campus()
        try Campus.bridge.write(context, into: &campus)
        var expected = Campus()
        expected.building.room.hotspot.password = "secret"
        expected.building.room.hotspot.showPreview = .never
        expected.building.room.number = 202
        #expect(campus == expected)
    }

    @Test("nested round trips of generated values")
    func nestedRoundTrips() throws {
        for index in 0..<60 {
            var campus = Campus()
            campus.city = awkwardStrings[index % awkwardStrings.count]
            campus.building.name = String(repeating: "b", count: index)
            campus.building.room.number = index * 7 - 100
            campus.building.room.label = index.isMultiple(of: 3) ? nil : "label \(index)"
            campus.building.room.hotspot = Hotspot(
                isEnabled: index.isMultiple(of: 2), password: "p\(index)", networkName: "n\(index)",
                showPreview: ShowPreview.allCases[index % 3])
            let back = try Campus.bridge.model(from: Campus.bridge.context(from: campus), startingFrom: Campus())
            #expect(back == campus)
        }
    }

    @Test("errors deep in a scope name the full key", arguments: [
        ("building.room.hotspot.isEnabled", "maybe" as any Hashable & Sendable,
         "wrong type for key 'building.room.hotspot.isEnabled': expected Bool, found String"),
        ("building.room.hotspot.showPreview", "Sometimes",
         "unknown value for key 'building.room.hotspot.showPreview': 'Sometimes' is not a raw value of ShowPreview"),
        ("building.room.label", 5, "wrong type for key 'building.room.label': expected String, found Int"),
        ("building.name", nil, "missing value for key 'building.name': expected String"),
        ("building.room.hotspot.password", nil, "missing value for key 'building.room.hotspot.password': expected String"),
    ] as [(String, (any Hashable & Sendable)?, String)])
    func nestedErrors(key: String, value: (any Hashable & Sendable)?, message: String) throws {
        var context = Campus.bridge.context(from: Campus())
        context.set("Elsewhere", for: "city")
        context.set(value, for: key)
        var campus = Campus()
        let error = try #require(throws: FormBridgeError.self) { try Campus.bridge.write(context, into: &campus) }
        #expect(error.description == message)
        #expect(error.key == key)
        #expect(campus == Campus())
    }

    @Test("keys are literal: the dots only come from the scope")
    func literalKeys() throws {
        var bridge = FormBridge<Room>()
        bridge.bind(FormKey<String>("label.text"), to: \.label)
        var outer = FormBridge<Building>()
        outer.bind(bridge, to: \.room, under: "room")
        #expect(outer.keys == ["room.label.text"])
        let building = try outer.model(from: ["room.label.text": "x"], startingFrom: Building())
        #expect(building.room.label == "x")
        let untouched = try outer.model(from: ["room": ["label": "x"] as [String: String]], startingFrom: Building())
        #expect(untouched.room.label == nil)
    }

    @Test("an empty prefix keeps the nested keys as they are")
    func emptyPrefix() {
        var bridge = FormBridge<Settings>()
        bridge.bind(Hotspot.bridge, to: \.hotspot, under: "")
        #expect(bridge.keys == Hotspot.bridge.keys)
    }

    @Test("scoped(under:through:) is the same bridge as binding it under the prefix")
    func scopedBridge() throws {
        let scoped: FormBridge<Settings> = Hotspot.bridge.scoped(under: "hotspot", through: \Settings.hotspot)
        #expect(scoped.keys == Settings.bridge.keys)
        var settings = Settings()
        settings.hotspot.networkName = "café"
        #expect(scoped.context(from: settings) == Settings.bridge.context(from: settings))
    }

    @Test("FormKey and FormScope join a prefix and a key with one dot")
    func keyScoping() {
        let password = Hotspot.Keys.password.scoped(in: FormScope("hotspot"))
        #expect(password.name == "hotspot.password")
        #expect(Hotspot.Keys.password.scoped(in: FormScope("")).name == "password")
        #expect(Hotspot.Keys.isEnabled.scoped(in: Settings.hotspotScope) == FormKey<Bool>("hotspot.isEnabled"))
        let deep = FormScope("building").appending("room").appending("hotspot")
        #expect(deep.prefix == "building.room.hotspot")
        #expect(deep.key("password") == "building.room.hotspot.password")
        #expect(FormScope.root.key("city") == "city")
        #expect(FormScope.root.appending("a").prefix == "a")
        #expect(deep.description == "building.room.hotspot")
        #expect(FormScope.root.description == "(root)")
        let settings = Settings.bridge.context(from: Settings())
        #expect(settings[password] == "hello")
        #expect(settings[Hotspot.Keys.showPreview.scoped(in: Settings.hotspotScope)] == "Always")
    }
}
