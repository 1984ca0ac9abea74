public import FormContextCore

/// An XForm made ready to run: the engine definition of its instance (fields, rules, validators,
/// repeat groups) with every bind expression parsed once, from which records are made
/// (``XFormRecord``).
///
/// Each leaf of the primary instance is a field keyed by its path below the root, steps joined
/// with `/` (`/data/hh/name` is `hh/name`); a repeat is a ``RepeatGroup`` keyed by its path below
/// the row (or root) around it, its leaves keyed below it (`members.r2.age`). A `.` in an element
/// name is written `~` in keys (`.` separates the engine's scopes). Every bind expression runs as
/// an engine rule through the engine's tracking reader, so a change re-evaluates only what read it:
/// `calculate` is a calculated field, `required` a required-when rule with `jr:requiredMsg`,
/// `constraint` a validator with `jr:constraintMsg`; `relevant` and `readonly` are calculated
/// `Bool`s under the node's key with `#relevant` and `#readonly` after it (no instance path makes
/// such a key), which the fields' visibility and the rows' visibility read.
///
/// ```swift
/// let form = try XForm(XFormDocument(data: xml))
/// let record = try XFormRecord(form)
/// try record.set("17", at: "/data/age")
/// ```
public struct XForm: Sendable {
    /// The document the form was made from.
    public let document: XFormDocument
    /// The engine definition: one field per leaf of the primary instance, with its rules and
    /// validators, and one repeat group per repeat.
    public let definition: FormDefinition
    let model: XFormModel
    /// The body's controls with their nodes resolved.
    let body: XFormBodyPlan

    /// Makes a form ready to run.
    /// - Parameters:
    ///   - document: The XForm, as read.
    ///   - environment: The clock, time zone and random source every expression, preload and
    ///     `uuid()` of its records uses; the system's unless given (a seeded one makes records repeatable).
    /// - Throws: ``XFormError``: an expression that does not parse (naming the bind, the attribute and
    ///   the position), a bind or action whose node set selects nothing, a default its type cannot hold,
    ///   binds that depend on each other in a loop.
    public init(_ document: XFormDocument, environment: XPathEnvironment = .system) throws(XFormError) {
        self.document = document
        let builder = try XFormBuilder(document, environment: environment)
        self.model = builder.model
        self.definition = try builder.definition()
        self.body = XFormBodyPlan(document, model: builder.model)
    }

    /// The languages of the form's itext translations, in document order; empty when it has none.
    public var languages: [String] { model.texts.languages }

    /// The language a record starts in: the translation marked `default="true()"`, else the first;
    /// `nil` when the form has no translations.
    public var defaultLanguage: String? { model.texts.translation(nil)?.language }
}
