/// The texts of one language from the model's `<itext>`.
public struct XFormTranslation: Sendable, Equatable {
    /// The language as the form names it (`English (en)`, `fr`, ...).
    public var language: String
    /// Whether the form marks it `default="true()"`.
    public var isDefault: Bool
    /// The texts by id.
    public var texts: [String: XFormItext]
    /// The line the translation starts on.
    public var line: Int
}

/// One itext entry: a text in its forms (plain, `long`, `short`, `image`, `audio`, ...).
public struct XFormItext: Sendable, Equatable {
    /// The text's id (`/data/age:label`).
    public var id: String
    /// The forms in document order.
    public var forms: [Form]

    /// One `<value>` of the text.
    public struct Form: Sendable, Equatable {
        /// The `form` attribute (`long`, `short`, `image`, `audio`, `video`, `big-image`,
        /// `guidance`, ...), or `nil` for the plain text.
        public var form: String?
        /// The text, with `<output>` pieces.
        public var parts: [XFormTextPart]
    }

    /// The form of the given kind.
    /// - Parameter form: The `form` attribute, or `nil` for the plain text.
    /// - Returns: Its parts, or `nil` when the text has no such form.
    public func parts(_ form: String? = nil) -> [XFormTextPart]? {
        forms.first { $0.form == form }?.parts
    }
}
