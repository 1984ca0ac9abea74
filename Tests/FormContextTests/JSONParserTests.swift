import Foundation
import Testing

@testable import FormContextCore
import TestSupport

@Suite("JSON reader")
struct JSONParserTests {
    @Test("reads every kind of value, numbers as their exact text")
    func readsValues() throws {
        let json = try JSONValue(parsing: #" {"a": [1, -0.5e+3, 12.50], "b": {"c": null, "d": true, "e": false}, "f": "x\u00e9\ud83d\ude42\n"} "#)
        #expect(json == .object([
            "a": .array([.number("1"), .number("-0.5e+3"), .number("12.50")]),
            "b": .object(["c": .null, "d": .bool(true), "e": .bool(false)]),
            "f": .string("xé🙂\n"),
        ]))
        #expect(json.text == #"{"a":[1,-0.5e+3,12.50],"b":{"c":null,"d":true,"e":false},"f":"xé🙂\n"}"#)
        #expect(try JSONValue(parsing: json.text) == json)
    }

    @Test("refuses what RFC 8259 refuses, naming line, column, expected and found", arguments: [
        ("", "invalid JSON at line 1, column 1: expected a value, found end of input"),
        ("{\"a\": tru}", "invalid JSON at line 1, column 7: expected a value, found 'tru}'"),
        ("{\n  \"a\": 1,\n}", "invalid JSON at line 3, column 1: expected a key in double quotes, found '}'"),
        ("[1 2]", "invalid JSON at line 1, column 4: expected ',' or ']', found '2]'"),
        ("01", "invalid JSON at line 1, column 2: expected no leading zero, found '1'"),
        ("1.", "invalid JSON at line 1, column 3: expected a digit after '.', found end of input"),
        ("-", "invalid JSON at line 1, column 2: expected a digit, found end of input"),
        ("1e", "invalid JSON at line 1, column 3: expected a digit in the exponent, found end of input"),
        ("\"a\tb\"", "invalid JSON at line 1, column 3: expected a control character to be escaped, found '\\tb\"'"),
        ("\"\\x\"", "invalid JSON at line 1, column 3: expected one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\u, found 'x\"'"),
        ("\"\\ud83d\"", "invalid JSON at line 1, column 2: expected a low surrogate after a high surrogate, found '\\ud83d\"'"),
        ("{\"a\":1,\"a\":2}", "invalid JSON at line 1, column 8: expected a key that is not repeated, found '\"a\":2}'"),
        ("{\"a\" 1}", "invalid JSON at line 1, column 6: expected ':' after a key, found '1}'"),
        ("\"open", "invalid JSON at line 1, column 6: expected '\"' to end the string, found end of input"),
        ("1 2", "invalid JSON at line 1, column 3: expected end of input, found '2'"),
        ("é x", "invalid JSON at line 1, column 1: expected a value, found 'é x'"),
        ("[\"é\", x]", "invalid JSON at line 1, column 7: expected a value, found 'x]'"),
        ("nul", "invalid JSON at line 1, column 1: expected a value, found 'nul'"),
        ("[0123456789012345]", "invalid JSON at line 1, column 3: expected no leading zero, found '1234567890…'"),
    ])
    func refuses(text: String, message: String) {
        #expect(throws: JSONParseError.self) { try JSONValue(parsing: text) }
        do {
            _ = try JSONValue(parsing: text)
        } catch {
            #expect(error.description == message)
        }
    }

    @Test("refuses invalid UTF-8 and nesting deeper than the limit")
    func refusesHostileInput() {
        #expect(throws: JSONParseError.self) { try JSONValue(parsing: Data([0x22, 0xFF, 0x22])) }
        let deep = String(repeating: "[", count: JSONValue.maximumDepth + 1) + String(repeating: "]", count: JSONValue.maximumDepth + 1)
        #expect(throws: JSONParseError.self) { try JSONValue(parsing: deep) }
        let ok = String(repeating: "[", count: JSONValue.maximumDepth) + String(repeating: "]", count: JSONValue.maximumDepth)
        #expect((try? JSONValue(parsing: ok)) != nil)
    }

    @Test("seeded: any written value reads back equal")
    func writtenValuesReadBack() throws {
        let seed = UInt64.random(in: 0...UInt64.max)
        var random = SplitMix64(seed: seed)
        for _ in 0..<300 {
            let value = Self.randomJSON(depth: 0, using: &random)
            var pretty = ""
            value.write(to: &pretty, indent: "")
            #expect(try JSONValue(parsing: value.text) == value, "seed \(seed)")
            #expect(try JSONValue(parsing: pretty) == value, "seed \(seed)")
        }
    }

    static func randomJSON(depth: Int, using random: inout SplitMix64) -> JSONValue {
        switch Int.random(in: depth > 3 ? 0...3 : 0...5, using: &random) {
        case 0: return .string(randomText(using: &random))
        case 1: return .number(String(Int.random(in: Int.min...Int.max, using: &random)) + (Bool.random(using: &random) ? ".25e-7" : ""))
        case 2: return .bool(Bool.random(using: &random))
        case 3: return .null
        case 4: return .array((0..<Int.random(in: 0...4, using: &random)).map { _ in randomJSON(depth: depth + 1, using: &random) })
        default:
            var members = JSONObject()
            for _ in 0..<Int.random(in: 0...4, using: &random) {
                members[randomText(using: &random)] = randomJSON(depth: depth + 1, using: &random)
            }
            return .object(members)
        }
    }

    static func randomText(using random: inout SplitMix64) -> String {
        let pool: [Unicode.Scalar] = ["a", "Z", " ", "\"", "\\", "/", "\n", "\u{0}", "\u{1F}", "é", "\u{301}", "🙂", "\u{2028}", "中"]
        var text = String.UnicodeScalarView()
        for _ in 0..<Int.random(in: 0...8, using: &random) { text.append(pool[Int.random(in: 0..<pool.count, using: &random)]) }
        return String(text)
    }
}
