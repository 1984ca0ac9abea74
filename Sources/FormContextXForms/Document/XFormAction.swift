/// An action (`<setvalue>`, `<odk:setgeopoint>`, ...) and the events that run it.
///
/// Actions sit in the model (`odk-instance-first-load`), in a repeat in the body
/// (`odk-new-repeat`), or inside a control (`xforms-value-changed`, run when that control's value
/// changes: ``control`` is its `ref`).
public struct XFormAction: Sendable, Equatable {
    /// The action's element name (`setvalue`, `odk:setgeopoint`).
    public var name: XFormName
    /// The events it runs on, as listed in `event` (`odk-instance-first-load`, `odk-new-repeat`,
    /// `xforms-value-changed`, ...).
    public var events: [String]
    /// The node it writes (XPath source of `ref`), or `nil` when it names a bind instead.
    public var ref: String?
    /// The `bind` id it writes, when it has no `ref`.
    public var bind: String?
    /// The expression whose value it writes (`value`, XPath source), or `nil`.
    public var value: String?
    /// The literal text inside the element, written when there is no `value`.
    public var literal: String
    /// The `ref` of the body control the action sits in, or `nil` for an action of the model.
    public var control: String?
    /// Every attribute as written.
    public var attributes: [XFormAttribute]
    /// The line the action starts on.
    public var line: Int

    /// The element names read as actions.
    static let names: Set<String> = ["setvalue", "setgeopoint", "recordaudio"]

    init(_ element: XFormElement, control: String?) throws(XFormReadError) {
        guard let event = element.attribute("event"), !event.isEmpty else {
            throw XFormReadError(
                .invalidForm, "\(Quoted.element(element.name.qualified)) has no event attribute", line: element.line, column: element.column)
        }
        ref = element.attribute("ref")
        bind = element.attribute("bind")
        guard ref != nil || bind != nil else {
            throw XFormReadError(
                .invalidForm, "\(Quoted.element(element.name.qualified)) has neither a ref nor a bind attribute",
                line: element.line, column: element.column)
        }
        name = element.name
        events = event.split(whereSeparator: \.isWhitespace).map(String.init)
        value = element.attribute("value")
        literal = element.text
        self.control = control
        attributes = element.attributes
        line = element.line
    }
}
