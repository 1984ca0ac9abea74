import Foundation
import Testing
import TestSupport

@testable import ContextDemo

/// The survey form of the demo, whose households hold their members: rows inside rows, added with
/// `--add` by position (`households[0].members`), listed by position at every level, and filled
/// through the screens, a household's members on a screen of their own.
@Suite("ContextDemo survey: rows inside rows")
struct SurveyDemoTests {
    /// The lines of the form's first household, Ouro, with its one member.
    static let ouro = [
        "households[0].memberCount: 1", "households[0].members: 1 row",
        "households[0].members[0].age: 34", "households[0].members[0].name: Ama Owusu", "households[0].village: Ouro",
    ]

    @Test("the form starts with one household of one member, each level listed by position")
    func defaults() throws {
        let result = try DemoProcess.run(["--form", "survey"])
        let lines = ["households: 1 row"] + Self.ouro + ["people: 1", "=========="]
        #expect(result == .init(status: 0, output: lines.map { $0 + "\n" }.joined(), errorOutput: ""))
    }

    @Test("--add adds a household, and members to the household a position names, in order")
    func addRows() throws {
        let result = try DemoProcess.run([
            "--form", "survey", "--add", "households", "village=Tema", "--add", "households[1].members", "name=Efua,age=61",
            "--add", "households[0].members", "name=Kofi,age=4", "--add=households[1].members", "name=Yaw,age=30",
        ])
        #expect(result.errorOutput == "")
        #expect(result.output == ([
            "households: 2 rows", "households[0].memberCount: 2", "households[0].members: 2 rows",
            "households[0].members[0].age: 34", "households[0].members[0].name: Ama Owusu",
            "households[0].members[1].age: 4", "households[0].members[1].name: Kofi", "households[0].village: Ouro",
            "households[1].memberCount: 2", "households[1].members: 2 rows",
            "households[1].members[0].age: 61", "households[1].members[0].name: Efua",
            "households[1].members[1].age: 30", "households[1].members[1].name: Yaw", "households[1].village: Tema",
            "people: 4", "==========",
        ].map { $0 + "\n" }.joined()))
    }

    @Test("a group path that names no row, or no group, is refused naming it and the groups there are", arguments: [
        "households[1].members", "households.members", "households[0]", "households[-1].members", "members", "households[0].members[0]",
    ])
    func unknownGroup(path: String) throws {
        let result = try DemoProcess.run(["--form", "survey", "--add", path, "name=Kofi"])
        #expect(result.status == 2)
        #expect(result.output == "")
        #expect(result.errorOutput == "error: unknown repeat group '\(path)'; known groups: households, households[N].members\n")
    }

    @Test("the checks of inner rows name each level by position; --json nests the rows")
    func checksAndJSON() throws {
        let invalid = try DemoProcess.run(["--form", "survey", "--add", "households[0].members", "name=Ama Owusu,age=200"])
        #expect(invalid.status == 1)
        #expect(invalid.errorOutput == "households[0].members: names the same member twice\nhouseholds[0].members[1].age: must be between 0 and 130\n")
        let json = try DemoProcess.run(["--form", "survey", "--add", "households[0].members", "name=Kofi,age=4", "--json"])
        let object = try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any]
        let households = object?["households"] as? [[String: Any]]
        let members = households?.first?["members"] as? [[String: Any]]
        #expect(members?.map { $0["name"] as? String } == ["Ama Owusu", "Kofi"])
        #expect(object?["people"] as? Int == 2)
    }

    @Test("the README's survey transcript is what the demo prints")
    func readmeTranscript() throws {
        let runs = try DemoProcess.readmeTranscripts(ofForm: "survey")
        #expect(runs.count == 2)
        for run in runs {
            let result = try DemoProcess.run(run.arguments)
            #expect(result.output + result.errorOutput == run.printed, "ContextDemo \(run.arguments.joined(separator: " "))")
        }
    }

    @Test("the screens add a household, open its members, add one, and submit what --add would")
    func interactiveSession() async throws {
        let (form, _) = try DemoForm.survey.make(DemoForm.Setup(today: Date()))
        let session = InteractiveSession(screen: DemoForm.surveyScreen, form: form, revealingSecrets: false) { submission in
            _ = try DemoForm.survey.submit(submission.values)
            return .accepted
        }
        // Add household, its village; its Members cell opens its own members' screen: Add member, name, age.
        let commands: [KeyCommand] = [
            .activate, .activate, .insert("Tema"), .commit, .next, .activate,
            .activate, .activate, .insert("Efua"), .commit, .next, .activate, .insert("61"), .commit,
        ]
        for command in commands {
            #expect(await session.handle(command) == nil, "\(command) ended the session")
        }
        let lines = ScreenDrawing.lines(of: session.picture, width: 64, height: 24, styled: false)
        #expect(lines.first == "Survey › Members")
        #expect(lines.contains("  Members of the household in Tema."))
        #expect(await session.handle(.back) == nil)
        #expect(ScreenDrawing.lines(of: session.picture, width: 64, height: 24, styled: false).contains { $0.hasPrefix("  Members ") && $0.hasSuffix(" 1 ›") })
        guard case .submitted(let submission) = await session.handle(.submit) else {
            Issue.record("the submit did not succeed: \(session.messages)")
            return
        }
        let arguments = ["--form", "survey", "--add", "households", "village=Tema", "--add", "households[1].members", "name=Efua,age=61"]
        let printed = try DemoProcess.run(arguments)
        #expect(DemoCommand.render(submission, try DemoCommand.parse(arguments)) == printed.output)
    }
}
