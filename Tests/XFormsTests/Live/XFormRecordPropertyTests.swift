import Foundation
@testable import FormContextXForms
import Testing
import TestSupport

/// Random changes to a record, kept up to date rule by rule, against a fresh record given the same
/// answers at once: every node's value and state must agree.
@Suite("XForm records: incremental against from scratch")
struct XFormRecordPropertyTests {
    static let answers: [String: [String]] = [
        "/data/region": ["north", "south", ""],
        "/data/town": ["n1", "n2", "s1", ""],
        "/data/age": ["0", "7", "17", "18", "41", "200", ""],
        "/data/consent/signed": ["yes", "no", ""],
        "/data/consent/signer": ["Ann", "Bo", ""],
        "/data/locked/note": ["fixed", "moved", ""],
        "area": ["0", "1.5", "4", "-2", ""],
        "crop": ["maize", "rice", ""],
        "number": ["1", "9", ""],
    ]

    @Test("random sets, clears, additions and removals leave the same state as a fresh record", arguments: 0..<12)
    func incrementalMatchesFresh(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let form = try XFormRecordTests.form("live-survey")
        let record = try XFormRecord(form)
        for _ in 0..<40 {
            let plots = record.nodes.filter { $0.path.hasPrefix("/data/plots[") && !$0.path.dropFirst(12).contains("/") }.count
            switch random.next() % 6 {
            case 0: try record.addRepeat(at: "/data/plots")
            case 1 where plots > 0: try record.removeRepeat(at: "/data/plots[\(Int(random.next() % UInt64(plots)) + 1)]")
            case 2 where plots > 0, 3 where plots > 0:
                let field = ["area", "crop", "number"][Int(random.next() % 3)]
                let value = Self.answers[field]!.randomElement(using: &random)!
                try record.set(value, at: "/data/plots[\(Int(random.next() % UInt64(plots)) + 1)]/\(field)")
            default:
                let path = Self.answers.keys.filter { $0.hasPrefix("/") }.sorted().randomElement(using: &random)!
                try record.set(Self.answers[path]!.randomElement(using: &random)!, at: path)
            }
        }
        // The same answers given to a new record: its rows first, then every answer in document order.
        let fresh = try XFormRecord(form)
        let calculated = Set(["/data/adult", "/data/half", "/data/ratio", "/data/plot_count", "/data/total_area"])
        for node in record.nodes where node.path.hasPrefix("/data/plots[") && !node.path.dropFirst(12).contains("/") {
            try fresh.addRepeat(at: "/data/plots")
        }
        let paths = record.nodes.map(\.path)
        let leaves = record.nodes.filter { node in !paths.contains { $0.hasPrefix(node.path + "/") } }
        for node in leaves where !calculated.contains(node.path) && node.path != "/data/meta/instanceID" {
            try fresh.set(node.value ?? "", at: node.path)
        }
        // The two records draw their instance ids one after the other from the form's environment.
        let withoutID = { (nodes: [XFormNodeState]) in nodes.filter { $0.path != "/data/meta/instanceID" } }
        let (ours, fromScratch) = (withoutID(record.nodes), withoutID(fresh.nodes))
        #expect(ours.count == fromScratch.count, "seed \(seed)")
        for (node, expected) in zip(ours, fromScratch) where node != expected {
            Issue.record("seed \(seed): \(node) but from scratch \(expected)")
        }
    }
}
