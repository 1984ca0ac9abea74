public import Foundation

extension XFormDocument {
    /// Writes a record as submission XML, byte for byte as JavaRosa 5.1.0 (inside ODK Collect)
    /// writes it for an OpenRosa server.
    ///
    /// The record is the primary instance as it is to be sent: the live form leaves out the nodes
    /// that are not relevant before it calls this. The XML starts with
    /// `<?xml version='1.0' encoding='UTF-8' ?>`; the root keeps its attributes (`id`, `version`,
    /// …) in their order and carries the form's namespace declarations in JavaRosa's order; repeat
    /// templates are left out; an empty element is written `<name />`; same-named siblings are
    /// written together where the first of them stands; `&`, `<`, `>`, quotes and `@` are
    /// escaped as JavaRosa escapes them; everything else is UTF-8.
    /// - Parameter record: The record's root element, such as ``primaryInstance`` with values
    ///   filled in, or a record read with ``record(fromXML:options:)``.
    /// - Returns: The submission's bytes.
    /// - Throws: ``XFormError/Kind/invalidValue`` when a value or attribute holds a character XML
    ///   1.0 cannot hold (a control character other than tab, line feed and carriage return, or
    ///   U+FFFE/U+FFFF), naming the element's path and the character; nothing is written. A live
    ///   record refuses such values when they are set, so only an element built by hand can hold
    ///   one.
    /// - Complexity: O(n) in the size of the record.
    public func submissionXML(for record: XFormElement) throws(XFormError) -> Data {
        Data(try SubmissionWriter.write(record, declarations: submissionNamespaces))
    }

    /// Reads a record of this form from instance XML: a submission, or a record saved earlier.
    ///
    /// The XML is read as safely as a form (``XFormReadOptions``: bounded size and depth, no DTD,
    /// UTF-8 only), and then checked against this form's primary instance: the root must have its
    /// name, namespace and `id`, and its `version` when the form has one; every element must be one
    /// the form has at that place; only repeats may appear more than once, in the order written;
    /// a group holds no text, and no element is a repeat template. Elements the form has and the
    /// record lacks are allowed, since a submission leaves out what was not relevant. Nothing is
    /// dropped: an element this form does not have is refused, not skipped.
    /// - Parameters:
    ///   - data: The instance XML, UTF-8.
    ///   - options: The size and depth limits (its media folder is not used).
    /// - Returns: The record's root element, text as written.
    /// - Throws: ``XFormReadError``: for unreadable XML as ``init(data:options:)`` throws, and
    ///   ``XFormReadError/Kind/recordMismatch`` naming both roots or the path of the element
    ///   that does not fit (`/data/members[2]/nickname is not in this form`).
    public func record(fromXML data: Data, options: XFormReadOptions = XFormReadOptions()) throws(XFormReadError) -> XFormElement {
        let record = try XMLTreeReader.read(data, options: options, file: nil)
        try RecordCheck.check(record, against: self)
        return record
    }

    /// Reads a record of this form from an instance XML file, refusing it before reading when it
    /// is over the size limit; see ``record(fromXML:options:)``.
    /// - Parameters:
    ///   - url: The instance file.
    ///   - options: The size and depth limits.
    /// - Returns: The record's root element.
    /// - Throws: ``XFormReadError`` naming what was wrong and where, also when the file cannot be
    ///   read or is not a regular file.
    public func record(contentsOf url: URL, options: XFormReadOptions = XFormReadOptions()) throws(XFormReadError) -> XFormElement {
        let data = try BoundedFile.read(url, maximumBytes: options.maximumBytes, file: url.lastPathComponent)
        return try record(fromXML: data, options: options)
    }
}
