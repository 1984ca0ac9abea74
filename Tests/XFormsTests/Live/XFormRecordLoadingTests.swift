import Foundation
@testable import FormContextXForms
import TestSupport
import Testing

/// A finalized record read back from its XML and loaded into a live record, as ODK Collect loads a
/// record to edit it. What JavaRosa 5.1.0 does then (seen by loading `server-check.xml` with a saved
/// instance through `FormDef.initialize(false, …)`, as Collect does): `jr:preload` values and what
/// `odk-instance-first-load` actions wrote stay as saved; every `calculate` is evaluated again
/// (`random()` draws anew), except that `once()` keeps the saved value.
@Suite("XForm records: loading a finalized record to edit it")
struct XFormRecordLoadingTests {
    static let clock = XFormRecordTests.clock

    /// A record of `server-check.xml` as the device fills it: a minor with a guardian, two members.
    static func filled(_ form: XForm) throws -> XFormRecord {
        let record = try XFormRecord(form)
        try record.set("12", at: "/data/age")
        try record.set("Ann", at: "/data/guardian")
        try record.addRepeat(at: "/data/member")
        try record.set("Bo", at: "/data/member[1]/name")
        try record.set("40.5", at: "/data/member[1]/weight")
        try record.addRepeat(at: "/data/member")
        try record.set("Cy", at: "/data/member[2]/name")
        try record.set("3", at: "/data/member[2]/weight")
        return record
    }

    /// The nodes' states but those of `random()` and what is calculated from it, with the values
    /// of nodes that are not relevant (a submission leaves them out) taken as blank.
    static func stable(_ nodes: [XFormNodeState]) -> [XFormNodeState] {
        nodes.filter { !["/data/draw", "/data/lucky"].contains($0.path) }.map { node in
            var node = node
            if !node.isRelevant { node.value = nil }
            return node
        }
    }

    @Test("preloads and first-load values stay as the record holds them; calculations are worked out again")
    func loadKeepsWhatTheRecordHolds() throws {
        let form = try XFormRecordTests.form("server-check")
        let saved = try form.document.record(
            fromXML: Data(
                """
                <?xml version='1.0' encoding='UTF-8' ?><data id="server-check" version="2"><start>2020-05-05T10:00:00.000Z</start>\
                <today>2020-05-05</today><source>edited</source><age>12</age><double>99</double><guardian>Ann</guardian>\
                <stamp>2020-05-05T10:01:00.000Z</stamp><draw>0.5</draw><lucky>5</lucky><member><name>Bo</name><weight>40.5</weight>\
                <tag>m1</tag></member><member><name>Cy</name><weight>3.0</weight><tag /></member><total>1</total>\
                <meta><instanceID>uuid:11111111-2222-4333-8444-555555555555</instanceID></meta></data>
                """.utf8))
        let record = try XFormRecord(form, loading: saved)
        #expect(try record.value(at: "/data/start") == "2020-05-05T10:00:00.000Z")
        #expect(try record.value(at: "/data/today") == "2020-05-05")
        #expect(try record.value(at: "/data/source") == "edited")
        #expect(try record.value(at: "/data/meta/instanceID") == "uuid:11111111-2222-4333-8444-555555555555")
        #expect(try record.value(at: "/data/stamp") == "2020-05-05T10:01:00.000Z")
        #expect(try record.value(at: "/data/double") == "24")
        #expect(try record.value(at: "/data/total") == "43.5")
        #expect(try record.value(at: "/data/member[1]/tag") == "m1")
        #expect(try record.value(at: "/data/member[2]/tag") == nil)
        #expect(try record.value(at: "/data/member[2]/weight") == "3.0")
        // The loaded record is live: a change recalculates, a new instance runs its new-repeat action.
        try record.set("20", at: "/data/age")
        #expect(try record.value(at: "/data/double") == "40")
        #expect(record.nodes.first { $0.path == "/data/guardian" }?.isRelevant == false)
        #expect(try record.addRepeat(at: "/data/member") == "/data/member[3]")
        #expect(try record.value(at: "/data/member[3]/tag") != nil)
    }

    @Test("once() keeps a dateTime node's value whole when its calculation runs again")
    func onceKeepsDateTime() throws {
        let record = try Self.filled(XFormRecordTests.form("server-check"))
        // `once(now())` stored the clock's date-time; the changes since re-ran it, reading it back.
        #expect(try record.value(at: "/data/stamp") == "2000-01-01T00:00:00.000Z")
    }

    @Test("a record written, read back and loaded is written again byte for byte", arguments: 1...5 as ClosedRange<UInt64>)
    func roundTrip(seed: UInt64) throws {
        let form = try XFormRecordTests.form("server-check", seed: seed)
        let record = try Self.filled(form)
        if seed.isMultiple(of: 2) { try record.set("30", at: "/data/age") }  // the guardian left out
        let written = try form.document.submissionXML(for: record.instance)
        let loaded = try XFormRecord(form, loading: form.document.record(fromXML: written))
        // random() is drawn again on load, as JavaRosa draws it: that node and the one calculated
        // from it aside, nothing may differ.
        let drawn = #/<(draw|lucky)>[^<]*</(draw|lucky)>/#
        let again = String(decoding: try form.document.submissionXML(for: loaded.instance), as: UTF8.self)
        #expect(again.replacing(drawn, with: "") == String(decoding: written, as: UTF8.self).replacing(drawn, with: ""))
        #expect(again.contains("<draw>"))
        #expect(Self.stable(loaded.nodes) == Self.stable(record.nodes))
    }

    @Test("an edited record keeps its instance ID, which renewing moves to deprecatedID")
    func editKeepsInstanceID() throws {
        let form = try XFormRecordTests.form("server-check")
        let record = try Self.filled(form)
        let id = try #require(try record.value(at: "/data/meta/instanceID"))
        let loaded = try XFormRecord(form, loading: form.document.record(fromXML: try form.document.submissionXML(for: record.instance)))
        #expect(try loaded.value(at: "/data/meta/instanceID") == id)
        try loaded.set("13", at: "/data/age")
        var edited = loaded.instance
        let fresh = XFormInstanceID(uuid: UUID(uuidString: "00000000-0000-4000-8000-000000000001")!)
        #expect(try edited.renewInstanceID(fresh)?.description == id)
        let meta = try #require(edited.children.first { $0.name.localName == "meta" })
        #expect(meta.children.map(\.value) == [fresh.description, id])
        // The edited record, with its deprecatedID, is a record of the form and loads again.
        let again = try XFormRecord(form, loading: form.document.record(fromXML: try form.document.submissionXML(for: edited)))
        #expect(try again.value(at: "/data/meta/instanceID") == fresh.description)
    }

    @Test("a value its type cannot hold, or an element the form lacks, is refused naming the node")
    func refusesWhatDoesNotFit() throws {
        let form = try XFormRecordTests.form("server-check")
        var record = try Self.filled(form).instance
        record.content = record.content.map { item in
            guard case .element(var element) = item, element.name.localName == "member" else { return item }
            element.content = element.content.map { inner in
                guard case .element(var leaf) = inner, leaf.name.localName == "weight" else { return inner }
                leaf.content = [.text("heavy")]
                return .element(leaf)
            }
            return .element(element)
        }
        #expect {
            try XFormRecord(form, loading: record)
        } throws: { error in
            guard let error = error as? XFormError else { return false }
            return error.kind == .invalidValue && error.message.contains("/data/member[1]/weight") && error.message.contains("heavy")
        }
        var extra = try Self.filled(form).instance
        extra.content.append(.element(XFormElement(name: XFormName("nickname"))))
        #expect {
            try XFormRecord(form, loading: extra)
        } throws: { error in
            (error as? XFormError)?.kind == .unknownPath && (error as? XFormError)?.message.contains("/data/nickname") == true
        }
    }
}
