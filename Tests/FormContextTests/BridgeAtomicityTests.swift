import FormContext
import Testing

/// A class reached from a value-type model.
final class Badge: @unchecked Sendable {
    // `@unchecked Sendable` is sound for the tests: each instance is used by one test only.
    var name = "before"
    var level = 1
    var colors = Colors()
}

/// A value held inside the class.
struct Colors: Hashable, Sendable {
    var ink = "black"
}

/// A struct whose key paths go through a class: `\.badge.name` writes into the shared object.
struct Visitor: @unchecked Sendable {
    // `@unchecked Sendable` is sound for the tests, as for `Badge`.
    var badge = Badge()
    var flag = false
    var count = 0

    static let bridge = FormBridge<Visitor> { bridge in
        bridge.bind(FormKey<String>("badge.name"), to: \.badge.name)
        bridge.bind(FormKey<String>("badge.colors.ink"), to: \.badge.colors.ink)
        bridge.bind(FormKey<Bool>("flag"), to: \.flag)
        bridge.bind(FormKey<Int>("count"), to: \.count)
    }
}

/// A value-type model holding a class-typed child bound through the child's own bridge.
struct Lobby: @unchecked Sendable {
    // `@unchecked Sendable` is sound for the tests, as for `Badge`.
    var badge = Badge()
    var open = true

    static let badgeBridge = FormBridge<Badge> { bridge in
        bridge.bind(FormKey<String>("name"), to: \.name)
        bridge.bind(FormKey<Int>("level"), to: \.level)
    }

    static let bridge = FormBridge<Lobby> { bridge in
        bridge.bind(badgeBridge, to: \.badge, under: "badge")
        bridge.bind(FormKey<Bool>("open"), to: \.open)
    }
}

/// `FormBridge.write` is all or nothing: a write that throws changes neither the model nor any
/// object it reaches, even through key paths that go through a class.
@Suite("Bridge writes, all or nothing")
struct BridgeAtomicityTests {
    @Test("a failing write leaves an object reached through a key path unchanged", arguments: [
        ("flag", "notabool" as any Hashable & Sendable),
        ("count", "seven" as any Hashable & Sendable),
        ("count", nil as (any Hashable & Sendable)?),
    ] as [(String, (any Hashable & Sendable)?)])
    func throughAClassProperty(key: String, value: (any Hashable & Sendable)?) {
        var visitor = Visitor()
        let badge = visitor.badge
        var context = Visitor.bridge.context(from: visitor)
        context.set("after", for: "badge.name")
        context.set("red", for: "badge.colors.ink")
        context.set(value, for: key)
        #expect(throws: FormBridgeError.self) { try Visitor.bridge.write(context, into: &visitor) }
        #expect(badge.name == "before")
        #expect(badge.colors.ink == "black")
        #expect(visitor.badge === badge)
        #expect(visitor.flag == false && visitor.count == 0)
    }

    @Test("a failing write leaves a class-typed child bound by its own bridge unchanged")
    func throughANestedBridge() {
        var lobby = Lobby()
        var context = Lobby.bridge.context(from: lobby)
        context.set("after", for: "badge.name")
        context.set("many", for: "badge.level")
        #expect(throws: FormBridgeError.typeMismatch(key: "badge.level", expected: "Int", found: "String")) {
            try Lobby.bridge.write(context, into: &lobby)
        }
        #expect(lobby.badge.name == "before")
        context.set(2, for: "badge.level")
        context.set("yes", for: "open")
        #expect(throws: FormBridgeError.self) { try Lobby.bridge.write(context, into: &lobby) }
        #expect(lobby.badge.name == "before" && lobby.badge.level == 1)
    }

    @Test("a write that succeeds writes through the reference")
    func success() throws {
        var visitor = Visitor()
        let badge = visitor.badge
        var context = Visitor.bridge.context(from: visitor)
        context.set("after", for: "badge.name")
        context.set(true, for: "flag")
        try Visitor.bridge.write(context, into: &visitor)
        #expect(badge.name == "after")
        #expect(visitor.flag)
    }
}
