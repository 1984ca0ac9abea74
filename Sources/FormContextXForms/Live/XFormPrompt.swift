/// One control of a form's body as a record shows it now: a question, a group, a repeat or one
/// instance of a repeat, with its texts rendered in the record's language.
///
/// ``XFormRecord/prompts`` gives the relevant ones in document order, as a tree: a group holds its
/// controls, a repeat holds one prompt per instance (``instance`` is its position), and an instance
/// holds the repeat's controls in that instance.
///
/// ```swift
/// for prompt in record.prompts {
///     print(prompt.label ?? "", prompt.path ?? "", prompt.value ?? "")
/// }
/// ```
public struct XFormPrompt: Sendable, Equatable, CustomStringConvertible {
    /// The body control as written: its ``XFormControl/kind``, ``XFormControl/appearance`` (kept
    /// for the renderer: `minimal`, `field-list`, `multiline`, ...), a range's bounds, an upload's
    /// media type, a repeat's `jr:count` and `jr:noAddRemove`.
    public var control: XFormControl
    /// The instance path it binds to, with the position of every repeat instance on the way
    /// (`/data/members[2]/age`); a repeat's own prompt has none on its last step. `nil` for a group
    /// without a `ref`.
    public var path: String?
    /// For one instance of a repeat, its 1-based position; `nil` for anything else.
    public var instance: Int?
    /// The label in the record's language, each `<output>` showing its value now.
    public var label: String?
    /// The hint, rendered as the label is.
    public var hint: String?
    /// The help text (`<help>`), rendered as the label is.
    public var help: String?
    /// The label's media in the record's language, by itext form: `image`, `big-image`, `audio`,
    /// `video` to the file the form names (`jr://images/cat.png`), the default language's where
    /// that language has none; empty when the label has no itext media.
    public var media: [String: String]
    /// A question's value as XForm text; `nil` when blank, and for groups and repeats.
    public var value: String?
    /// What a select offers now, labels in the record's language; empty for other controls.
    public var choices: [XFormChoice]
    /// Whether an answer is required now.
    public var isRequired: Bool
    /// Whether it is read-only now (its own `readonly` or that of a node above it in the instance).
    public var isReadOnly: Bool
    /// The `jr:constraintMsg` in the record's language, if the form gives one.
    public var constraintMessage: String?
    /// The `jr:requiredMsg` in the record's language, if the form gives one.
    public var requiredMessage: String?
    /// The controls inside a group, the instances of a repeat, the controls of an instance; only
    /// the relevant ones, in document order.
    public var children: [XFormPrompt]

    /// The kind, the path and the label, then the children indented below.
    public var description: String {
        var lines: [String] = []
        func add(_ prompt: XFormPrompt, _ depth: Int) {
            var line = String(repeating: "  ", count: depth) + Self.name(of: prompt.control.kind)
            if let path = prompt.path { line += " " + Quoted.plain(path) }
            if let label = prompt.label { line += " " + Quoted.value(label) }
            if let value = prompt.value { line += " = " + Quoted.value(value) }
            if prompt.isRequired { line += " (required)" }
            if prompt.isReadOnly { line += " (read-only)" }
            lines.append(line)
            for child in prompt.children { add(child, depth + 1) }
        }
        add(self, 0)
        return lines.joined(separator: "\n")
    }

    private static func name(of kind: XFormControl.Kind) -> String {
        switch kind {
        case .input: "input"
        case .select1: "select1"
        case .select: "select"
        case .trigger: "trigger"
        case .range: "range"
        case .upload: "upload"
        case .group: "group"
        case .repeat: "repeat"
        case .other(let name): Quoted.plain(name)
        }
    }
}
