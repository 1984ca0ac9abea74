public import Foundation

/// A record's instance ID as OpenRosa writes it in `meta/instanceID`: `uuid:` and a UUID, which a
/// server uses to tell records apart (and to take a record it already holds as delivered).
///
/// ```swift
/// let id = XFormInstanceID(environment: .seeded(1, now: Date()))
/// print(id)  // uuid:… the same for the same seed
/// ```
public struct XFormInstanceID: Sendable, Hashable, CustomStringConvertible {
    /// The UUID.
    public var uuid: UUID

    /// An instance ID of a UUID.
    /// - Parameter uuid: The UUID.
    public init(uuid: UUID) {
        self.uuid = uuid
    }

    /// A new instance ID: a version 4 UUID from the environment's random source, so a seeded
    /// environment gives the same IDs in the same order.
    /// - Parameter environment: The random source; the system's unless given.
    public init(environment: XPathEnvironment = .system) {
        // The environment's UUIDs are well formed by construction.
        uuid = UUID(uuidString: environment.uuid()) ?? UUID()
    }

    /// Reads an instance ID: `uuid:` and a UUID in any case, nothing around them.
    /// - Parameter text: The text, as in `meta/instanceID`.
    /// - Returns: `nil` when the text is not `uuid:` and a UUID.
    public init?(_ text: String) {
        guard text.hasPrefix("uuid:"), text.utf8.count == 41, let uuid = UUID(uuidString: String(text.dropFirst(5))) else { return nil }
        self.uuid = uuid
    }

    /// The ID as OpenRosa writes it: `uuid:` and the UUID in lowercase.
    public var description: String { "uuid:" + uuid.uuidString.lowercased() }
}

extension XFormElement {
    /// A record's `meta/instanceID` (`meta` and `instanceID` in any namespace, as `orx:meta` in
    /// older forms).
    /// - Returns: The ID, or `nil` when the record has no `meta/instanceID` or it is blank.
    /// - Throws: ``XFormReadError/Kind/recordMismatch`` when it holds something other than
    ///   `uuid:` and a UUID, naming the value.
    public func instanceID() throws(XFormReadError) -> XFormInstanceID? {
        guard let meta = children.firstIndex(where: { $0.name.localName == "meta" }),
            let element = children[meta].children.first(where: { $0.name.localName == "instanceID" })
        else { return nil }
        let text = element.value.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { return nil }
        guard let id = XFormInstanceID(text) else {
            throw XFormReadError(
                .recordMismatch, "meta/instanceID holds \(Quoted.value(text)), which is not \"uuid:\" and a UUID",
                line: element.line, column: element.column)
        }
        return id
    }

    /// Gives a record a new instance ID, as OpenRosa asks of a record edited after it was
    /// finalized: the ID it had moves to `meta/deprecatedID` (added at the end of `meta` when the
    /// record has none, as ODK Collect adds it), and `meta/instanceID` takes the new one. A record
    /// whose `meta/instanceID` is blank just takes the new one.
    /// - Parameter id: The new ID, such as `XFormInstanceID()`.
    /// - Returns: The ID the record had, now its `deprecatedID`, or `nil` when it had none.
    /// - Throws: ``XFormReadError/Kind/recordMismatch`` when the record has no `meta/instanceID`
    ///   element (the form must have one), or when it holds something other than an ID; the
    ///   record is then left as it was.
    @discardableResult
    public mutating func renewInstanceID(_ id: XFormInstanceID) throws(XFormReadError) -> XFormInstanceID? {
        let old = try instanceID()
        guard let metaIndex = content.firstIndex(where: { if case .element(let child) = $0 { child.name.localName == "meta" } else { false } }),
            case .element(var meta) = content[metaIndex],
            let idIndex = meta.content.firstIndex(where: { if case .element(let child) = $0 { child.name.localName == "instanceID" } else { false } }),
            case .element(var instanceID) = meta.content[idIndex]
        else {
            throw XFormReadError(
                .recordMismatch, "the record has no meta/instanceID element: the form needs one for the record to be sent",
                line: line, column: column)
        }
        if let old {
            let deprecatedIndex = meta.content.firstIndex { if case .element(let child) = $0 { child.name.localName == "deprecatedID" } else { false } }
            var deprecated = XFormElement(name: XFormName("deprecatedID", prefix: instanceID.name.prefix, namespaceURI: instanceID.name.namespaceURI))
            if let deprecatedIndex, case .element(let existing) = meta.content[deprecatedIndex] { deprecated = existing }
            deprecated.content = [.text(old.description)]
            if let deprecatedIndex {
                meta.content[deprecatedIndex] = .element(deprecated)
            } else {
                meta.content.append(.element(deprecated))
            }
        }
        instanceID.content = [.text(id.description)]
        meta.content[idIndex] = .element(instanceID)
        content[metaIndex] = .element(meta)
        return old
    }
}
