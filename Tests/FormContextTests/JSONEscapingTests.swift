import FormContext
import Foundation
import Testing

/// JSON text carries no character that acts on a terminal: every control character, the C1 controls,
/// the line separators and the bidirectional controls are written as `\u` escapes, and the text still
/// parses back to the same string.
@Suite("JSON escaping")
struct JSONEscapingTests {
    @Test(arguments: [
        ("a\u{1B}[2Jb", #""a\u001b[2Jb""#),
        ("\u{7F}\u{80}\u{85}\u{9B}\u{9F}", #""\u007f\u0080\u0085\u009b\u009f""#),
        ("x\u{2028}y\u{2029}z", #""x\u2028y\u2029z""#),
        ("\u{202E}evil\u{2066}", #""\u202eevil\u2066""#),
        ("tab\tline\nquote\"", #""tab\tline\nquote\"""#),
        ("ü ✓ 東京 🙂", #""ü ✓ 東京 🙂""#),
    ])
    func escapes(text: String, json: String) throws {
        let submission = try FormSubmission(["t": text])
        #expect(submission.json(pretty: false) == "{\"t\":\(json)}")
        let parsed = try JSONSerialization.jsonObject(with: Data(submission.json(pretty: false).utf8)) as? [String: String]
        #expect(parsed == ["t": text])
    }
}
