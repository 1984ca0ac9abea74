import Foundation
import Testing
import TestSupport

@testable import FormContextCore

/// `ContextDemo --xform FILE --xml` over the oracle corpus (`../shared/oracle-corpus`, or
/// `$ORACLE_CORPUS`), read where it is: every form JavaRosa loads prints a submission, and where the
/// form's script reaches a `submission` through steps the demo has (`set`, `clear`, `add-repeat`), the
/// demo's submission is JavaRosa's. Without the corpus the tests are skipped, with a message; under
/// `CI=true` a missing corpus fails them.
@Suite("Demo: --xform over the oracle corpus")
struct XFormDemoCorpusTests {
    /// The corpus forms JavaRosa loads: those whose output does not end with a load error (`"line":null`).
    static func loadedForms() throws -> [(name: String, form: URL, expected: String)] {
        guard let folder = OracleCorpus.folder else { return [] }
        return try OracleCorpus.forms.compactMap { name in
            let expected = try String(contentsOf: folder.appendingPathComponent(name + ".expected"), encoding: .utf8)
            let refused = expected.split(separator: "\n").contains { $0.hasPrefix("{\"error\":") && $0.hasSuffix("\"line\":null}") }
            return refused ? nil : (name, folder.appendingPathComponent(name + ".xml"), expected)
        }
    }

    @Test("--xml prints a submission for every corpus form JavaRosa loads", .enabled(if: OracleCorpus.folder != nil || OracleCorpus.isCI, "\(OracleCorpus.missing) (with CI=true this fails)"))
    func everyFormPrints() throws {
        guard OracleCorpus.folder != nil else {
            Issue.record("\(OracleCorpus.missing)")
            return
        }
        let forms = try Self.loadedForms()
        #expect(forms.count >= 48, "the corpus has 57 forms, 9 of which JavaRosa refuses")
        for (name, form, _) in forms {
            let result = try XFormDemoRun.run(["--xform", form.path, "--xml"])
            #expect(result.status == 0, "\(name): \(result.errorOutput)")
            #expect(result.errorOutput == "", "\(name)")
            #expect(result.output.hasPrefix("<?xml version='1.0' encoding='UTF-8' ?><"), "\(name)")
            #expect(result.output.filter { $0 == "\n" }.count == 1, "\(name): one line")
        }
    }

    @Test(
        "where a script's steps are the demo's, --xml prints JavaRosa's submission",
        .enabled(if: OracleCorpus.folder != nil || OracleCorpus.isCI, "\(OracleCorpus.missing) (with CI=true this fails)"))
    func submissionsMatch() throws {
        guard let folder = OracleCorpus.folder else {
            Issue.record("\(OracleCorpus.missing)")
            return
        }
        var compared = 0
        for (name, form, expected) in try Self.loadedForms() {
            let script = try String(contentsOf: folder.appendingPathComponent(name + ".script"), encoding: .utf8)
            let hasCounts = try String(contentsOf: form, encoding: .utf8).contains("jr:count")
            guard let runs = XFormDemoRun.submissionRuns(of: script, formHasCounts: hasCounts), !runs.isEmpty else { continue }
            let submissions = try XFormDemoRun.submissions(in: expected)
            for (arguments, submission) in zip(runs, submissions) {
                let result = try XFormDemoRun.run(["--xform", form.path] + arguments + ["--xml"] + XFormDemoRun.oracleClock)
                #expect(result.status == 0, "\(name): \(result.errorOutput)")
                #expect(XFormDemoRun.withoutRecordIDs(result.output) == XFormDemoRun.withoutRecordIDs(submission) + "\n", "\(name)")
                compared += 1
            }
        }
        #expect(compared >= 10, "only \(compared) submissions compared")
    }
}
