import Foundation
import FormContext
@testable import ContextDemo

/// A model with one property of every kind a bridge binds.
struct Profile: Hashable, Sendable {
    var name = "Ada"
    var age = 36
    var score = 1.5
    var nickname: String? = nil
    var preview: ShowPreview = .always
    var previewText: ShowPreview = .never
    var fallback: ShowPreview? = nil
    var joined = Date(timeIntervalSince1970: 0)
    var id = UUID(uuidString: "00000000-0000-0000-0000-000000000001")!

    static let bridge = FormBridge<Profile> { bridge in
        bridge.bind(FormKey<String>("name"), to: \.name)
        bridge.bind(FormKey<Int>("age"), to: \.age)
        bridge.bind(FormKey<Double>("score"), to: \.score)
        bridge.bind(FormKey<String>("nickname"), to: \.nickname)
        bridge.bind(FormKey<ShowPreview>("preview"), to: \.preview)
        bridge.bind(FormKey<String>("previewText"), toRawValueOf: \.previewText)
        bridge.bind(FormKey<String>("fallback"), toRawValueOf: \.fallback)
        bridge.bind(FormKey<Date>("joined"), to: \.joined)
        bridge.bind(FormKey<UUID>("id"), to: \.id, isSecure: true)
    }
}

/// A class model, to prove that a failing write leaves a reference untouched too.
final class Account: @unchecked Sendable {
    // `@unchecked Sendable` is sound for the tests: each instance is used by one task only.
    var email = "a@example.com"
    var age = 1

    static let bridge = FormBridge<Account> { bridge in
        bridge.bind(FormKey<String>("email"), to: \.email)
        bridge.bind(FormKey<Int>("age"), to: \.age)
    }
}

/// Three levels of nesting: a campus holds a building, which holds a room.
struct Room: Hashable, Sendable, Codable {
    var number = 101
    var label: String? = nil
    var hotspot = Hotspot()

    static let bridge = FormBridge<Room> { bridge in
        bridge.bind(FormKey<Int>("number"), to: \.number)
        bridge.bind(FormKey<String>("label"), to: \.label)
        bridge.bind(Hotspot.bridge, to: \.hotspot, under: "hotspot")
    }
}

struct Building: Hashable, Sendable, Codable {
    var name = "Main"
    var room = Room()

    static let bridge = FormBridge<Building> { bridge in
        bridge.bind(FormKey<String>("name"), to: \.name)
        bridge.bind(Room.bridge, to: \.room, under: "room")
    }
}

struct Campus: Hashable, Sendable, Codable {
    var city = "Cambridge"
    var building = Building()

    static let bridge = FormBridge<Campus> { bridge in
        bridge.bind(FormKey<String>("city"), to: \.city)
        bridge.bind(Building.bridge, to: \.building, under: "building")
    }
}

/// Strings that have broken string handling somewhere before.
let awkwardStrings: [String] = [
    "", " ", "a", "hello", "héllo wörld", "日本語のテキスト", "🎉👩‍👩‍👧‍👦🏳️‍🌈", "line\nbreak\ttab",
    "quote \" and backslash \\", "key.with.dots", "\u{0}nul",
]

/// Very long strings, built on demand (kept out of argument tables so test names stay short).
func longStrings() -> [String] {
    [1_000, 65_536, 250_000].map { String(repeating: "ü", count: $0) }
}
