import Foundation
import Testing
import TestSupport

@testable import FormContextCore
@testable import FormContextDurability

/// `ContextDemo --xform`: any XForm filled from the command line, run as a process.
@Suite("Demo: any XForm (--xform)")
struct XFormDemoTests {
    static let fill = [
        "--set", "/data/village=Lakeside", "--set", "/data/adults=2", "--set", "/data/has_children=yes", "--set", "/data/child[1]/name=Ann",
        "--set", "/data/child[1]/age=3", "--add", "/data/child", "--set", "/data/child[2]/name=Ben", "--set", "/data/child[2]/age=12",
    ]

    static func example(_ arguments: [String]) -> [String] { ["--xform", XFormDemoRun.example] + arguments }

    @Test("--set and --add fill the example form in order; each relevant question is printed in document order")
    func values() throws {
        let result = try XFormDemoRun.run(Self.example(Self.fill + ["--seed", "3"]))
        #expect(result.status == 0)
        #expect(result.errorOutput == "")
        var lines = result.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let id = lines.first { $0.hasPrefix("/data/meta/instanceID: uuid:") }
        #expect(XFormDemoRun.withoutRecordIDs(id ?? "") == "/data/meta/instanceID: uuid:*")
        lines.removeAll { $0 == id }
        #expect(
            lines == [
                "/data/village: Lakeside", "/data/adults: 2", "/data/has_children: yes", "/data/child[1]/name: Ann", "/data/child[1]/age: 3",
                "/data/child[1]/vaccinated:", "/data/child[2]/name: Ben", "/data/child[2]/age: 12", "/data/size: 4", "/data/summary:",
                "==========", "",
            ])
        // Skip logic: without children the repeat is not relevant, and nothing of it is printed.
        let none = try XFormDemoRun.run(Self.example(Self.fill + ["--set", "/data/has_children=no"]))
        #expect(none.status == 0)
        #expect(!none.output.contains("/data/child"))
        #expect(none.output.contains("/data/size: 2\n"))
    }

    @Test("--seed makes the instance id repeatable; another seed gives another")
    func seed() throws {
        let id = { (seed: String) throws -> String? in
            try XFormDemoRun.run(Self.example(["--seed", seed])).output.split(separator: "\n").first { $0.hasPrefix("/data/meta/instanceID:") }.map(String.init)
        }
        let first = try id("5")
        #expect(first != nil)
        #expect(try id("5") == first)
        #expect(try id("6") != first)
    }

    @Test("--xml prints the example form's submission as JavaRosa writes it (Examples/visit.expected)")
    func exampleSubmission() throws {
        let folder = DocSnippet.packageRoot.appendingPathComponent("Examples")
        let script = try String(contentsOf: folder.appendingPathComponent("visit.script"), encoding: .utf8)
        let expected = try XFormDemoRun.submissions(in: String(contentsOf: folder.appendingPathComponent("visit.expected"), encoding: .utf8))
        let runs = try #require(XFormDemoRun.submissionRuns(of: script, formHasCounts: false))
        #expect(runs.count == 2)
        #expect(expected.count == runs.count)
        for (arguments, submission) in zip(runs, expected) {
            let result = try XFormDemoRun.run(Self.example(arguments + ["--xml"] + XFormDemoRun.oracleClock))
            #expect(result.status == 0)
            #expect(result.errorOutput == "")
            #expect(XFormDemoRun.withoutRecordIDs(result.output) == XFormDemoRun.withoutRecordIDs(submission) + "\n")
        }
    }

    /// Bad input: the arguments and the one error line printed, with status 2.
    static let refusals: [(arguments: [String], error: String)] = [
        (["--set", "/data/nope=1"], #"error: --set '/data/nope=1' was refused: "/data/nope" names no node of the form: no "nope" there"#),
        (["--set", "/data/adults=abc"],
         #"error: --set '/data/adults=abc' was refused: "abc" is no value for "/data/adults" (int): expected a whole number from -2147483648 to 2147483647"#),
        (["--set", "/data/has_children=maybe"], "error: --set '/data/has_children=maybe' was refused: 'maybe' is not among the choices '/data/has_children' offers now: 'yes', 'no'"),
        (["--set", "/data/child[3]/name=Cy"], #"error: --set '/data/child[3]/name=Cy' was refused: "/data/child[3]/name": the repeat has 1 instance, no 3"#),
        (["--set", "/data/child=Cy"], #"error: --set '/data/child=Cy' was refused: "/data/child" is a group: it holds no value"#),
        (["--add", "/data/village"], #"error: --add '/data/village' was refused: "/data/village" is no repeat"#),
        // The calculation would replace the value at once: the run printed the calculated value, status 0.
        (["--set", "/data/adults=2", "--set", "/data/size=9"],
         "error: --set '/data/size=9' was refused: '/data/size' is calculated by the form (' /data/adults  + count( /data/child )'), which replaces a value set there"),
        (["--set", "/other/village=x"], #"error: --set '/other/village=x' was refused: "/other/village" does not start at the instance's root /data"#),
        (["--set", "/data/\u{1B}[2J=x"], #"error: --set '/data/\u{1B}[2J=x' was refused: "/data/\u{1b}[2J" names no node of the form: no "\u{1b}[2J" there"#),
        (["--lang", "de"], "error: unknown language 'de'; the form's languages: 'English (en)', 'Français (fr)'"),
        (["--set", "village"], "error: malformed --set 'village': expected <key>=<value>"),
        (["--xml", "--interactive"], "error: '--interactive' cannot be combined with '--xml'"),
        (["--outbox", "/tmp/x", "--xml"], "error: '--outbox' cannot be combined with '--xml'"),
        (["--interactive", "--draft", "/tmp/x"], "error: --interactive cannot be combined with --draft or --outbox"),
        (["--seed", "-1"], "error: invalid value '-1' for '--seed': expected a whole number from 0 to 18446744073709551615"),
        (["--today", "2026-02-30"], "error: invalid date '2026-02-30' for '--today': expected an ISO 8601 date such as 2026-01-15"),
        (["--form", "contact"], "error: unknown option '--form' (see --help)"),
        (["--interactive"], "error: --interactive needs a terminal: standard input and output must both be one"),
    ]

    @Test("bad input is refused with status 2 and one escaped line naming what was wrong", arguments: refusals.indices)
    func refused(_ index: Int) throws {
        let (arguments, error) = Self.refusals[index]
        let result = try XFormDemoRun.run(Self.example(arguments))
        #expect(result == .init(status: 2, output: "", errorOutput: error + "\n"), "\(arguments)")
    }

    @Test("a file that is not an XForm, or cannot be read, or cannot run, is named in the error with status 2")
    func files() throws {
        let folder = try ScratchFolder("xform-demo")
        defer { folder.remove() }
        let notXML = folder.file("notes.txt")
        try "just text".write(toFile: notXML, atomically: true, encoding: .utf8)
        let notXForm = folder.file("note.xml")
        try "<note>hello</note>".write(toFile: notXForm, atomically: true, encoding: .utf8)
        let cycle = folder.file("cycle.xml")
        try Self.form(instance: "<a/><b/>", binds: #"<bind nodeset="/data/a" calculate="/data/b + 1"/><bind nodeset="/data/b" calculate="/data/a + 1"/>"#)
            .write(toFile: cycle, atomically: true, encoding: .utf8)
        let cases: [(file: String, starts: String)] = [
            (notXML, "error: '\(notXML)' is not an XForm that can be read: line 1, column 1: "),
            (notXForm, "error: '\(notXForm)' is not an XForm that can be read: "),
            (folder.file("missing.xml"), "error: '\(folder.file("missing.xml"))' is not an XForm that can be read: "),
            (folder.path, "error: '\(folder.path)' is not an XForm that can be read: "),
            (cycle, "error: the XForm '\(cycle)' cannot be run: "),
        ]
        for (file, starts) in cases {
            let result = try XFormDemoRun.run(["--xform", file])
            #expect(result.status == 2, "\(file)")
            #expect(result.output == "")
            #expect(result.errorOutput.hasPrefix(starts), "\(result.errorOutput)")
            #expect(result.errorOutput.filter { $0 == "\n" }.count == 1, "one line: \(result.errorOutput)")
        }
        #expect(try XFormDemoRun.run(["--xform", cycle]).errorOutput.contains("loop"))
        // A form without meta/instanceID fills and prints, but cannot be queued for OpenRosa.
        let anonymous = folder.file("anonymous.xml")
        try Self.form(instance: "<a/>", binds: "").write(toFile: anonymous, atomically: true, encoding: .utf8)
        let queued = try XFormDemoRun.run(["--xform", anonymous, "--set", "/data/a=1", "--outbox", folder.file("outbox")])
        #expect(queued.status == 1)
        #expect(queued.output == "")
        #expect(queued.errorOutput.hasPrefix("error: ") && queued.errorOutput.contains("instanceID"), "\(queued.errorOutput)")
        #expect(try XFormDemoRun.run(["--xform"]).errorOutput == "error: missing value for '--xform'\n")
    }

    @Test("values and labels from the form and the arguments reach the terminal escaped")
    func escaping() throws {
        let folder = try ScratchFolder("xform-demo")
        defer { folder.remove() }
        let hostile = folder.file("hostile.xml")
        try Self.form(instance: "<name>a&#x9B;2J&#x202E;b</name><note>x</note>", binds: #"<bind nodeset="/data/name" type="string"/>"#)
            .write(toFile: hostile, atomically: true, encoding: .utf8)
        let plain = try XFormDemoRun.run(["--xform", hostile, "--set", "/data/note=line\nbreak\u{9B}"])
        #expect(plain.status == 0)
        #expect(plain.output == "/data/name: a\\u{9B}2J\\u{202E}b\n/data/note: line\\nbreak\\u{9B}\n==========\n")
        let xml = try XFormDemoRun.run(["--xform", hostile, "--xml", "--set", "/data/note=line\nbreak\u{9B}"])
        #expect(xml.status == 0)
        #expect(xml.output.hasSuffix("<name>a\\u{9B}2J\\u{202E}b</name><note>line\\nbreak\\u{9B}</note></data>\n"))
        #expect(xml.output.filter { $0 == "\n" }.count == 1, "a line break in a value cannot start a line of its own")
        // A character XML 1.0 cannot hold is refused at --set, named, the argument escaped on one line.
        let refused = try XFormDemoRun.run(["--xform", hostile, "--xml", "--set", "/data/note=a\u{1B}b"])
        #expect(refused.status == 2)
        #expect(refused.output == "")
        #expect(
            refused.errorOutput
                == "error: --set '/data/note=a\\u{1B}b' was refused: the value for \"/data/note\" holds U+001B, a character XML 1.0 cannot hold\n",
            "\(refused.errorOutput)")
        #expect(!xml.output.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || (0x7F...0x9F).contains($0.value) || $0.value == 0x202E })
    }

    @Test("--outbox finalizes a complete record: its submission XML queued under its instance id")
    func outbox() throws {
        let folder = try ScratchFolder("xform-demo")
        defer { folder.remove() }
        let outbox = folder.file("outbox")
        let finalized = try XFormDemoRun.run(Self.example(Self.fill + ["--seed", "9", "--outbox", outbox]))
        #expect(finalized.status == 0, "\(finalized.errorOutput)")
        #expect(finalized.errorOutput == "")
        let xml = try XFormDemoRun.run(Self.example(Self.fill + ["--seed", "9", "--xml"])).output
        let id = try #require(xml.firstRange(of: /uuid:[0-9a-f-]{36}/).map { String(xml[$0]) })
        #expect(finalized.output == "finalized \(id) into \(outbox) (1 queued)\n")
        let queued = try Outbox(folder: outbox, createsFolder: false).pending()
        #expect(queued.count == 1)
        #expect("uuid:" + (queued.first?.finalized.instanceID.uuidString.lowercased() ?? "") == id)
        #expect(queued.first?.finalized.formIdentifier == "visit")
        guard case .object(let members)? = queued.first?.finalized.submission["openrosa"] as? JSONValue, case .string(let base64)? = members["xml"] else {
            Issue.record("the queued record holds no instance XML")
            return
        }
        #expect(Data(base64Encoded: base64).map { String(decoding: $0, as: UTF8.self) + "\n" } == xml)
    }

    @Test("--outbox refuses an incomplete record with the form's message, in the chosen language, and queues nothing")
    func finalizeRefused() throws {
        let folder = try ScratchFolder("xform-demo")
        defer { folder.remove() }
        let outbox = folder.file("outbox")
        let cases: [(arguments: [String], error: String)] = [
            ([], "/data/village: Say which village"),
            (["--lang", "fr"], "/data/village: Indiquez le village"),
            (["--set", "/data/village=Lakeside", "--set", "/data/adults=31"], "/data/adults: From 1 to 30"),
            (["--set", "/data/village=Lakeside", "--set", "/data/adults=31", "--lang", "Français (fr)"], "/data/adults: De 1 à 30"),
            (Self.fill + ["--set", "/data/child[2]/age=18", "--lang", "fr"], "/data/child[2]/age: Moins de 18 ans"),
            (Self.fill + ["--set", "/data/child[2]/name="], "/data/child[2]/name: is required"),
        ]
        for (arguments, message) in cases {
            let result = try XFormDemoRun.run(Self.example(arguments + ["--outbox", outbox]))
            let expected = DemoProcess.Result(status: 1, output: "", errorOutput: message + "\n")
            #expect(result == expected, "\(arguments)")
        }
        #expect(!FileManager.default.fileExists(atPath: outbox), "a record that cannot be finalized makes no outbox")
    }

    @Test("--draft keeps the record between runs, the same instance id included, and is removed once it is queued")
    func draft() throws {
        let folder = try ScratchFolder("xform-demo")
        defer { folder.remove() }
        let draft = folder.file("visit.draft")
        let first = try XFormDemoRun.run(Self.example(["--draft", draft, "--set", "/data/village=Lakeside", "--add", "/data/child", "--set", "/data/child[2]/name=Ben"]))
        #expect(first.status == 0)
        let id = first.output.split(separator: "\n").first { $0.hasPrefix("/data/meta/instanceID:") }
        let second = try XFormDemoRun.run(Self.example(["--draft", draft, "--set", "/data/has_children=yes", "--set", "/data/child[2]/age=7"]))
        #expect(second.status == 0)
        for line in ["/data/village: Lakeside\n", "/data/child[1]/name:\n", "/data/child[2]/name: Ben\n", "/data/child[2]/age: 7\n"] {
            #expect(second.output.contains(line), "\(line)")
        }
        #expect(second.output.split(separator: "\n").first { $0.hasPrefix("/data/meta/instanceID:") } == id)
        let done = try XFormDemoRun.run(
            Self.example([
                "--draft", draft, "--set", "/data/adults=1", "--set", "/data/child[1]/name=Ann", "--set", "/data/child[1]/age=10", "--outbox",
                folder.file("outbox"),
            ]))
        #expect(done.status == 0, "\(done.errorOutput)")
        #expect(done.output.hasPrefix("finalized \(id.map { $0.dropFirst("/data/meta/instanceID: ".count) } ?? "")"))
        #expect(!FileManager.default.fileExists(atPath: draft))
    }

    @Test("a draft with a value the form's new version cannot take is copied aside whole before it is saved without it")
    func draftOfAnOlderVersion() throws {
        let folder = try ScratchFolder("xform-demo")
        defer { folder.remove() }
        let draft = folder.file("visit.draft")
        let older = folder.file("older.xml")
        try Self.form(instance: "<village/><adults/>", binds: #"<bind nodeset="/data/adults" type="int"/>"#, id: "visit")
            .write(toFile: older, atomically: true, encoding: .utf8)
        let newer = folder.file("newer.xml")
        try Self.form(instance: "<village/><adults/>", binds: #"<bind nodeset="/data/adults" type="decimal"/>"#, id: "visit")
            .write(toFile: newer, atomically: true, encoding: .utf8)
        #expect(try XFormDemoRun.run(["--xform", older, "--draft", draft, "--set", "/data/village=Lakeside", "--set", "/data/adults=3"]).status == 0)
        let saved = try Data(contentsOf: URL(fileURLWithPath: draft))
        let result = try XFormDemoRun.run(["--xform", newer, "--draft", draft])
        #expect(result.status == 0)
        #expect(result.output.hasPrefix("/data/village: Lakeside\n/data/adults:\n"), "\(result.output)")
        let lines = result.errorOutput.split(separator: "\n").map(String.init)
        #expect(lines.count == 2, "\(lines)")
        #expect(lines.first?.hasPrefix("warning: 'adults' was not restored: ") == true, "\(lines)")
        let copies = folder.names().filter { $0.hasPrefix("visit.draft.before-") }
        #expect(copies.count == 1, "\(folder.names())")
        #expect(lines.last == "warning: the draft as it was is kept as '\(draft).before-\(copies.first?.dropFirst("visit.draft.before-".count) ?? "")'")
        #expect(try copies.map { try Data(contentsOf: URL(fileURLWithPath: folder.file($0))) } == [saved])
    }

    @Test("a draft of another XForm is moved aside with a warning, and the run goes on")
    func draftOfAnotherForm() throws {
        let folder = try ScratchFolder("xform-demo")
        defer { folder.remove() }
        let draft = folder.file("visit.draft")
        let other = folder.file("other.xml")
        try Self.form(instance: "<village/>", binds: "").write(toFile: other, atomically: true, encoding: .utf8)
        #expect(try XFormDemoRun.run(["--xform", other, "--draft", draft, "--set", "/data/village=Elsewhere"]).status == 0)
        let result = try XFormDemoRun.run(Self.example(["--draft", draft]))
        #expect(result.status == 0)
        #expect(result.output.contains("/data/village:\n"))
        #expect(result.errorOutput.hasPrefix("warning: the draft '\(draft)' cannot be read: "))
        #expect(result.errorOutput.contains("it is a draft of the form 'xform:other', not of 'xform:visit'"))
    }

    @Test("--help describes --xform; --xform --help shows its own usage")
    func help() throws {
        let help = try XFormDemoRun.run(["--help"])
        #expect(help.status == 0)
        for text in ["--xform <file>", "--add <path>", "--lang <language>", "--xml", "--seed <n>"] {
            #expect(help.output.contains(text), "help lacks \(text)")
        }
        let own = try XFormDemoRun.run(["--xform", "any.xml", "--help"])
        #expect(own.status == 0)
        #expect(own.output.hasPrefix("USAGE: ContextDemo --xform <file> [options]\n"))
    }

    @Test("the README's --xform transcripts are what the demo prints")
    func readmeTranscripts() throws {
        let readme = try String(contentsOf: DocSnippet.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        var runs: [(arguments: [String], printed: String)] = []
        var isCollecting = false
        for line in readme.components(separatedBy: "\n") {
            if line.hasPrefix("$ swift run ContextDemo --xform ") {
                // A quoted argument ('/data/child[2]/name=Ben', quoted against the shell's globbing) is
                // the text inside the quotes.
                let arguments = line.split(separator: " ").dropFirst(4).map { argument in
                    argument.count >= 2 && argument.hasPrefix("'") && argument.hasSuffix("'") ? String(argument.dropFirst().dropLast()) : String(argument)
                }
                runs.append((arguments, ""))
                isCollecting = true
            } else if line.hasPrefix("$ ") || line.hasPrefix("```") {
                isCollecting = false
            } else if isCollecting {
                runs[runs.count - 1].printed += line + "\n"
            }
        }
        #expect(runs.count == 3)
        for run in runs {
            let result = try XFormDemoRun.run(run.arguments)
            #expect(result.output + result.errorOutput == run.printed, "ContextDemo \(run.arguments.joined(separator: " "))")
        }
    }

    /// A small XForm whose instance is `<data id="…">` holding `instance`, with `binds`.
    static func form(instance: String, binds: String, id: String = "other") -> String {
        """
        <?xml version="1.0"?>
        <h:html xmlns="http://www.w3.org/2002/xforms" xmlns:h="http://www.w3.org/1999/xhtml">
        <h:head><h:title>Test</h:title><model><instance><data id="\(id)">\(instance)</data></instance>\(binds)</model></h:head>
        <h:body/></h:html>
        """
    }
}
