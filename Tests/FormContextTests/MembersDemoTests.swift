import Foundation
import Testing
import TestSupport

@testable import ContextDemo

/// The household-members form of the demo, run as a process: rows added with `--add`, listed in
/// order by position, checked by the group's validators, kept in a draft.
@Suite("ContextDemo household members")
struct MembersDemoTests {
    /// The lines of the form's first member, at position 0.
    static let ada = [
        "members[0].age: 36", "members[0].isAdult: true", "members[0].name: Ada Lovelace", "members[0].relationship: self",
    ]

    /// What a run prints: the address, the counts, then the rows.
    static func output(adults: Int, rows: [[String]]) -> String {
        let lines = ["address: 12 Analytical Row", "adults: \(adults)", "householdSize: \(rows.count)"]
            + ["members: \(rows.count) \(rows.count == 1 ? "row" : "rows")"] + rows.flatMap { $0 } + ["=========="]
        return lines.map { $0 + "\n" }.joined()
    }

    @Test("the form starts with one member, listed by position after the group's line")
    func defaults() throws {
        let result = try DemoProcess.run(["--form", "members"])
        #expect(result == .init(status: 0, output: Self.output(adults: 1, rows: [Self.ada]), errorOutput: ""))
    }

    @Test("--add appends rows in order, typing each field as the row's control parses it; a comma without '=' belongs to the value")
    func addRows() throws {
        let result = try DemoProcess.run([
            "--form", "members", "--add", "members", "name=Charles,age=7,relationship=child",
            "--add=members", "name=Lovelace, Byron,age=40,relationship=partner",
        ])
        #expect(result == .init(status: 0, output: Self.output(adults: 2, rows: [
            Self.ada,
            ["members[1].age: 7", "members[1].inSchool: true", "members[1].isAdult: false", "members[1].name: Charles", "members[1].relationship: child"],
            ["members[2].age: 40", "members[2].isAdult: true", "members[2].name: Lovelace, Byron", "members[2].relationship: partner"],
        ]), errorOutput: ""))
    }

    @Test("a row's rule runs in the row: 'in school' is asked, and submitted, only under 18")
    func rowRule() throws {
        let child = try DemoProcess.run(["--form", "members", "--add", "members", "name=Cy,age=17,inSchool=false"])
        #expect(child.output.contains("members[1].inSchool: false\n"))
        let adult = try DemoProcess.run(["--form", "members", "--add", "members", "name=Cy,age=18,inSchool=false"])
        #expect(adult.status == 0)
        #expect(!adult.output.contains("inSchool"))
    }

    @Test("--json writes the group as an array of rows in order")
    func json() throws {
        let result = try DemoProcess.run(["--form", "members", "--add", "members", "name=Cy,age=7", "--json"])
        #expect(result.status == 0)
        let object = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any]
        let rows = object?["members"] as? [[String: Any]]
        #expect(rows?.map { $0["name"] as? String } == ["Ada Lovelace", "Cy"])
        #expect(rows?.map { $0["age"] as? Int } == [36, 7])
        #expect(object?["householdSize"] as? Int == 2)
    }

    @Test(
        "the group's checks and the rows' validators report by position and exit 1",
        arguments: [
            (["name=Ada Lovelace,age=40"], "members: names the same member twice\n"),
            (["name=Cy,age=200"], "members[1].age: must be between 0 and 130\n"),
            (["name=Cy"], "members[1].age: is required\n"),
            (["name=Cy,age=7", "age=5"], "members[2].name: is required\n"),
        ])
    func invalidRows(fields: [String], message: String) throws {
        let result = try DemoProcess.run(["--form", "members"] + fields.flatMap { ["--add", "members", $0] })
        #expect(result == .init(status: 1, output: "", errorOutput: message))
    }

    @Test("at least one member must be an adult: the group's check reports under its key")
    func needsAnAdult() throws {
        let (form, _) = try DemoForm.members.make(DemoForm.Setup(today: Date()))
        _ = try form.appendRow(to: "members", ["name": "Cy", "age": 7])
        #expect(form.validate().errors.isEmpty)
        try form.removeRows([form.rows(of: "members")[0]], from: "members")
        #expect(form.validate().errors.map { "\($0.key ?? ""): \($0.message)" } == ["members: needs at least one adult (18 or over)"])
    }

    @Test(
        "bad rows exit 2 with one line naming the group, the field or the text",
        arguments: [
            (["--add", "staff", "a=1"], "error: unknown repeat group 'staff'; known groups: members\n"),
            (["--add", "members", "nope=1"], "error: unknown field 'nope' in the rows of 'members'; known fields: age, inSchool, name, relationship\n"),
            (["--add", "members", "isAdult=true"], "error: unknown field 'isAdult' in the rows of 'members'; known fields: age, inSchool, name, relationship\n"),
            (["--add", "members", ",name=x"], "error: malformed --add 'members' ',name=x': expected <field>=<value>[,<field>=<value>...]\n"),
            (["--add", "members", "=x"], "error: malformed --add 'members' '=x': expected <field>=<value>[,<field>=<value>...]\n"),
            (["--add", "members"], "error: missing value for '--add members'\n"),
            (["--add"], "error: missing value for '--add'\n"),
            (["--add", "members", "name=x,age=4x"], "error: unreadable text for key 'members.r2.age': expected Int, found \"4x\"\n"),
            (["--add", "members", "name=x,relationship=cousin"], "error: unreadable text for key 'members.r2.relationship': expected Relationship (one of self, partner, child, parent, other), found \"cousin\"\n"),
            (["--set", "members.r1.age=3"], "error: unknown key 'members.r1.age'; known keys: address\n"),
            (["--set", "householdSize=3"], "error: key 'householdSize' is calculated from other fields and cannot be set\n"),
        ])
    func badRows(arguments: [String], message: String) throws {
        let result = try DemoProcess.run(["--form", "members"] + arguments)
        #expect(result == .init(status: 2, output: "", errorOutput: message))
    }

    @Test("a form without groups refuses --add")
    func noGroups() throws {
        let result = try DemoProcess.run(["--form", "contact", "--add", "members", "name=x"])
        #expect(result == .init(status: 2, output: "", errorOutput: "error: unknown repeat group 'members'; this form has none\n"))
    }

    @Test("the group's maximum refuses a thirteenth member, naming the group")
    func maximum() throws {
        let adds = (1...12).flatMap { ["--add", "members", "name=M\($0),age=\(20 + $0)"] }
        let result = try DemoProcess.run(["--form", "members"] + adds)
        #expect(result.status == 2)
        #expect(result.output == "")
        #expect(result.errorOutput.hasPrefix("error: "))
        #expect(result.errorOutput.contains("'members'"))
        #expect(result.errorOutput.contains("12"))
    }

    @Test("--draft keeps the rows between runs, in order, with their values")
    func draft() throws {
        let folder = try ScratchFolder("members")
        defer { folder.remove() }
        let draft = folder.file("members.draft")
        let first = try DemoProcess.run(["--form", "members", "--draft", draft, "--add", "members", "name=Cy,age=7"])
        #expect(first.status == 0)
        let second = try DemoProcess.run(["--form", "members", "--draft", draft, "--add", "members", "name=Di,age=30"])
        #expect(second.status == 0)
        #expect(second.output.contains("members: 3 rows\n"))
        #expect(second.output.contains("members[1].name: Cy\n"))
        #expect(second.output.contains("members[2].name: Di\n"))
    }

    @Test("--explain lists the rules an --add ran and the hidden fields of the rows")
    func explain() throws {
        let result = try DemoProcess.run(["--form", "members", "--add", "members", "name=Cy,age=7", "--explain"])
        #expect(result.status == 0)
        #expect(result.output.contains("rules run by the last change, --add 'members' 'name=Cy,age=7':\n"))
        #expect(result.output.contains("  members.r1.inSchool: hidden by its visibility rule, which read members.r1.age = 36\n"))
    }

    @Test("the README's members transcript is what the demo prints")
    func readmeTranscript() throws {
        let runs = try DemoProcess.readmeTranscripts(ofForm: "members")
        #expect(runs.count == 2)
        for run in runs {
            let result = try DemoProcess.run(run.arguments)
            #expect(result.output + result.errorOutput == run.printed, "ContextDemo \(run.arguments.joined(separator: " "))")
        }
    }
}
