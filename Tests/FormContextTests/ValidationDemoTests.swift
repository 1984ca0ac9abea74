import Testing

@testable import ContextDemo

@Suite("ContextDemo validation and JSON")
struct ValidationDemoTests {
    static let invalidInput: [(arguments: [String], errors: String)] = [
        (["--form", "contact", "--set", "firstname="], "firstname: is required\n"),
        (["--form", "contact", "--set", "firstname= ", "--set", "lastname=  "], "firstname: is required\nlastname: is required\n"),
        (["--form", "contact", "--set", "lastname=" + String(repeating: "x", count: 41)], "lastname: must be at most 40 characters\n"),
        (["--form", "profile", "--set", "name=R2D2"], "name: must be letters, spaces, dots, apostrophes or hyphens\n"),
        (
            ["--form", "profile", "--set", "name=", "--set", "password=short", "--set", "age=200"],
            "name: is required\npassword: must be at least 8 characters\nage: must be between 0 and 150\n"
        ),
        (["--form", "profile", "--json", "--set", "age=-1"], "age: must be between 0 and 150\n"),
    ]

    @Test("invalid values exit 1, print each error as key: message, and print no submission", arguments: invalidInput)
    func invalidInputExitsOne(arguments: [String], errors: String) throws {
        let result = try DemoProcess.run(arguments)
        #expect(result == .init(status: 1, output: "", errorOutput: errors))
    }

    @Test("unicode names pass the pattern")
    func unicodeName() async {
        let outcome = await DemoCommand.run(["--form", "profile", "--set", "name=Zoë O'Brien-Łukasz"])
        #expect(outcome.status == 0)
        #expect(outcome.output.contains("name: Zoë O'Brien-Łukasz\n"))
    }

    @Test("--json prints the submission as sorted, indented JSON with secrets masked")
    func json() throws {
        let result = try DemoProcess.run(["--form", "profile", "--json", "--set", "plan=pro"])
        #expect(result == .init(status: 0, output: """
            {
              "age": 36,
              "balance": 12.5,
              "birthday": "1815-12-10T00:00:00Z",
              "name": "Ada Lovelace",
              "newsletter": false,
              "password": "••••••",
              "plan": "pro"
            }

            """, errorOutput: ""))
    }

    @Test("--show-secrets reveals secret values in lines and in JSON")
    func showSecrets() async {
        let lines = await DemoCommand.run(["--form", "profile", "--show-secrets"])
        #expect(lines.status == 0)
        #expect(lines.output.contains("password: analytical\n"))
        let masked = await DemoCommand.run(["--form", "profile"])
        #expect(masked.output.contains("password: ••••••\n"))
        #expect(!masked.output.contains("analytical"))
        let json = await DemoCommand.run(["--form", "profile", "--json", "--show-secrets", "--set", "password=difference engine"])
        #expect(json.output.contains(#""password": "difference engine""#))
    }

    @Test("the contact form as JSON")
    func contactJSON() async {
        let outcome = await DemoCommand.run(["--form", "contact", "--json", "--set", "firstname=Ada"])
        #expect(outcome == .init(status: 0, output: "{\n  \"firstname\": \"Ada\",\n  \"lastname\": \"World\"\n}\n", errorOutput: ""))
    }

    @Test("help lists the validation exit status and the new options")
    func help() async {
        let outcome = await DemoCommand.run(["--help"])
        for text in ["--json", "--show-secrets", "1  the values failed validation"] {
            #expect(outcome.output.contains(text), "help lacks \(text)")
        }
    }
}
