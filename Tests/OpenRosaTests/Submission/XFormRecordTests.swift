import Foundation
import FormContextCore
import FormContextDurability
import Testing
import TestSupport
@testable import FormContextOpenRosa

/// Adding XForm records to an outbox: what is read from the instance, what is refused, and that the
/// outbox holds exactly what was given.
@Suite struct XFormRecordTests {
    @Test func anInstanceAndItsAttachmentAreHeldByteForByte() throws {
        let scratch = try ScratchFolder("xform-record")
        defer { scratch.remove() }
        let outbox = try Outbox(folder: scratch.file("outbox"))
        let id = "uuid:" + UUID().uuidString.lowercased()
        let photo = Data((0..<5000).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        try photo.write(to: URL(fileURLWithPath: scratch.file("1700000000.jpg")))
        let xml = SubmissionFixtures.instance(id: id, files: ["1700000000.jpg"], name: "Zoë &lt;&amp;&gt; \u{202E}")
        let added = try outbox.enqueue(instance: xml, attachments: [scratch.file("1700000000.jpg")])
        #expect(added.instanceID == id)
        #expect(added.formID == "household")
        let pending = try outbox.pending()
        #expect(pending.count == 1)
        let held = try OpenRosaRecord(try #require(pending.first).finalized)
        #expect(held.instanceXML == xml)
        #expect(held.attachments == [OpenRosaAttachment(name: "1700000000.jpg", contents: photo)])
        #expect(held.attachments.first?.contentType == "image/jpeg")
        #expect(try outbox.pendingIDs() == [UUID(uuidString: String(id.dropFirst(5)))!])
        // The app's file is only read; the record's description never shows the instance.
        #expect(FileManager.default.fileExists(atPath: scratch.file("1700000000.jpg")))
        #expect(!String(describing: pending[0].finalized).contains("Zo"))
    }

    @Test func addingTheSameRecordAgainDoesNothing() throws {
        let scratch = try ScratchFolder("xform-record")
        defer { scratch.remove() }
        let outbox = try Outbox(folder: scratch.file("outbox"))
        let xml = SubmissionFixtures.instance()
        let first = try outbox.enqueue(instance: xml)
        let second = try outbox.enqueue(instance: xml)
        #expect(first == second)
        #expect(try outbox.pending().count == 1)
    }

    @Test func theSameInstanceIDWithOtherContentIsAConflict() throws {
        let scratch = try ScratchFolder("xform-record")
        defer { scratch.remove() }
        let outbox = try Outbox(folder: scratch.file("outbox"))
        let id = "uuid:" + UUID().uuidString
        try outbox.enqueue(instance: SubmissionFixtures.instance(id: id, name: "Ada"))
        #expect(throws: OpenRosaError.conflict(instanceID: id)) {
            try outbox.enqueue(instance: SubmissionFixtures.instance(id: id, name: "Grace"))
        }
        let held = try OpenRosaRecord(try #require(outbox.pending().first).finalized)
        #expect(held.instanceXML == SubmissionFixtures.instance(id: id, name: "Ada"))
    }

    @Test func anEditCarriesItsDeprecatedID() throws {
        let scratch = try ScratchFolder("xform-record")
        defer { scratch.remove() }
        let outbox = try Outbox(folder: scratch.file("outbox"))
        let old = UUID()
        let record = try outbox.enqueue(instance: SubmissionFixtures.instance(deprecatedID: "uuid:" + old.uuidString.lowercased()))
        #expect(record.deprecatedID == "uuid:" + old.uuidString.lowercased())
        #expect(try outbox.pending().first?.finalized.previousInstanceID == old)
    }

    /// Instances that must be refused, each with the words its message must hold.
    static let badInstances: [(String, Data, String)] = [
        ("empty", Data(), "is empty"),
        ("not UTF-8", Data([0x3C, 0x61, 0x3E, 0xFF, 0xFE, 0x3C, 0x2F, 0x61, 0x3E]), "not UTF-8"),
        ("malformed", Data("<data><meta><instanceID>uuid:\(UUID())</instanceID></meta>".utf8), "does not read"),
        ("a DTD", Data("<!DOCTYPE data [<!ENTITY e \"x\">]><data>&e;</data>".utf8), "document type"),
        ("no instanceID", Data("<data id=\"f\"><name>x</name></data>".utf8), "is missing"),
        ("instanceID not uuid", SubmissionFixtures.instance(id: "abc"), "\"abc\" is not uuid:"),
        ("instanceID outside meta", Data("<data><instanceID>uuid:\(UUID())</instanceID></data>".utf8), "is missing"),
        ("deprecatedID not uuid", SubmissionFixtures.instance(deprecatedID: "old"), "\"old\" is not uuid:"),
        ("deprecatedID its own", SubmissionFixtures.instance(id: "uuid:0F8FAD5B-D9CB-469F-A165-70867728950E", deprecatedID: "uuid:0f8fad5b-d9cb-469f-a165-70867728950e"), "own instanceID"),
    ]

    @Test(arguments: 0..<badInstances.count)
    func aBadInstanceIsRefusedAndNothingIsQueued(_ index: Int) throws {
        let (label, xml, words) = Self.badInstances[index]
        let scratch = try ScratchFolder("xform-record")
        defer { scratch.remove() }
        let outbox = try Outbox(folder: scratch.file("outbox"))
        do {
            try outbox.enqueue(instance: xml)
            Issue.record("\(label): accepted")
        } catch {
            #expect(error.description.contains(words), "\(label): \(error)")
        }
        #expect(try outbox.pending().isEmpty)
    }

    @Test func attachmentsThatAreNotRegularFilesAreRefused() throws {
        let scratch = try ScratchFolder("xform-record")
        defer { scratch.remove() }
        let outbox = try Outbox(folder: scratch.file("outbox"))
        try Data("photo".utf8).write(to: URL(fileURLWithPath: scratch.file("real.jpg")))
        try FileManager.default.createSymbolicLink(atPath: scratch.file("link.jpg"), withDestinationPath: scratch.file("real.jpg"))
        try FileManager.default.createDirectory(atPath: scratch.file("folder.jpg"), withIntermediateDirectories: false)
        #expect(mkfifo(scratch.file("pipe.jpg"), 0o600) == 0)
        let cases = [
            ("link.jpg", "is a symbolic link, not a regular file"), ("folder.jpg", "is a folder, not a regular file"),
            ("pipe.jpg", "is not a regular file"), ("missing.jpg", "does not exist"),
        ]
        for (name, words) in cases {
            let xml = SubmissionFixtures.instance(files: [name])
            #expect(throws: OpenRosaError.attachment(path: scratch.file(name), problem: words)) {
                try outbox.enqueue(instance: xml, attachments: [scratch.file(name)])
            }
        }
        #expect(try outbox.pending().isEmpty)
        // Nothing the outbox did not make was touched.
        #expect(scratch.names().filter { $0 != "outbox" } == ["folder.jpg", "link.jpg", "pipe.jpg", "real.jpg"])
    }

    @Test func attachmentNamesAreChecked() throws {
        let scratch = try ScratchFolder("xform-record")
        defer { scratch.remove() }
        let outbox = try Outbox(folder: scratch.file("outbox"))
        for name in ["a.jpg", "b.jpg", "q\"uote.jpg", "xml_submission_file", "line\nbreak.jpg"] {
            try Data("x".utf8).write(to: URL(fileURLWithPath: scratch.file(name)))
        }
        #expect(throws: OpenRosaError.attachment(path: scratch.file("b.jpg"), problem: "is not named in the instance: no answer holds \"b.jpg\"")) {
            try outbox.enqueue(instance: SubmissionFixtures.instance(files: ["a.jpg"]), attachments: [scratch.file("b.jpg")])
        }
        #expect(throws: OpenRosaError.attachment(path: scratch.file("a.jpg"), problem: "has the same name as another attachment; each part needs its own name")) {
            try outbox.enqueue(instance: SubmissionFixtures.instance(files: ["a.jpg"]), attachments: [scratch.file("a.jpg"), scratch.file("a.jpg")])
        }
        for name in ["q\"uote.jpg", "xml_submission_file", "line\nbreak.jpg"] {
            do {
                try outbox.enqueue(instance: SubmissionFixtures.instance(files: [name.replacingOccurrences(of: "\"", with: "&quot;")]), attachments: [scratch.file(name)])
                Issue.record("\(name) accepted")
            } catch {
                #expect(error.description.contains("name"), "\(error)")
                #expect(!error.description.contains("\n"))
            }
        }
        #expect(try outbox.pending().isEmpty)
    }

    @Test func anAttachmentNameThatAPartCannotHoldIsNotReadBackFromTheOutbox() throws {
        // A record file changed on disk (or written by something else) is checked as `enqueue` checks
        // what it is given: a name with a quote or a line break would write headers of its own into
        // the multipart body.
        let id = "uuid:" + UUID().uuidString.lowercased()
        for name in ["a.jpg\"\r\nContent-Type: text/html\r\n\r\n", "q\"uote.jpg", "line\nbreak.jpg", "xml_submission_file", "", ".."] {
            let record = OpenRosaRecord(
                instanceID: id, deprecatedID: nil, formID: "household", instanceXML: SubmissionFixtures.instance(id: id),
                attachments: [OpenRosaAttachment(name: name, contents: Data("x".utf8))])
            let held = FinalizedSubmission(
                submission: try record.submission(), instanceID: try #require(record.uuid), formIdentifier: "household", formVersion: 1)
            #expect(throws: OpenRosaError.notAnXFormRecord(held.instanceID), "\(name.debugDescription)") { try OpenRosaRecord(held) }
        }
    }

    @Test func aRecordOverTheLimitIsRefused() throws {
        let scratch = try ScratchFolder("xform-record")
        defer { scratch.remove() }
        let outbox = try Outbox(folder: scratch.file("outbox"))
        let big = Data(count: OpenRosaRecord.maximumBytes + 1)
        #expect(throws: OpenRosaError.tooLarge(bytes: big.count, limit: OpenRosaRecord.maximumBytes)) {
            try outbox.enqueue(instance: big)
        }
        // An attachment that takes the record over the limit is refused before it is read (a sparse file).
        let xml = SubmissionFixtures.instance(files: ["big.bin"])
        #expect(FileManager.default.createFile(atPath: scratch.file("big.bin"), contents: nil))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: scratch.file("big.bin")))
        try handle.truncate(atOffset: UInt64(OpenRosaRecord.maximumBytes - xml.count + 1))
        try handle.close()
        #expect(throws: OpenRosaError.tooLarge(bytes: OpenRosaRecord.maximumBytes + 1, limit: OpenRosaRecord.maximumBytes)) {
            try outbox.enqueue(instance: xml, attachments: [scratch.file("big.bin")])
        }
        #expect(try outbox.pending().isEmpty)
    }

    @Test func aJSONRecordIsNotAnXFormRecord() throws {
        let submission = try FormSubmission(FormContext(["name": "Ada"]))
        let record = FinalizedSubmission(submission: submission)
        #expect(throws: OpenRosaError.notAnXFormRecord(record.instanceID)) { try OpenRosaRecord(record) }
    }
}
