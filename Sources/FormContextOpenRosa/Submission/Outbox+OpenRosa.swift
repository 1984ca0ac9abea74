internal import FormContextXForms
import FormContextCore
// XForm records are added to and delivered from an `Outbox`: `import FormContextOpenRosa` gives it
// (the durability module's API), so sending needs one import.
@_exported public import FormContextDurability
public import Foundation

extension Outbox {
    /// Adds a finalized XForm record to the end of the queue, durably, for ``OpenRosaTransport``:
    /// the instance's XML and a copy of each attachment, keyed by the instance's `meta/instanceID`.
    ///
    /// ```swift
    /// let xml = try Data(contentsOf: instanceFile)
    /// try outbox.enqueue(instance: xml, attachments: [photoPath])
    /// try await outbox.deliver(using: OpenRosaTransport(submissionURL: url).transport)
    /// ```
    ///
    /// The instance id is read from the XML (`meta/instanceID`, in any namespace) and must be `uuid:`
    /// and a UUID, as ODK clients write it; an edit carries the replaced record's id as
    /// `meta/deprecatedID`, read the same way, which must differ from its own. The bytes are kept
    /// exactly as given and sent as they are.
    ///
    /// Each attachment is a path to a regular file (a link, a folder, a device or a pipe is refused),
    /// whose name the instance holds as an answer's text; its bytes are copied into the record when it
    /// is added, so the app may remove its file afterwards and the outbox sends what was finalized. The
    /// file itself is only read.
    ///
    /// Adding a record whose instance id the outbox already holds (queued or parked) with the same XML
    /// and attachments does nothing and returns the record: an app that crashed before it knew the add
    /// had happened can simply add again. The same instance id with anything different is refused
    /// (``OpenRosaError/conflict(instanceID:)``): an edit needs a new instance id.
    ///
    /// - Parameters:
    ///   - instance: The instance's XML, UTF-8, as the form's submission writer made it.
    ///   - attachments: Paths to the files the instance names, in the order they are sent.
    /// - Returns: The record as the outbox now holds it.
    /// - Throws: ``OpenRosaError`` naming what was wrong; the queue is then as it was.
    /// - Complexity: O(*n*) in the size of the instance and attachments, plus, when the instance id is
    ///   already held, a read of the queued and parked records.
    @discardableResult
    public func enqueue(instance: Data, attachments: [String] = []) throws(OpenRosaError) -> OpenRosaRecord {
        let record = try OpenRosaRecord(instance: instance, attachmentPaths: attachments)
        guard let uuid = record.uuid else { throw .instanceID("is not uuid: and a UUID") }
        let finalized = FinalizedSubmission(
            submission: try record.submission(), instanceID: uuid, formIdentifier: record.formID ?? "form",
            formVersion: 1, previousInstanceID: record.deprecatedID.flatMap(OpenRosaRecord.uuid(in:)))
        do {
            try enqueue(finalized)
            return record
        } catch .duplicate(_) {
            let held: [OutboxRecord]
            do { held = try pending() + parked() } catch { throw .outbox(error) }
            if let existing = held.first(where: { $0.finalized.instanceID == uuid }), let old = try? OpenRosaRecord(existing.finalized),
                old == record
            {
                return old
            }
            throw .conflict(instanceID: record.instanceID)
        } catch {
            throw .outbox(error)
        }
    }
}

extension OpenRosaRecord {
    /// Reads and checks an instance and its attachments' files into a record.
    init(instance: Data, attachmentPaths: [String]) throws(OpenRosaError) {
        guard instance.count <= Self.maximumBytes else { throw .tooLarge(bytes: instance.count, limit: Self.maximumBytes) }
        let metadata = try InstanceMetadata(reading: instance)
        guard let instanceID = metadata.instanceID, !instanceID.isEmpty else {
            throw .instanceID("is missing: the instance needs <meta><instanceID>uuid:…</instanceID></meta> under its root element")
        }
        guard Self.uuid(in: instanceID) != nil else {
            throw .instanceID("\(Quoted.value(instanceID, limit: 120)) is not uuid: followed by a UUID")
        }
        if let deprecatedID = metadata.deprecatedID {
            guard Self.uuid(in: deprecatedID) != nil else {
                throw .deprecatedID("\(Quoted.value(deprecatedID, limit: 120)) is not uuid: followed by a UUID")
            }
            guard Self.uuid(in: deprecatedID) != Self.uuid(in: instanceID) else {
                throw .deprecatedID("is the record's own instanceID; an edit needs a new instanceID")
            }
        }
        var total = instance.count
        var attachments: [OpenRosaAttachment] = []
        for path in attachmentPaths {
            let name = String(path.split(separator: "/", omittingEmptySubsequences: true).last ?? "")
            if let problem = Self.problem(withPartName: name) { throw .attachment(path: path, problem: problem) }
            guard !attachments.contains(where: { $0.name == name }) else {
                throw .attachment(path: path, problem: "has the same name as another attachment; each part needs its own name")
            }
            guard metadata.texts.contains(name) else {
                throw .attachment(path: path, problem: "is not named in the instance: no answer holds \(Quoted.value(name, limit: 120))")
            }
            let contents = try AttachmentFile.read(path, adding: total)
            total += contents.count
            attachments.append(OpenRosaAttachment(name: name, contents: contents))
        }
        self.init(instanceID: instanceID, deprecatedID: metadata.deprecatedID, formID: metadata.formID, instanceXML: instance, attachments: attachments)
    }

    /// Why `name` cannot be an attachment's part name, or `nil`: it must not be empty, `.` or `..`,
    /// the instance's or the split's own part names, or hold anything escaping would change.
    static func problem(withPartName name: String) -> String? {
        if name.isEmpty || name == "." || name == ".." { return "has no file name" }
        if name == "xml_submission_file" || name == "*isIncomplete*" { return "has a name the submission's own parts use" }
        // Escaping changes a name that holds a quote, a backslash, a control or format character, or
        // runs past 200 characters: none of these can be a part's name.
        if Quoted.plain(name) != name {
            return "has a name with a quote, a backslash, a control or format character, or over 200 characters, which a part's name cannot hold"
        }
        return nil
    }
}
