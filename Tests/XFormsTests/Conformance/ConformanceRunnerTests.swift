import Foundation
@testable import FormContextXForms
import Testing

/// The conformance runner itself, against a toy engine: scripts and outputs read (and refused with
/// the line named), actions played in order, lines compared by the documented rules, the table.
@Suite("Conformance runner")
struct ConformanceRunnerTests {
    // MARK: scripts

    @Test("a script reads into its actions, each with its line; values keep their inner spaces")
    func readsScript() throws {
        let script = try OracleScript(
            """
            # a comment
            set /data/name   Ann  Doe

              clear /data/a
            answer /data/g[2]/b
            answer /data/g[2]/b 7
            add-repeat /data/g[1]/r
            remove-repeat /data/g[2]
            walk
            dump
            choices /data/s
            validate
            submission
            time 10 /data/a 1 2
            """)
        let path = { (text: String) in try ScriptPath(text) }
        #expect(script.steps.map(\.line) == [2, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14])
        #expect(
            script.steps.map(\.action) == [
                .set(try path("/data/name"), "Ann  Doe"), .clear(try path("/data/a")), .answer(try path("/data/g[2]/b"), nil),
                .answer(try path("/data/g[2]/b"), "7"), .addRepeat(try path("/data/g[1]/r")), .removeRepeat(try path("/data/g[2]")), .walk, .dump,
                .choices(try path("/data/s")), .validate, .submission, .time(changes: 10, try path("/data/a"), "1", "2"),
            ])
        #expect(try path("/data/g[2]/b").steps == [.init(name: "data", position: nil), .init(name: "g", position: 2), .init(name: "b", position: nil)])
        #expect(try path("/data/g[2]/b").steps.map(\.index) == [1, 2, 1])
        #expect(try path("/data/g[2]/b").parent?.text == "/data/g[2]")
    }

    static let malformed: [(script: String, error: String)] = [
        ("dump\nset /data/a", #"line 2 ("set /data/a"): usage: set PATH VALUE"#),
        ("clear", #"line 1 ("clear"): usage: clear PATH"#),
        ("clear /data/a b", #"line 1 ("clear /data/a b"): usage: clear PATH"#),
        ("answer", #"line 1 ("answer"): usage: answer PATH [VALUE]"#),
        ("\n\nadd-repeat /data/r[2]", #"line 3 ("add-repeat /data/r[2]"): add-repeat takes the repeat's path without a position on its last step"#),
        ("remove-repeat", #"line 1 ("remove-repeat"): usage: remove-repeat PATH[N]"#),
        ("dump now", #"line 1 ("dump now"): usage: dump (no arguments)"#),
        ("jump /data/a", #"line 1 ("jump /data/a"): unknown action "jump""#),
        ("set data/a 1", #"line 1 ("set data/a 1"): a path must be absolute (start with /): "data/a""#),
        ("set / 1", #"line 1 ("set / 1"): a path must be absolute (start with /): "/""#),
        ("set /data/r[0]/a 1", #"line 1 ("set /data/r[0]/a 1"): repeat positions are whole numbers from 1: step "r[0]" of "/data/r[0]/a""#),
        ("set /data/r[x]/a 1", #"line 1 ("set /data/r[x]/a 1"): repeat positions are whole numbers from 1: step "r[x]" of "/data/r[x]/a""#),
        ("set /data//a 1", #"line 1 ("set /data//a 1"): bad step "" in "/data//a""#),
        ("set /data/a]b 1", #"line 1 ("set /data/a]b 1"): bad step "a]b" in "/data/a]b""#),
        ("time 0 /data/a 1 2", #"line 1 ("time 0 /data/a 1 2"): time needs a whole number of changes of at least 1, not "0""#),
        ("time 5 /data/a 1", #"line 1 ("time 5 /data/a 1"): usage: time N PATH VALUE1 VALUE2"#),
        ("jump\u{1B}[2J /data/a", #"line 1 ("jump\u{1b}[2J /data/a"): unknown action "jump\u{1b}[2J""#),
    ]

    @Test("a malformed line is refused with its number, its text (escaped) and what is wrong", arguments: malformed.indices)
    func refusesMalformed(index: Int) {
        let (text, message) = Self.malformed[index]
        #expect(throws: OracleScriptError.self) { try OracleScript(text) }
        do {
            _ = try OracleScript(text)
        } catch {
            #expect(error.description == message)
        }
    }

    // MARK: outputs

    @Test("every kind of output line reads, and is written back exactly as the oracle wrote it")
    func readsAndWritesLines() throws {
        let text = #"""
            {"dump":[{"path":"/data","type":null,"value":null,"relevant":true,"required":false,"readonly":false,"constraint":null},{"path":"/data/a[2]","type":"int","value":"say \"hi\"\\\n\t\u0001é","relevant":false,"required":true,"readonly":true,"constraint":false}]}
            {"answer":"/data/a","result":"constraint"}
            {"choices":"/data/s","items":[{"value":"a","label":"A"},{"value":"b","label":null}]}
            {"choices":"/data/s","items":[]}
            {"validate":"ok"}
            {"validate":"required","path":"/data/g[3]/n"}

            {"submission":"<?xml version='1.0' encoding='UTF-8' ?><data id=\"x\"><a /></data>"}
            {"time":"/data/a","changes":200,"ns_per_change":1234}
            {"error":"XFormParseException: Cycle detected\nThe following nodes","line":null}
            {"error":"IllegalArgumentException: no node","line":7}
            """#
        let lines = try OracleLine.lines(of: text)
        #expect(lines.count == 10)
        #expect(lines.map(\.json) == text.split(separator: "\n").filter { !$0.isEmpty }.map(String.init))
        guard case .dump(let nodes) = lines[0] else { Issue.record("not a dump"); return }
        #expect(nodes[1] == OracleNode(path: "/data/a[2]", type: "int", value: "say \"hi\"\\\n\t\u{1}é", relevant: false, required: true, readonly: true, constraint: false))
        #expect(lines[2] == .choices(path: "/data/s", items: [OracleChoice(value: "a", label: "A"), OracleChoice(value: "b", label: nil)]))
        #expect(lines[5] == .validate(.failed(.required, path: "/data/g[3]/n")))
        #expect(lines[8] == .error(message: "XFormParseException: Cycle detected\nThe following nodes", line: nil))
        #expect(lines[9] == .error(message: "IllegalArgumentException: no node", line: 7))
    }

    static let badOutputs: [(line: String, message: String)] = [
        (#"{"dump":[{"path":"/data","type":null,"value":null,"relevant":true,"required":false,"readonly":false}]}"#, "a dump node has keys path, readonly, relevant, required, type, value"),
        (#"{"dump":[{"path":"/data","type":null,"value":null,"relevant":1,"required":false,"readonly":false,"constraint":null}]}"#, #"expected Bool at ".dump[0].relevant""#),
        (#"{"answer":"/data/a","result":"maybe"}"#, #"unknown answer result "maybe""#),
        (#"{"answer":"/data/a"}"#, "keys answer where answer, result belong"),
        (#"{"validate":"broken","path":"/data/a"}"#, #"unknown validation outcome "broken""#),
        (#"{"validate":"ok","path":"/data/a"}"#, "keys path, validate where validate belong"),
        (#"{"error":"x"}"#, "keys error where error, line belong"),
        (#"{"hello":1}"#, "none of dump, answer, choices, validate, submission, time, error"),
        (#"{"submission":null}"#, #"expected String, found null at ".submission""#),
    ]

    @Test("an output line that is not of the format is refused with its number", arguments: badOutputs.indices)
    func refusesBadOutput(index: Int) {
        let (line, message) = Self.badOutputs[index]
        #expect(throws: OracleOutputError(line: 2, text: line, message: message)) { try OracleLine.lines(of: "{\"validate\":\"ok\"}\n" + line) }
    }

    @Test("text that is not JSON is refused with its line")
    func refusesNonJSON() {
        #expect(throws: OracleOutputError.self) { try OracleLine.lines(of: "{\"validate\":\"ok\"}\n{dump") }
        do { _ = try OracleLine.lines(of: "{\"validate\":\"ok\"}\n{dump") } catch { #expect(error.line == 2 && error.message.hasPrefix("not JSON")) }
    }

    @Test("the oracle's lines are given the script lines that printed them; an error line, the line it names")
    func attributesLines() throws {
        let script = try OracleScript("set /data/a 1\ndump\n\nanswer /data/a 2\nset /data/b x\nvalidate\n")
        let ok = try OracleLine.lines(of: #"{"dump":[]}"# + "\n" + #"{"answer":"/data/a","result":"ok"}"# + "\n" + #"{"error":"bad","line":5}"#)
        #expect(try ConformanceRunner.attribute(ok, to: script).map(\.scriptLine) == [2, 4, 5])
        let refused = try OracleLine.lines(of: #"{"error":"cycle","line":null}"#)
        #expect(try ConformanceRunner.attribute(refused, to: script).map(\.scriptLine) == [nil])
        let wrongKind = try OracleLine.lines(of: #"{"validate":"ok"}"#)
        #expect(throws: OracleOutputError(line: 1, text: #"{"validate":"ok"}"#, message: "a validate line where the script's line 2 prints dump")) {
            try ConformanceRunner.attribute(wrongKind, to: script)
        }
        let tooMany = try OracleLine.lines(of: [#"{"dump":[]}"#, #"{"answer":"/data/a","result":"ok"}"#, #"{"validate":"ok"}"#, #"{"validate":"ok"}"#].joined(separator: "\n"))
        #expect(throws: OracleOutputError(line: 4, text: #"{"validate":"ok"}"#, message: "the script prints 3 lines, not more")) {
            try ConformanceRunner.attribute(tooMany, to: script)
        }
    }

    // MARK: playing a script

    @Test("the runner plays every action in order and prints a line for each printing action")
    func playsScript() throws {
        let script = try OracleScript(
            "set /data/a 1\nclear /data/b\nanswer /data/c 5\nanswer /data/c\nadd-repeat /data/r\nremove-repeat /data/r[2]\nwalk\nchoices /data/s\nvalidate\nsubmission\ndump\ntime 3 /data/a x y")
        let out = ConformanceRunner.run(ToyEngine.self, form: URL(fileURLWithPath: "/toy/form.xml"), script: script)
        #expect(out.map(\.scriptLine) == [3, 4, 8, 9, 10, 11, 12])
        #expect(out[0].line == .answer(path: "/data/c", result: .ok))
        #expect(out[1].line == .answer(path: "/data/c", result: .required))
        #expect(out[2].line == .choices(path: "/data/s", items: [OracleChoice(value: "a", label: "A")]))
        #expect(out[3].line == .validate(.failed(.constraint, path: "/data/c")))
        #expect(out[4].line == .submission("<data>9</data>"))
        let calls = [
            "set /data/a 1", "clear /data/b", "answer /data/c 5", "answer /data/c -", "add-repeat /data/r", "remove-repeat /data/r[2]", "walk", "choices /data/s",
            "validate",
        ]
        #expect(out[5].line == .dump(calls.enumerated().map { OracleNode(path: "/log[\($0 + 1)]", type: nil, value: $1, relevant: true, required: false, readonly: false, constraint: nil) }))
        guard case .time(let path, let changes, let nanoseconds) = out[6].line else { Issue.record("no time line"); return }
        #expect(path == "/data/a" && changes == 3 && nanoseconds >= 0)
    }

    @Test("a failing action prints an error line naming its script line, and nothing after it runs")
    func stopsAtFailure() throws {
        let script = try OracleScript("dump\nset /data/a invalid\ndump")
        let out = ConformanceRunner.run(ToyEngine.self, form: URL(fileURLWithPath: "/toy/form.xml"), script: script)
        #expect(out.map(\.scriptLine) == [1, 2])
        #expect(out[1].line == .error(message: "'invalid' is not a valid int for /data/a", line: 2))
    }

    @Test("a form the engine refuses prints one error line for the load")
    func refusedForm() throws {
        let out = ConformanceRunner.run(ToyEngine.self, form: URL(fileURLWithPath: "/toy/refused.xml"), script: try OracleScript("dump"))
        #expect(out == [ConformanceRunner.Output(scriptLine: nil, line: .error(message: "cycle: /data/a", line: nil))])
    }

    // MARK: comparing

    static func node(_ path: String, value: String? = nil, relevant: Bool = true, constraint: Bool? = nil) -> OracleNode {
        OracleNode(path: path, type: "int", value: value, relevant: relevant, required: false, readonly: false, constraint: constraint)
    }

    @Test("dump nodes are compared field by field; constraint only where both sides find the node relevant")
    func comparesDumps() {
        let theirs: [OracleNode] = [Self.node("/data/a", value: "1"), Self.node("/data/b", relevant: false, constraint: false), Self.node("/data/c", constraint: true), Self.node("/data/d")]
        let ours: [OracleNode] = [Self.node("/data/a", value: "2"), Self.node("/data/b", relevant: false, constraint: true), Self.node("/data/c", constraint: false), Self.node("/data/e")]
        let differences = ConformanceComparison.differences(.dump(ours), .dump(theirs))
        #expect(differences.map(\.description) == [
            #"/data/a value: ours "2", JavaRosa "1""#,
            "/data/c constraint: ours false, JavaRosa true",
            #"/data/d node: ours (nothing), JavaRosa {"path":"/data/d","type":"int","value":null,"relevant":true,"required":false,"readonly":false,"constraint":null}"#,
            #"/data/e node: ours {"path":"/data/e","type":"int","value":null,"relevant":true,"required":false,"readonly":false,"constraint":null}, JavaRosa (nothing)"#,
        ])
        #expect(ConformanceComparison.differences(.dump(theirs), .dump(theirs)).isEmpty)
        // A relevance difference is reported, the constraint beside it is not.
        let relevance = ConformanceComparison.differences(.dump([Self.node("/data/c", constraint: false)]), .dump([Self.node("/data/c", relevant: false, constraint: true)]))
        #expect(relevance.map(\.field) == ["relevant"])
        let reordered = ConformanceComparison.differences(.dump([Self.node("/data/b"), Self.node("/data/a")]), .dump([Self.node("/data/a"), Self.node("/data/b")]))
        #expect(reordered.map(\.description) == ["order: ours …/data/b, JavaRosa …/data/a"])
    }

    @Test("errors match errors whatever they say, times whatever they measure; other lines whole")
    func comparesOtherLines() {
        #expect(ConformanceComparison.differences(.error(message: "ours", line: 3), .error(message: "JavaRosa's", line: 3)).isEmpty)
        #expect(ConformanceComparison.differences(.time(path: "/data/a", changes: 5, nanosecondsPerChange: 1), .time(path: "/data/a", changes: 5, nanosecondsPerChange: 900)).isEmpty)
        #expect(ConformanceComparison.differences(.time(path: "/data/a", changes: 5, nanosecondsPerChange: 1), .time(path: "/data/a", changes: 6, nanosecondsPerChange: 1)).count == 1)
        #expect(ConformanceComparison.differences(.answer(path: "/data/a", result: .ok), .answer(path: "/data/a", result: .ok)).isEmpty)
        #expect(
            ConformanceComparison.differences(.answer(path: "/data/a", result: .ok), .answer(path: "/data/a", result: .constraint)).map(\.description) == [
                #"line: ours {"answer":"/data/a","result":"ok"}, JavaRosa {"answer":"/data/a","result":"constraint"}"#
            ])
        #expect(ConformanceComparison.differences(.validate(.ok), .validate(.failed(.required, path: "/data/a"))).count == 1)
        #expect(ConformanceComparison.differences(.dump([]), .error(message: "x", line: 2)).map(\.field) == ["line"])
        #expect(ConformanceComparison.differences(nil, .validate(.ok)).map(\.description) == [#"line: ours (nothing), JavaRosa {"validate":"ok"}"#])
        let submission = ConformanceComparison.differences(.submission("<data><a>1</a></data>"), .submission("<data><a>2</a></data>"))
        #expect(submission.map(\.description) == ["submission from character 9: ours <data><a>1</a></data>, JavaRosa <data><a>2</a></data>"])
    }

    @Test("a record id matches any other record id, in a dump value and in a submission, but not another text")
    func recordIDs() {
        let one = "uuid:b166305a-fb02-4f2f-afee-76e52458d18c", other = "uuid:0f8fad5b-d9cb-469f-a165-70867728950e"
        func dump(_ value: String?) -> OracleLine { .dump([Self.node("/data/meta/instanceID", value: value)]) }
        #expect(ConformanceComparison.differences(dump(one), dump(other)).isEmpty)
        #expect(ConformanceComparison.differences(dump(nil), dump(other)).count == 1)
        #expect(ConformanceComparison.differences(dump("uuid:not-a-uuid"), dump(other)).count == 1)
        #expect(ConformanceComparison.differences(dump("uuid:0f8fad5b-d9cb-169f-a165-70867728950e"), dump(other)).count == 1, "version 1")
        #expect(ConformanceComparison.differences(.submission("<id>\(one)</id>"), .submission("<id>\(other)</id>")).isEmpty)
        #expect(ConformanceComparison.differences(.submission("<id>\(one)</id><a>1</a>"), .submission("<id>\(other)</id><a>2</a>")).count == 1)
        #expect(ConformanceComparison.differences(.submission("<id></id>"), .submission("<id>\(other)</id>")).count == 1)
    }

    @Test("steps are matched by script line, the load first; a step on one side only differs")
    func comparesSteps() {
        let ours = [ConformanceRunner.Output(scriptLine: 2, line: .validate(.ok)), .init(scriptLine: 5, line: .dump([]))]
        let theirs = [ConformanceRunner.Output(scriptLine: nil, line: .error(message: "cycle", line: nil))]
        let steps = ConformanceComparison.compare(ours: ours, theirs: theirs)
        #expect(steps.map(\.scriptLine) == [nil, 2, 5])
        #expect(steps.map(\.name) == ["load", "line 2 (validate)", "line 5 (dump)"])
        #expect(steps.allSatisfy { !$0.matches })
        #expect(ConformanceComparison.compare(ours: theirs, theirs: theirs).allSatisfy { $0.matches })
    }

    @Test("escaping: control, C1 and bidirectional characters from outside reach the terminal as escapes")
    func escapes() {
        #expect(terminalSafe("a\u{1B}[2Jb\u{9B}c\u{202E}d\ne") == #"a\u{1b}[2Jb\u{9b}c\u{202e}d\u{a}e"#)
        #expect(terminalSafe(String(repeating: "x", count: 300)).count == 201)
        let difference = ConformanceComparison.Difference(node: "/data/\u{1B}x", field: "value", ours: "\"\u{85}\"", theirs: nil)
        #expect(difference.description == #"/data/\u{1b}x value: ours "\u{85}", JavaRosa (nothing)"#)
    }

    // MARK: expected differences and the table

    static func step(_ line: Int?, _ differences: [ConformanceComparison.Difference]) -> ConformanceComparison.Step {
        ConformanceComparison.Step(scriptLine: line, ours: .dump([]), theirs: .dump([]), differences: differences)
    }

    static func difference(_ node: String?) -> ConformanceComparison.Difference {
        ConformanceComparison.Difference(node: node, field: "value", ours: "\"1\"", theirs: "\"2\"")
    }

    @Test("an entry accepts the differences of its step (or its nodes only); the rest fail the form")
    func acceptsListed() {
        let steps = [Self.step(1, []), Self.step(2, [Self.difference("/data/a"), Self.difference("/data/b")]), Self.step(3, [Self.difference(nil)])]
        let some = [ExpectedDifference(form: "f", step: .line(2), nodes: ["/data/a"], reason: "r"), ExpectedDifference(form: "other", step: .every, reason: "r")]
        let partly = ConformanceResult(form: "f", steps: steps, expected: some)
        #expect(partly.unexplained.map { "\($0.step.scriptLine ?? 0) \($0.difference.node ?? "-")" } == ["2 /data/b", "3 -"])
        #expect(partly.stale.isEmpty && !partly.passes && partly.matching == 1 && partly.differing == 2 && partly.listed == 0)
        let all = [ExpectedDifference(form: "f", step: .line(2), reason: "r"), ExpectedDifference(form: "f", step: .line(3), reason: "r")]
        let whole = ConformanceResult(form: "f", steps: steps, expected: all)
        #expect(whole.passes && whole.listed == 2)
        #expect(ConformanceResult(form: "f", steps: steps, expected: [ExpectedDifference(form: "f", step: .every, reason: "r")]).passes)
        #expect(!ConformanceResult(form: "f", steps: [Self.step(nil, [Self.difference(nil)])], expected: [ExpectedDifference(form: "f", step: .line(1), reason: "r")]).passes)
        #expect(ConformanceResult(form: "f", steps: [Self.step(nil, [Self.difference(nil)])], expected: [ExpectedDifference(form: "f", step: .load, reason: "r")]).passes)
    }

    @Test("an entry that accepts nothing any more fails the form, so the table stays true")
    func refusesStale() {
        let steps = [Self.step(1, []), Self.step(2, [Self.difference("/data/a")])]
        let gone = ConformanceResult(form: "f", steps: steps, expected: [ExpectedDifference(form: "f", step: .line(1), reason: "r")])
        #expect(gone.stale.map(\.step) == [.line(1)] && !gone.passes)
        let node = ConformanceResult(form: "f", steps: steps, expected: [ExpectedDifference(form: "f", step: .line(2), nodes: ["/data/a", "/data/z"], reason: "r")])
        #expect(node.stale.count == 1 && node.unexplained.isEmpty)
    }

    @Test("the table lists every form with its counts and a total, then what fails")
    func table() {
        let results = [
            ConformanceResult(form: "alpha", steps: [Self.step(1, []), Self.step(2, [Self.difference("/data/a")])], expected: []),
            ConformanceResult(form: "beta", steps: [Self.step(1, [])], expected: [ExpectedDifference(form: "beta", step: .line(4), reason: "r")]),
            ConformanceResult(form: "gamma", problem: "line 3 (\"x\u{1B}\"): unknown action"),
        ]
        #expect(
            ConformanceResult.table(results) == """
                form                 steps  matching differing    listed
                alpha                    2         1         1         0
                beta                     1         1         0         0
                gamma                    0         0         0         0
                total (3 forms)          3         2         1         0
                alpha line 2 (dump): /data/a value: ours "1", JavaRosa "2"
                beta line 4: listed as an expected difference, but none occurs any more
                gamma: cannot compare: line 3 ("x\\u{1b}"): unknown action
                """)
    }
}

/// A toy engine for the runner's tests: it records each action and shows the record as its dump
/// (one node a call), so a test sees what the runner asked and in what order.
struct ToyEngine: ConformanceEngine {
    struct Failure: Error, CustomStringConvertible { var description: String }

    var calls: [String] = []

    static func load(_ url: URL) throws -> ToyEngine {
        if url.lastPathComponent == "refused.xml" { throw Failure(description: "cycle: /data/a") }
        return ToyEngine()
    }

    mutating func set(_ path: ScriptPath, to text: String) throws {
        if text == "invalid" { throw Failure(description: "'invalid' is not a valid int for \(path)") }
        if path.text != "/data/a" || !["x", "y"].contains(text) { calls.append("set \(path) \(text)") }
    }

    mutating func clear(_ path: ScriptPath) throws { calls.append("clear \(path)") }

    mutating func answer(_ path: ScriptPath, with text: String?) throws -> OracleAnswerResult {
        calls.append("answer \(path) \(text ?? "-")")
        return text == nil ? .required : .ok
    }

    mutating func addRepeat(_ path: ScriptPath) throws { calls.append("add-repeat \(path)") }
    mutating func removeRepeat(_ path: ScriptPath) throws { calls.append("remove-repeat \(path)") }
    mutating func walk() throws { calls.append("walk") }

    func dump() throws -> [OracleNode] {
        calls.enumerated().map { OracleNode(path: "/log[\($0 + 1)]", type: nil, value: $1, relevant: true, required: false, readonly: false, constraint: nil) }
    }

    mutating func choices(_ path: ScriptPath) throws -> [OracleChoice] {
        calls.append("choices \(path)")
        return [OracleChoice(value: "a", label: "A")]
    }

    mutating func validate() throws -> OracleValidation {
        calls.append("validate")
        return .failed(.constraint, path: "/data/c")
    }

    func submission() throws -> String { "<data>\(calls.count)</data>" }
}
