import FormContext
import Testing

/// Errors echo the offending text on one line, every control character visible, cut to a length a
/// person can read, with the full length stated.
@Suite("Offending text in error messages")
struct ErrorExcerptTests {
    @Test(arguments: [
        ("4x", #""4x""#),
        ("say \"hi\"", #""say \"hi\"""#),
        ("line\nbreak\r\ttab\0", #""line\nbreak\r\ttab\0""#),
        ("\u{1B}[2J\u{7F}\u{85}\u{9B}31m", #""\u{1B}[2J\u{7F}\u{85}\u{9B}31m""#),
        ("a\u{2028}b\u{202E}c\u{2066}", #""a\u{2028}b\u{202E}c\u{2066}""#),
        ("back\\slash ✓ 東京 e\u{301}", #""back\\slash ✓ 東京 e\#u{301}""#),
        (String(repeating: "x", count: 80), "\"" + String(repeating: "x", count: 80) + "\""),
        (String(repeating: "x", count: 81), "\"" + String(repeating: "x", count: 80) + "…\" (81 characters)"),
        (String(repeating: "9", count: 10_485_760), "\"" + String(repeating: "9", count: 80) + "…\" (10485760 characters)"),
        (String(repeating: "\n", count: 100), "\"" + String(repeating: "\\n", count: 80) + "…\" (100 characters)"),
    ])
    func parseErrorText(text: String, shown: String) {
        let error = FormControlError.unparsableText(key: "age", text: text, expected: "Int")
        #expect(error.description == "unreadable text for key 'age': expected Int, found \(shown)")
    }

    @Test func aControlCutsAHugeInput() throws {
        let age = FieldControl<Int>(key: "age")
        age.text = String(repeating: "1", count: 1_000_000) + "x"
        let message = try #require(age.parseError?.description)
        #expect(message == "unreadable text for key 'age': expected Int, found \"\(String(repeating: "1", count: 80))…\" (1000001 characters)")
    }

    @Test func rawValueErrors() {
        #expect(FormBridgeError.unknownRawValue(key: "p", type: "ShowPreview", text: "Some\ntimes").description
            == #"unknown value for key 'p': 'Some\ntimes' is not a raw value of ShowPreview"#)
        #expect(FormBridgeError.unknownRawValue(key: "p", type: "ShowPreview", text: "it's").description
            == #"unknown value for key 'p': 'it\'s' is not a raw value of ShowPreview"#)
        #expect(FormBridgeError.unknownRawValue(key: "p", type: "ShowPreview", text: String(repeating: "a", count: 100)).description
            == "unknown value for key 'p': '\(String(repeating: "a", count: 80))…' (100 characters) is not a raw value of ShowPreview")
    }
}
