import Foundation
import Testing
import TestSupport

@testable import ContextDemo

/// The household survey of the demo, run as a process: skip logic, calculated fields, a required-if
/// field, a group, and `--explain`.
@Suite("ContextDemo household survey")
struct HouseholdDemoTests {
    /// The arguments of a run of the survey on a fixed day, then `extra`.
    static func survey(_ extra: [String]) -> [String] {
        ["--form", "household", "--today", "2026-01-15"] + extra
    }

    /// What a run prints, given the lines that differ from the defaults.
    static func output(_ replacing: [String: String] = [:]) -> String {
        var fields = [
            "adults": "1", "age": "35", "birthDate": "1990-05-17T00:00:00Z", "hasChildren": "false", "hasPets": "false",
            "householdSize": "1", "rents": "false", "respondent": "Ada Lovelace",
        ]
        for (key, value) in replacing { fields[key] = value.isEmpty ? nil : value }
        return fields.keys.sorted().map { "\($0): \(fields[$0] ?? "")\n" }.joined() + "==========\n"
    }

    @Test("the survey submits its active fields, the calculated age and household size among them")
    func defaults() throws {
        #expect(try DemoProcess.run(Self.survey([])) == .init(status: 0, output: Self.output(), errorOutput: ""))
    }

    @Test(
        "skip logic and calculations: --set prints the active fields only",
        arguments: [
            (["--set", "hasChildren=true", "--set", "children=2"], ["hasChildren": "true", "children": "2", "householdSize": "3"]),
            // Hidden again, the number of children is kept but neither submitted nor counted.
            (
                ["--set", "hasChildren=true", "--set", "children=2", "--set", "hasChildren=false"],
                ["hasChildren": "false", "householdSize": "1"]
            ),
            (["--set", "adults=3", "--set", "birthDate=2000-01-15"], ["adults": "3", "householdSize": "3", "age": "26", "birthDate": "2000-01-15T00:00:00Z"]),
            (["--set", "birthDate=2000-01-16"], ["age": "25", "birthDate": "2000-01-16T00:00:00Z"]),
            (["--set", "rents=true", "--set", "landlord=Elm Estates"], ["rents": "true", "landlord": "Elm Estates"]),
            (
                ["--set", "pets.count=2", "--set", "pets.kind=cats"], [:]
            ),
            (
                ["--set", "hasPets=true", "--set", "pets.count=2", "--set", "pets.kind=cats"],
                ["hasPets": "true", "pets.count": "2", "pets.kind": "cats"]
            ),
            // The kind of pets is disabled until their number is given.
            (["--set", "hasPets=true", "--set", "pets.kind=cats"], ["hasPets": "true"]),
        ])
    func activeFields(arguments: [String], changed: [String: String]) throws {
        #expect(try DemoProcess.run(Self.survey(arguments)) == .init(status: 0, output: Self.output(changed), errorOutput: ""))
    }

    @Test(
        "required and range rules of the active fields, and a birth date after today, are reported",
        arguments: [
            (["--set", "hasChildren=true"], "children: is required\n"),
            (["--set", "hasChildren=true", "--set", "children=0"], "children: must be between 1 and 20\n"),
            (["--set", "rents=true"], "landlord: is required from a tenant\n"),
            (["--set", "rents=true", "--set", "landlord= "], "landlord: is required from a tenant\n"),
            (["--set", "birthDate=2026-01-16"], "birthDate: must not be after today\n"),
            (["--set", "hasPets=true", "--set", "pets.count=99"], "pets.count: must be between 1 and 50\n"),
        ])
    func invalid(arguments: [String], errors: String) throws {
        #expect(try DemoProcess.run(Self.survey(arguments)) == .init(status: 1, output: "", errorOutput: errors))
    }

    @Test(
        "calculated fields cannot be set, and --today must be a date",
        arguments: [
            (["--set", "age=3"], "error: key 'age' is calculated from other fields and cannot be set\n"),
            (["--set", "householdSize=9"], "error: key 'householdSize' is calculated from other fields and cannot be set\n"),
            (["--today", "2026-02-30"], "error: invalid date '2026-02-30' for '--today': expected an ISO 8601 date such as 2026-01-15\n"),
            (["--today="], "error: invalid date '' for '--today': expected an ISO 8601 date such as 2026-01-15\n"),
            (["--explain", "--json"], "error: '--explain' cannot be combined with '--json'\n"),
        ])
    func refused(arguments: [String], message: String) throws {
        #expect(try DemoProcess.run(Self.survey(arguments)) == .init(status: 2, output: "", errorOutput: message))
    }

    @Test("--explain prints the rules the last change ran, with what they read, and why fields are hidden or disabled")
    func explain() throws {
        let result = try DemoProcess.run(Self.survey(["--set", "hasChildren=true", "--set", "children=2", "--set", "hasChildren=false", "--explain"]))
        #expect(result == .init(status: 0, output: Self.output(["hasChildren": "false"]) + """
            rules run by the last change, --set 'hasChildren=false':
              children (visible) <- hasChildren
              children (required) <- hasChildren
              householdSize <- adults, children
            hidden or disabled fields, and why:
              children: hidden by its visibility rule, which read hasChildren = false
              children: optional by its required rule, which read hasChildren = false
              pets.count: hidden with its group pets, whose visibility rule read hasPets = false
              pets.kind: hidden with its group pets, whose visibility rule read hasPets = false
              pets.kind: disabled by its enabled rule, which read pets.count = nil

            """, errorOutput: ""))
    }

    @Test("--explain prints also when validation fails, and says when a change ran no rule or nothing was set")
    func explainEdgeCases() throws {
        let invalid = try DemoProcess.run(Self.survey(["--set", "hasPets=true", "--set", "rents=true", "--explain"]))
        #expect(invalid == .init(status: 1, output: """
            rules run by the last change, --set 'rents=true':
              landlord (required) <- rents
            hidden or disabled fields, and why:
              children: hidden by its visibility rule, which read hasChildren = false
              children: optional by its required rule, which read hasChildren = false
              pets.kind: disabled by its enabled rule, which read pets.count = nil

            """, errorOutput: "landlord: is required from a tenant\n"))
        let noRule = try DemoProcess.run(Self.survey(["--set", "respondent=Grace", "--explain"]))
        #expect(noRule.output.hasSuffix("rules run by the last change, --set 'respondent=Grace':\n  none\n" + Self.hiddenAtStart))
        let nothing = try DemoProcess.run(["--form", "contact", "--explain"])
        #expect(nothing.output.hasSuffix("==========\nrules run by the last change: none (nothing was set)\nhidden or disabled fields, and why:\n  none\n"))
    }

    /// The `--explain` lines about the fields hidden or disabled while nothing else is set.
    static let hiddenAtStart = """
        hidden or disabled fields, and why:
          children: hidden by its visibility rule, which read hasChildren = false
          children: optional by its required rule, which read hasChildren = false
          pets.count: hidden with its group pets, whose visibility rule read hasPets = false
          pets.kind: hidden with its group pets, whose visibility rule read hasPets = false
          pets.kind: disabled by its enabled rule, which read pets.count = nil

        """

    @Test("what --explain echoes of an argument shows control characters as escapes")
    func explainEscapes() throws {
        let result = try DemoProcess.run(Self.survey(["--set", "respondent=x\ny\u{1B}[2J", "--explain"]))
        #expect(result.status == 0)
        #expect(result.output.contains("respondent: x\\ny\\u{1B}[2J\n"))
        #expect(result.output.contains("rules run by the last change, --set 'respondent=x\\ny\\u{1B}[2J':\n  none\n"))
    }

    @Test("the age counts full years to --today, in UTC", arguments: [
        ("2026-05-16", "35"), ("2026-05-17", "36"), ("1990-05-17", "0"), ("2026-05-17T00:00:00+02:00", "35"),
    ])
    func age(today: String, age: String) async {
        let outcome = await DemoCommand.run(["--form", "household", "--today", today])
        #expect(outcome.status == 0)
        #expect(outcome.output.contains("\nage: \(age)\n"))
    }

    @Test("a draft keeps the survey's rules: a hidden value comes back when shown again, and --explain works with it")
    func draft() throws {
        let folder = try ScratchFolder("household")
        defer { folder.remove() }
        let draft = folder.file("survey.json")
        let first = try DemoProcess.run(Self.survey(["--draft", draft, "--set", "hasChildren=true", "--set", "children=2", "--set", "hasChildren=false"]))
        #expect(first == .init(status: 0, output: Self.output(["hasChildren": "false"]), errorOutput: ""))
        let second = try DemoProcess.run(Self.survey(["--draft", draft, "--set", "hasChildren=true", "--explain"]))
        #expect(second.status == 0)
        #expect(second.output.hasPrefix(Self.output(["hasChildren": "true", "children": "2", "householdSize": "3"])))
        #expect(second.output.contains("rules run by the last change, --set 'hasChildren=true':\n  children (visible) <- hasChildren\n"))
    }

    @Test("the README's household transcript is what the demo prints")
    func readmeTranscript() throws {
        let runs = try DemoProcess.readmeTranscripts(ofForm: "household")
        #expect(runs.count == 3)
        for run in runs {
            let result = try DemoProcess.run(run.arguments)
            #expect(result.output + result.errorOutput == run.printed, "ContextDemo \(run.arguments.joined(separator: " "))")
        }
    }

    @Test("--help lists the survey, --explain and --today")
    func help() throws {
        let help = try DemoProcess.run(["--help"]).output
        for text in ["household", "--explain", "--today <date>", "a calculated key", "A calculated field cannot be set."] {
            #expect(help.contains(text), "help lacks \(text)")
        }
    }
}
