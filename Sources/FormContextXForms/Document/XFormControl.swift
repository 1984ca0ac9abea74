/// A control of the form's body: a question (`input`, `select1`, ...), a `group` or a `repeat`,
/// with its label, hint, choices and the controls inside.
public struct XFormControl: Sendable, Equatable {
    /// What kind of control it is.
    public enum Kind: Sendable, Hashable {
        /// `<input>`: text, numbers, dates, geopoints, ... by the bind's type.
        case input
        /// `<select1>`: one choice.
        case select1
        /// `<select>`: several choices.
        case select
        /// `<trigger>`: an acknowledgement (`OK`).
        case trigger
        /// `<range>`: a number between ``XFormControl/start`` and ``XFormControl/end``.
        case range
        /// `<upload>`: a file (image, audio, video, ...), stored as its name.
        case upload
        /// `<group>`: a titled section, possibly `field-list`.
        case group
        /// `<repeat>`: one section per instance of ``XFormControl/ref``.
        case `repeat`
        /// Any other element of the body (`odk:rank`, `secret`, XHTML markup), kept with its
        /// contents; the name is the qualified name as written.
        case other(String)
    }

    /// What kind of control it is.
    public var kind: Kind
    /// The node it binds to: `ref` (`nodeset` for a repeat), XPath source as written (relative
    /// refs are relative to the enclosing group's), or `nil`.
    public var ref: String?
    /// The `bind` id it binds to instead of a ref, if any.
    public var bind: String?
    /// The `<label>`, if any.
    public var label: XFormText?
    /// The `<hint>`, if any.
    public var hint: XFormText?
    /// The `<help>` (guidance), if any.
    public var help: XFormText?
    /// `appearance`, kept for the renderer (`minimal`, `field-list`, `numbers`, ...).
    public var appearance: String?
    /// The inline `<item>` choices of a select.
    public var items: [XFormItem]
    /// The `<itemset>` of a select whose choices come from an instance.
    public var itemset: XFormItemset?
    /// A range's `start`, `end` and `step`, as written.
    public var start: String?
    /// A range's `end`.
    public var end: String?
    /// A range's `step`.
    public var step: String?
    /// An upload's `mediatype` (`image/*`, `audio/*`, ...).
    public var mediatype: String?
    /// A repeat's `jr:count` (XPath source): how many instances it has.
    public var count: String?
    /// A repeat's `jr:noAddRemove` (XPath source, usually `true()`).
    public var noAddRemove: String?
    /// The controls inside a group or repeat (or any other element), in document order.
    public var children: [XFormControl]
    /// Every attribute as written.
    public var attributes: [XFormAttribute]
    /// The line the control starts on.
    public var line: Int
}

/// One inline choice of a select: `<item><label>...</label><value>...</value></item>`.
public struct XFormItem: Sendable, Equatable {
    /// The choice's label.
    public var label: XFormText?
    /// The value stored when it is chosen.
    public var value: String
}

/// Choices read from an instance: `<itemset nodeset="instance('x')/root/item[...]">`.
public struct XFormItemset: Sendable, Equatable {
    /// The nodes that are the choices (XPath source, usually with a filter).
    public var nodeset: String
    /// The `<value ref="..."/>`: a choice's value relative to its node (XPath source).
    public var value: String
    /// The `<label ref="..."/>`: a choice's label relative to its node (`.reference`), or an itext
    /// reference.
    public var label: XFormText
}
