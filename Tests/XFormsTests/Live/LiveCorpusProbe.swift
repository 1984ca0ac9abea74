import Foundation
@testable import FormContextXForms
import Testing

/// Plays every corpus script on a live record and prints how many lines match JavaRosa's: a probe
/// for development, run by name (`LIVE_CORPUS=1`); it fails nothing.
@Suite("Live records: corpus probe")
struct LiveCorpusProbe {
    @Test(.enabled(if: ProcessInfo.processInfo.environment["LIVE_CORPUS"] != nil))
    func probe() throws {
        let folder = try #require(XFormCorpusTests.folder)
        let only = ProcessInfo.processInfo.environment["LIVE_CORPUS"].flatMap { $0 == "1" ? nil : $0 }
        var table: [String] = []
        for name in XFormCorpusTests.forms where only == nil || name == only {
            let url = folder.appendingPathComponent(name + ".xml")
            let expected = try String(contentsOf: folder.appendingPathComponent(name + ".expected"), encoding: .utf8)
                .split(separator: "\n").map(String.init).filter { !$0.contains("\"submission\"") }
            let script = try String(contentsOf: folder.appendingPathComponent(name + ".script"), encoding: .utf8)
            do {
                let form = try XForm(XFormDocument(contentsOf: url), environment: .seeded(1, now: Date(timeIntervalSince1970: 946_684_800)))
                let ours = try LiveScript.play(form, script)
                let diffs = LiveScript.differences(ours, expected)
                table.append("\(name): \(diffs.isEmpty ? "MATCH" : "\(diffs.count) of \(expected.count) lines differ")")
                if only != nil { diffs.forEach { print($0) } }
            } catch {
                table.append("\(name): error \(error)  | expected: \((expected.last ?? "").prefix(200))")
            }
        }
        print(table.joined(separator: "\n"))
    }
}
