import Foundation
@testable import FormContextXForms
import TestSupport
import Testing

/// The oracle corpus through the conformance runner: its scripts and JavaRosa's outputs read, and
/// every form played through the engine and compared with JavaRosa, step by step.
///
/// The corpus is read where it is (`../shared/oracle-corpus` beside the package, or
/// `$ORACLE_CORPUS`); without it these tests fail under `CI=true` and are skipped elsewhere.
@Suite("Conformance: the oracle corpus")
struct ConformanceCorpusTests {
    @Test("the corpus is there (required under CI; elsewhere its absence skips the conformance run)")
    func corpusPresent() {
        guard OracleCorpus.folder != nil else {
            if OracleCorpus.isCI { Issue.record(Comment(rawValue: OracleCorpus.missing)) } else { print("note: \(OracleCorpus.missing); the conformance run is skipped") }
            return
        }
        #expect(OracleCorpus.forms.count >= 57)
    }

    @Test("every corpus form plays through the live record as through JavaRosa, but for the listed differences")
    func corpusConforms() throws {
        guard let folder = OracleCorpus.folder else { return }
        let results = OracleCorpus.forms.map { ConformanceRunner.check($0, in: folder, with: LiveRecordEngine.self, expected: ExpectedDifference.all) }
        let table = ConformanceResult.table(results)
        print(table)
        let build = DocSnippet.packageRoot.appendingPathComponent(".build")
        if FileManager.default.fileExists(atPath: build.path) {
            try Data((table + "\n").utf8).write(to: build.appendingPathComponent("conformance.txt"), options: .atomic)
        }
        for result in results where !result.passes {
            Issue.record(Comment(rawValue: "\(terminalSafe(result.form)) differs from JavaRosa beyond the listed differences (see the table above)"))
        }
        let unknown = Set(ExpectedDifference.all.map(\.form)).subtracting(OracleCorpus.forms)
        #expect(unknown.isEmpty, "expected differences for forms the corpus does not have: \(unknown.sorted())")
    }

    /// One form and script of one's own through the live record, its lines printed as the oracle
    /// prints them, to set beside `../shared/oracle/run FORM SCRIPT`: run with `CONFORMANCE_FORM`
    /// and `CONFORMANCE_SCRIPT` set to the two files.
    @Test(
        "a form and a script named by CONFORMANCE_FORM and CONFORMANCE_SCRIPT print our lines",
        .enabled(if: ProcessInfo.processInfo.environment["CONFORMANCE_FORM"] != nil))
    func replay() throws {
        let environment = ProcessInfo.processInfo.environment
        let form = URL(fileURLWithPath: try #require(environment["CONFORMANCE_FORM"]))
        let script = try OracleScript(String(contentsOfFile: try #require(environment["CONFORMANCE_SCRIPT"], "CONFORMANCE_SCRIPT names no script"), encoding: .utf8))
        for output in ConformanceRunner.run(LiveRecordEngine.self, form: form, script: script) { print(terminalSafe(output.line.json, limit: .max)) }
    }

    @Test("every script reads, and JavaRosa's output reads, belongs to its script and is written back byte for byte")
    func corpusFilesRead() throws {
        guard let folder = OracleCorpus.folder else { return }
        for name in OracleCorpus.forms {
            let script = try OracleScript(String(contentsOf: folder.appendingPathComponent(name + ".script"), encoding: .utf8))
            let text = try String(contentsOf: folder.appendingPathComponent(name + ".expected"), encoding: .utf8)
            let lines = try OracleLine.lines(of: text)
            #expect(lines.map(\.json) == text.split(separator: "\n").map(String.init), "\(name)")
            let attributed = try ConformanceRunner.attribute(lines, to: script)
            let printing = script.steps.filter(\.action.prints).count
            if case .error = lines.last {
                #expect(attributed.count <= printing + 1, "\(name)")
            } else {
                #expect(attributed.count == printing, "\(name): every printing step printed")
            }
        }
    }
}

/// Docs/XForms.md shows the expected differences ("In the corpus", under "Differences from
/// JavaRosa") row for row as ``ExpectedDifference/all`` lists them.
@Suite("Conformance: the guide's table of expected differences")
struct ExpectedDifferenceDocsTests {
    @Test("the guide's table is the list the conformance run accepts, row for row")
    func guideMirrorsList() throws {
        let guide = try String(contentsOf: DocSnippet.packageRoot.appendingPathComponent("Docs/XForms.md"), encoding: .utf8)
        let section = try #require(guide.range(of: "\n### In the corpus\n"), "Docs/XForms.md has no section \"In the corpus\"")
        let rows = guide[section.upperBound...].split(separator: "\n", omittingEmptySubsequences: false)
            .drop { !$0.hasPrefix("|") }.prefix { $0.hasPrefix("|") }.dropFirst(2).map(String.init)
        let expected = ExpectedDifference.all.map(\.guideRow)
        #expect(rows == expected, "Docs/XForms.md, \"In the corpus\", should have these rows:\n\(expected.joined(separator: "\n"))")
    }
}

extension ExpectedDifference {
    /// The entry as a row of the guide's table: `| form | step | `nodes` | reason |`.
    var guideRow: String {
        "| \(form) | \(step) | " + nodes.map { "`\($0)`" }.joined(separator: ", ") + " | \(reason) |"
    }
}
