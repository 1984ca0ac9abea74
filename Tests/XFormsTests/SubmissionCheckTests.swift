import Foundation
@testable import FormContextXForms
import TestSupport
import Testing

/// A submitted record checked against its form as the device would have checked it
/// (`XForm.check(submission:)`), on `server-check.xml`.
@Suite("Checking a submission against its form")
struct SubmissionCheckTests {
    /// The device's submission of a filled record, as text to tamper with.
    static func submission(seed: UInt64 = 1) throws -> (form: XForm, xml: String) {
        let form = try XFormRecordTests.form("server-check", seed: seed)
        let record = try XFormRecordLoadingTests.filled(form)
        return (form, String(decoding: try form.document.submissionXML(for: record.instance), as: UTF8.self))
    }

    static func check(_ form: XForm, _ xml: String) throws -> XFormSubmissionCheck {
        try form.check(submission: Data(xml.utf8))
    }

    @Test("what the device submitted is accepted, with the device's view of every node", arguments: 1...4 as ClosedRange<UInt64>)
    func acceptsTheDevicesSubmission(seed: UInt64) throws {
        let form = try XFormRecordTests.form("server-check", seed: seed)
        let record = try XFormRecordLoadingTests.filled(form)
        if seed.isMultiple(of: 2) { try record.set("40", at: "/data/age") }
        let check = try form.check(submission: try form.document.submissionXML(for: record.instance))
        #expect(check.findings == [])
        #expect(check.isAccepted)
        // random() is drawn anew on the server: those nodes aside, the states are the device's (but
        // for the values of nodes that are not relevant, which are not sent).
        let stable = XFormRecordLoadingTests.stable
        #expect(stable(check.nodes) == stable(record.nodes))
    }

    @Test("a tampered calculation is refused naming the node, the submitted and the recomputed value")
    func tamperedCalculation() throws {
        let (form, xml) = try Self.submission()
        #expect(xml.contains("<double>24</double>") && xml.contains("<total>43.5</total>"))
        let check = try Self.check(form, xml.replacingOccurrences(of: "<double>24</double>", with: "<double>25</double>"))
        #expect(!check.isAccepted)
        #expect(check.findings.map(\.kind) == [.calculation])
        let finding = try #require(check.findings.first)
        #expect(finding.path == "/data/double")
        #expect(finding.submitted == "25")
        #expect(finding.recomputed == "24")
        #expect(finding.message.contains("24") && finding.message.contains("25"))
        // A sum over the repeat, left blank: the recomputed value against nothing.
        let blank = try Self.check(form, xml.replacingOccurrences(of: "<total>43.5</total>", with: "<total />"))
        #expect(blank.findings.map { [$0.path, $0.submitted ?? "-", $0.recomputed ?? "-"] } == [["/data/total", "-", "43.5"]])
        // The same value written another way is the same value.
        #expect(try Self.check(form, xml.replacingOccurrences(of: "<double>24</double>", with: "<double>024</double>")).isAccepted)
    }

    @Test("a missing required answer is refused with the form's message")
    func missingRequired() throws {
        let (form, xml) = try Self.submission()
        let check = try Self.check(form, xml.replacingOccurrences(of: "<guardian>Ann</guardian>", with: "<guardian />"))
        #expect(check.findings.map(\.kind) == [.required])
        #expect(check.findings.first?.path == "/data/guardian")
        #expect(check.findings.first?.message == "A guardian signs for a minor")
        // Left out altogether: blank too. A required answer inside a repeat instance, with the
        // engine's message where the form gives none.
        let absent = try Self.check(
            form, xml.replacingOccurrences(of: "<guardian>Ann</guardian>", with: "").replacingOccurrences(of: "<name>Cy</name>", with: "<name />"))
        #expect(absent.findings.map { $0.description } == ["/data/guardian: A guardian signs for a minor", "/data/member[2]/name: is required"])
    }

    @Test("a broken constraint is refused with the form's message")
    func brokenConstraint() throws {
        let (form, xml) = try Self.submission()
        let tampered = xml.replacingOccurrences(of: "<weight>3.0</weight>", with: "<weight>-3.0</weight>")
            .replacingOccurrences(of: "<total>43.5</total>", with: "<total>37.5</total>")
        let check = try Self.check(form, tampered)
        #expect(check.findings.map(\.kind) == [.constraint])
        #expect(check.findings.first?.path == "/data/member[2]/weight")
        #expect(check.findings.first?.message == "A weight is above zero")
        #expect(check.findings.first?.submitted == "-3.0")
        #expect(check.nodes.first { $0.path == "/data/member[2]/weight" }?.constraint == false)
    }

    @Test("a non-relevant node submitted, an unknown node and a value of the wrong type are each named")
    func shapeAndTypes() throws {
        let (form, xml) = try Self.submission()
        // An adult needs no guardian: the guardian is not relevant, so it must not be there.
        let adult = xml.replacingOccurrences(of: "<age>12</age>", with: "<age>40</age>").replacingOccurrences(of: "<double>24</double>", with: "<double>80</double>")
        let check = try Self.check(form, adult)
        #expect(check.findings.map(\.kind) == [.notRelevant])
        #expect(check.findings.first?.path == "/data/guardian")
        #expect(check.findings.first?.submitted == "Ann")
        #expect(check.nodes.first { $0.path == "/data/guardian" }?.isRelevant == false)

        let odd = xml.replacingOccurrences(of: "<age>12</age>", with: "<age>twelve</age><nickname>Al</nickname>")
        let findings = try Self.check(form, odd).findings
        // With no age the guardian is not relevant ('' < 18 is false), so the one submitted is a finding too.
        #expect(findings.map(\.kind) == [.invalidValue, .unknownNode, .required, .calculation, .notRelevant])
        #expect(findings.map(\.path) == ["/data/age", "/data/nickname", "/data/age", "/data/double", "/data/guardian"])
        #expect(findings[0].submitted == "twelve")
    }

    @Test("what may rightly differ is not a finding: preloads, first-load values, clocks, random draws, once()")
    func legitimateDifferences() throws {
        let (form, xml) = try Self.submission()
        var changed = xml
        for (from, to) in [
            ("<start>2000-01-01T00:00:00.000Z</start>", "<start>2021-03-04T05:06:07.000Z</start>"),
            ("<today>2000-01-01</today>", "<today>2021-03-04</today>"),
            ("<source>device</source>", "<source>tablet</source>"),
        ] {
            #expect(changed.contains(from), "\(from)")
            changed = changed.replacingOccurrences(of: from, with: to)
        }
        changed = changed.replacing(#/<stamp>[^<]*</stamp>/#, with: "<stamp>2019-01-01T00:00:00.000Z</stamp>")
        changed = changed.replacing(#/<draw>[^<]*</draw><lucky>[^<]*</lucky>/#, with: "<draw>0.123</draw><lucky>1</lucky>")
        changed = changed.replacing(#/<instanceID>[^<]*</instanceID>/#, with: "<instanceID>uuid:11111111-2222-4333-8444-555555555555</instanceID>")
        #expect(try Self.check(form, changed).findings == [])
    }

    @Test("a record of another form, or XML that cannot be read, is refused before any check")
    func otherFormsAreRefused() throws {
        let (form, xml) = try Self.submission()
        #expect(throws: XFormReadError.self) { try Self.check(form, xml.replacingOccurrences(of: "version=\"2\"", with: "version=\"1\"")) }
        #expect(throws: XFormReadError.self) { try Self.check(form, "<data id=\"server-check\"") }
    }
}

/// Repeat instances and questions relevant by their position: the device leaves an instance that is
/// not relevant out of its submission, and the server puts it back before it checks.
@Suite("Checking a submission whose relevance reads positions")
struct SubmissionCheckPositionTests {
    /// A record with `visits` visits, each with two doses, the visit at `skip` not relevant.
    static func filled(visits: Int, skip: Int, seed: UInt64 = 1) throws -> (XForm, XFormRecord) {
        let form = try XFormRecordTests.form("position-relevance", seed: seed)
        let record = try XFormRecord(form)
        try record.set(String(skip), at: "/data/skip")
        for visit in 1...visits {
            try record.addRepeat(at: "/data/visit")
            try record.set("note \(visit)", at: "/data/visit[\(visit)]/note")
            try record.set("later \(visit)", at: "/data/visit[\(visit)]/followup")
            for dose in 1...2 {
                try record.addRepeat(at: "/data/visit[\(visit)]/dose")
                try record.set(String(visit * 10 + dose), at: "/data/visit[\(visit)]/dose[\(dose)]/amount")
            }
        }
        return (form, record)
    }

    @Test("the device's submission is accepted and seen as the device sees it, whichever instance is left out", arguments: 0...5)
    func acceptsTheDevicesSubmission(skip: Int) throws {
        let (form, record) = try Self.filled(visits: 4, skip: skip)
        let xml = try form.document.submissionXML(for: record.instance)
        let check = try form.check(submission: xml)
        #expect(check.findings == [], "\(check.findings)")
        #expect(Self.relevant(check.nodes) == Self.relevant(record.nodes))
        // An instance left out before others comes back blank where it stood (without the repeat
        // instances it held); one left out last leaves no trace.
        #expect(check.nodes.contains { $0.path == "/data/visit[\(skip)]" && !$0.isRelevant } == (1...3).contains(skip))
    }

    /// The nodes that are relevant, with their states.
    static func relevant(_ nodes: [XFormNodeState]) -> [XFormNodeState] {
        XFormRecordLoadingTests.stable(nodes).filter(\.isRelevant)
    }

    @Test("a tampered position-based calculation is caught at the device's path")
    func tamperedAfterALeftOutInstance() throws {
        let (form, record) = try Self.filled(visits: 3, skip: 2)
        let xml = String(decoding: try form.document.submissionXML(for: record.instance), as: UTF8.self)
        #expect(!xml.contains("note 2") && xml.contains("<number>3</number>"))
        let check = try SubmissionCheckTests.check(form, xml.replacingOccurrences(of: "<number>3</number>", with: "<number>2</number>"))
        #expect(check.findings.map { [$0.path, $0.submitted ?? "-", $0.recomputed ?? "-"] } == [["/data/visit[3]/number", "2", "3"]])
    }

    @Test("an instance the device would not have sent is still refused")
    func notRelevantInstanceSent() throws {
        let (form, record) = try Self.filled(visits: 3, skip: 5)
        let xml = String(decoding: try form.document.submissionXML(for: record.instance), as: UTF8.self)
        // No device writes this: the first visit is the one left out, yet the visits numbered from 1 are sent.
        let check = try SubmissionCheckTests.check(form, xml.replacingOccurrences(of: "<skip>5</skip>", with: "<skip>1</skip>"))
        #expect(!check.isAccepted)
    }
}
