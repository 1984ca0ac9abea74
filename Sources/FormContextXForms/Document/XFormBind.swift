/// A `<bind>` of the model: the properties of the instance nodes its `nodeset` selects.
///
/// Every expression is kept as its XPath source, as written.
public struct XFormBind: Sendable, Equatable {
    /// The `id` attribute, which body controls may refer to with `bind="..."`.
    public var id: String?
    /// The nodes it applies to (XPath source).
    public var nodeset: String
    /// The data type as written (`int`, `xsd:int`, `geopoint`, ...), or `nil` (a string).
    public var type: String?
    /// When the nodes are relevant (XPath source).
    public var relevant: String?
    /// When the nodes are required (XPath source).
    public var required: String?
    /// When the nodes are read-only (XPath source).
    public var readonly: String?
    /// What a value must satisfy (XPath source; `.` is the value).
    public var constraint: String?
    /// The nodes' computed value (XPath source).
    public var calculate: String?
    /// `jr:constraintMsg`: shown when the constraint fails.
    public var constraintMessage: XFormText?
    /// `jr:requiredMsg`: shown when a required value is missing.
    public var requiredMessage: XFormText?
    /// `jr:preload` (`uid`, `timestamp`, `date`, `property`, ...).
    public var preload: String?
    /// `jr:preloadParams` (`start`, `end`, `today`, `deviceid`, ...).
    public var preloadParameters: String?
    /// Every attribute as written, the ones above included (so `odk:` and other extensions are kept).
    public var attributes: [XFormAttribute]
    /// The line the bind starts on.
    public var line: Int

    init(_ element: XFormElement) throws(XFormReadError) {
        guard let nodeset = element.attribute("nodeset") ?? element.attribute("ref") else {
            throw XFormReadError(.invalidForm, "\(Quoted.element("bind")) has no nodeset attribute", line: element.line, column: element.column)
        }
        self.nodeset = nodeset
        id = element.attribute("id")
        type = element.attribute("type")
        relevant = element.attribute("relevant")
        required = element.attribute("required")
        readonly = element.attribute("readonly")
        constraint = element.attribute("constraint")
        calculate = element.attribute("calculate")
        constraintMessage = element.attribute("constraintMsg", namespace: XFormName.javaRosa).map(XFormText.fromMessage)
        requiredMessage = element.attribute("requiredMsg", namespace: XFormName.javaRosa).map(XFormText.fromMessage)
        preload = element.attribute("preload", namespace: XFormName.javaRosa)
        preloadParameters = element.attribute("preloadParams", namespace: XFormName.javaRosa)
        attributes = element.attributes
        line = element.line
    }
}
