import FormContextCore

/// The form's texts at run time: its itext translations by language, and every expression a text
/// shows (an `<output value="...">`, a label's `ref`) parsed once.
struct XFormTexts: Sendable {
    /// The translations in document order.
    let translations: [XFormTranslation]
    /// The index in ``translations`` of the default language: the one marked `default="true()"`,
    /// else the first.
    let defaultIndex: Int?
    /// The expressions of outputs and references, by their source.
    let expressions: [String: XPathExpression]

    /// Collects the texts of a document and parses every expression they show.
    /// - Throws: ``XFormError`` naming the text whose output does not parse.
    init(_ document: XFormDocument) throws(XFormError) {
        translations = document.translations
        defaultIndex = document.translations.firstIndex { $0.isDefault } ?? (document.translations.isEmpty ? nil : 0)
        var expressions: [String: XPathExpression] = [:]
        func add(_ source: String, _ place: @autoclosure () -> String, line: Int) throws(XFormError) {
            guard expressions[source] == nil else { return }
            do {
                expressions[source] = try XPathExpression(source)
            } catch {
                throw XFormError(.invalidExpression, "\(place()): \(error.quoted)", line: line)
            }
        }
        func add(_ parts: [XFormTextPart], _ place: @autoclosure () -> String, line: Int) throws(XFormError) {
            for case .output(let source) in parts { try add(source, "output in " + place(), line: line) }
        }
        func add(_ text: XFormText?, _ place: @autoclosure () -> String, line: Int) throws(XFormError) {
            switch text {
            case .inline(let parts)?: try add(parts, place(), line: line)
            case .reference(let source)?: try add(source, place(), line: line)
            default: break
            }
        }
        for translation in document.translations {
            for (id, text) in translation.texts.sorted(by: { $0.key < $1.key }) {
                for form in text.forms {
                    try add(form.parts, "itext \(Quoted.value(id)) (\(Quoted.plain(translation.language)))", line: translation.line)
                }
            }
        }
        var pending = document.body
        while let control = pending.popLast() {
            let name = control.ref.map { Quoted.value($0, limit: 80) } ?? "a control"
            try add(control.label, "the label of \(name)", line: control.line)
            try add(control.hint, "the hint of \(name)", line: control.line)
            for item in control.items { try add(item.label, "a choice label of \(name)", line: control.line) }
            pending.append(contentsOf: control.children)
        }
        for bind in document.binds {
            try add(bind.constraintMessage, "the constraint message of \(Quoted.value(bind.nodeset, limit: 80))", line: bind.line)
            try add(bind.requiredMessage, "the required message of \(Quoted.value(bind.nodeset, limit: 80))", line: bind.line)
        }
        self.expressions = expressions
    }

    /// The languages in document order.
    var languages: [String] { translations.map(\.language) }

    /// The translation of `language`, or the default one for `nil` or a language the form lacks.
    func translation(_ language: String?) -> XFormTranslation? {
        if let language, let found = translations.first(where: { $0.language == language }) { return found }
        return defaultIndex.map { translations[$0] }
    }

    /// The pieces of itext `id` as a label shows it (its `long` form, else its plain one) in
    /// `language`, falling back to the default language when that one lacks the text, as JavaRosa does.
    func itext(_ id: String, language: String?, form: String? = "long") -> [XFormTextPart]? {
        for translation in [translation(language), translation(nil)] {
            guard let text = translation?.texts[id] else { continue }
            if let form, let parts = text.parts(form) { return parts }
            if let parts = text.parts(nil) { return parts }
        }
        return nil
    }

    /// The media forms of itext `id` in `language` (`image`, `big-image`, `audio`, `video`), each
    /// taken from the default language when that language lacks it: form name to its literal text.
    func media(_ id: String, language: String?) -> [String: String] {
        var result: [String: String] = [:]
        for translation in [translation(language), translation(nil)] {
            for form in translation?.texts[id]?.forms ?? [] {
                guard let name = form.form, Self.mediaForms.contains(name), result[name] == nil else { continue }
                result[name] = Self.literal(form.parts)
            }
        }
        return result
    }

    /// The itext forms that name a media file rather than text.
    static let mediaForms: Set<String> = ["image", "big-image", "audio", "video"]

    /// The plain text of itext `id` in `language` (for `jr:itext()` in an expression and a choice
    /// label): its pieces with outputs left out.
    func plainItext(_ id: String, language: String?) -> String? {
        itext(id, language: language, form: nil).map(Self.literal)
    }

    /// The literal pieces of a text, outputs left out.
    static func literal(_ parts: [XFormTextPart]) -> String {
        parts.reduce(into: "") { if case .text(let piece) = $1 { $0 += piece } }
    }
}

extension XFormModel {
    /// A text rendered in `language` for a node in given rows: itext looked up, each output
    /// evaluated with the node as context and read through `reader`.
    /// - Returns: The text, or `nil` when there is none (no text, an itext id no language has).
    /// - Throws: The failure of an output's expression, as an ``XFormError``.
    func render<Reader: FormReader>(
        _ text: XFormText?, language: String?, at node: Int, rows: [RowID], reader: Reader
    ) throws(XFormError) -> String? {
        let parts: [XFormTextPart]
        switch text {
        case nil: return nil
        case .inline(let inline)?: parts = inline
        case .itext(let id)?:
            guard let found = texts.itext(id, language: language) else { return nil }
            parts = found
        case .reference(let source)?:
            return try evaluateText(source, at: node, rows: rows, reader: reader)
        }
        var result = ""
        for part in parts {
            switch part {
            case .text(let piece): result += piece
            case .output(let source): result += try evaluateText(source, at: node, rows: rows, reader: reader)
            }
        }
        return result
    }

    /// An output's (or a reference's) value as text.
    private func evaluateText<Reader: FormReader>(_ source: String, at node: Int, rows: [RowID], reader: Reader) throws(XFormError) -> String {
        guard let expression = texts.expressions[source] else { return "" }
        let tree = LiveTree(model: self, reader: reader)
        do {
            let value = try expression.evaluate(
                in: tree, context: .primary(node, Array(rows.prefix(nodes[node].rowDepth))), environment: environment)
            return value.string(in: tree, environment: environment)
        } catch {
            throw XFormError(.evaluation, "output \(Quoted.value(source, limit: 80)) at \(Quoted.plain(nodes[node].path, limit: 80)): \(error.quoted)")
        }
    }
}
