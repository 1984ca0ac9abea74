public import Foundation

/// An XForm read into its parts: the primary instance, the secondary instances, the binds, the
/// actions, the itext translations and the body's controls, each as written.
///
/// Reading is safe on untrusted input: the size and nesting depth are bounded
/// (``XFormReadOptions``), a DTD is refused (so no entity is expanded or fetched), and invalid
/// UTF-8, malformed XML and a document that is not an XForm are errors naming the line, the column
/// and the element or attribute. XPath expressions are kept as their source text.
///
/// ```swift
/// let document = try XFormDocument(contentsOf: formURL, options: XFormReadOptions(mediaFolder: mediaURL))
/// print(document.primaryInstance.name.localName, document.binds.count)
/// ```
public struct XFormDocument: Sendable, Equatable {
    /// The `<h:title>`, if any.
    public var title: String?
    /// The root element of the primary instance (the record the form fills), with repeat
    /// templates (`jr:template`) and default values as written.
    public var primaryInstance: XFormElement
    /// The other `<instance id="...">`s, inline or external, in document order.
    public var secondaryInstances: [XFormSecondaryInstance]
    /// The binds in document order.
    public var binds: [XFormBind]
    /// The actions of the model and of the body, in document order.
    public var actions: [XFormAction]
    /// The itext translations, one per language, in document order.
    public var translations: [XFormTranslation]
    /// The body's top-level controls in document order.
    public var body: [XFormControl]
    /// The namespace declarations a submission's root element carries, in the order JavaRosa
    /// writes them (see `SubmissionNamespaces`).
    var submissionNamespaces: [XMLNamespaceDeclaration] = []

    /// Reads an XForm from its bytes.
    /// - Parameters:
    ///   - data: The document, UTF-8.
    ///   - options: The limits, and the folder external instances are read from.
    /// - Throws: ``XFormReadError`` naming what was wrong and where.
    public init(data: Data, options: XFormReadOptions = XFormReadOptions()) throws(XFormReadError) {
        let (root, declarations) = try XMLTreeReader.readWithNamespaces(data, options: options, file: nil)
        try self.init(root: root, options: options)
        submissionNamespaces = SubmissionNamespaces.declarations(
            form: declarations[XMLTreeReader.Position(line: root.line, column: root.column)] ?? [],
            instance: declarations[XMLTreeReader.Position(line: primaryInstance.line, column: primaryInstance.column)] ?? [],
            instanceNamespace: primaryInstance.name.namespaceURI)
    }

    /// Reads an XForm from a file, refusing it before reading when it is over the size limit.
    /// - Parameters:
    ///   - url: The form's file.
    ///   - options: The limits, and the folder external instances are read from.
    /// - Throws: ``XFormReadError`` naming what was wrong and where, also when the file cannot be
    ///   read or is not a regular file.
    public init(contentsOf url: URL, options: XFormReadOptions = XFormReadOptions()) throws(XFormReadError) {
        let data = try BoundedFile.read(url, maximumBytes: options.maximumBytes, file: url.lastPathComponent)
        try self.init(data: data, options: options)
    }

    /// Looks up a secondary instance.
    /// - Parameter id: The instance's id.
    /// - Returns: The instance, or `nil` when the form has none with that id.
    public func secondaryInstance(_ id: String) -> XFormSecondaryInstance? {
        secondaryInstances.first { $0.id == id }
    }

    /// Looks up a translation.
    /// - Parameter language: The language as the form names it.
    /// - Returns: The translation, or `nil` when the form has none for that language.
    public func translation(_ language: String) -> XFormTranslation? {
        translations.first { $0.language == language }
    }
}

/// An `<instance id="...">` other than the primary one: inline data, or a file of the form's media
/// (`src="jr://file/x.xml"`, `src="jr://file-csv/x.csv"`).
public struct XFormSecondaryInstance: Sendable, Equatable {
    /// The instance's id, as `instance('id')` names it.
    public var id: String
    /// The `src` of an external instance, or `nil` for an inline one.
    public var source: String?
    /// The instance's root element; a CSV file reads as `<root><item><column>value</column>...`.
    /// `nil` only for an external instance read without a media folder.
    public var root: XFormElement?
    /// The line the `<instance>` starts on.
    public var line: Int
}
