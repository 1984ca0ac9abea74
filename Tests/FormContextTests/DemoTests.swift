import Testing
@testable import ContextDemo

@Suite("ContextDemo command line")
struct DemoTests {
    static let contactOutput = """
        firstname: Hello
        lastname: World
        ==========

        """

    @Test("the contact form prints the original example, sorted, then the separator")
    func contactRun() throws {
        let result = try DemoProcess.run(["--form", "contact"])
        #expect(result == .init(status: 0, output: Self.contactOutput, errorOutput: ""))
    }

    @Test("--set types values into the fields; later assignments win")
    func setValues() throws {
        let result = try DemoProcess.run([
            "--form", "contact", "--set", "firstname=Ada", "--set=lastname=Lovelace", "--set", "firstname=Grace",
        ])
        #expect(result.status == 0)
        #expect(result.output == "firstname: Grace\nlastname: Lovelace\n==========\n")
        #expect(result.errorOutput == "")
    }

    @Test("a value may itself contain '=' and unicode")
    func valueWithEquals() throws {
        let result = try DemoProcess.run(["--form=contact", "--set", "lastname=a=b ✓ 東京"])
        #expect(result.output == "firstname: Hello\nlastname: a=b ✓ 東京\n==========\n")
    }

    static let badInput: [(arguments: [String], message: String)] = [
        (["--form", "contact", "--set", "nope=1"], "error: unknown key 'nope'; known keys: firstname, lastname\n"),
        (["--set", "=x"], "error: malformed --set '=x': expected <key>=<value>\n"),
        (["--set", "noequals"], "error: malformed --set 'noequals': expected <key>=<value>\n"),
        (["--set"], "error: missing value for '--set'\n"),
        (["--bogus"], "error: unknown option '--bogus' (see --help)\n"),
        (["stray"], "error: unexpected argument 'stray' (see --help)\n"),
        (["--form", "nope"], "error: unknown form 'nope'; known forms: settings, contact, profile, household, members, survey\n"),
        (["--form", "profile", "--set", "age=4x"], "error: unreadable text for key 'age': expected Int, found \"4x\"\n"),
        (["--form", "profile", "--set", "plan=gold"], "error: unreadable text for key 'plan': expected Plan (one of free, pro, team), found \"gold\"\n"),
        (["--form", "profile", "--set", "birthday=2024-13-01"], "error: unreadable text for key 'birthday': expected Date (ISO 8601), found \"2024-13-01\"\n"),
        (["--form", "profile", "--set", "newsletter=maybe"], "error: unreadable text for key 'newsletter': expected Bool (true or false), found \"maybe\"\n"),
        (["--form", "profile", "--set", "balance=1,5"], "error: unreadable text for key 'balance': expected Decimal, found \"1,5\"\n"),
    ]

    @Test("bad input exits 2 with one line naming what was wrong, and prints no submission", arguments: badInput)
    func badInputExitsTwo(arguments: [String], message: String) throws {
        let result = try DemoProcess.run(arguments)
        #expect(result == .init(status: 2, output: "", errorOutput: message))
    }

    @Test("--help documents every option and exits 0")
    func help() throws {
        let result = try DemoProcess.run(["--help"])
        #expect(result.status == 0)
        #expect(result.errorOutput == "")
        for option in [
            "--form <name>", "--set <key>=<value>", "--show-secrets", "--interactive", "-h, --help", "settings", "contact", "profile", "EXIT STATUS",
        ] {
            #expect(result.output.contains(option), "help lacks \(option)")
        }
        #expect(try DemoProcess.run(["-h"]).output == result.output)
    }

    @Test("the profile form parses every field kind and masks the secret")
    func profileForm() async {
        let outcome = await DemoCommand.run([
            "--form", "profile", "--set", "age=41", "--set", "balance=-0.25", "--set", "birthday=2024-05-01T09:30:00Z",
            "--set", "newsletter=yes", "--set", "plan=Team",
        ])
        #expect(outcome == .init(status: 0, output: """
            age: 41
            balance: -0.25
            birthday: 2024-05-01T09:30:00Z
            name: Ada Lovelace
            newsletter: true
            password: ••••••
            plan: team
            ==========

            """, errorOutput: ""))
    }

    @Test("an empty number clears the field, leaving it out of the submission")
    func emptyNumberClears() async {
        let outcome = await DemoCommand.run(["--form", "profile", "--set", "age="])
        #expect(outcome.status == 0)
        #expect(!outcome.output.contains("age:"))
        #expect(outcome.output.contains("name: Ada Lovelace\n"))
    }
}
