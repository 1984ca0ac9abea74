import FormContextXForms

/// The texts of a form (labels, hints, messages) in a language: its itext in that language, falling
/// back to the default language for a text that language lacks, as JavaRosa does.
enum XFormLabels {
    /// The pieces of `text` in `language`: inline text as written, itext looked up; `nil` for an
    /// expression (a `ref` of another kind) or an id no language has.
    static func parts(_ text: XFormText, language: String?, in document: XFormDocument) -> [XFormTextPart]? {
        switch text {
        case .inline(let parts): return parts
        case .reference: return nil
        case .itext(let id):
            let fallback = document.translations.first(where: \.isDefault) ?? document.translations.first
            for translation in [language.flatMap(document.translation), fallback] {
                if let parts = translation?.texts[id]?.parts() { return parts }
            }
            return nil
        }
    }

    /// `text` in `language` with its `<output>`s left out.
    static func literal(_ text: XFormText, language: String?, in document: XFormDocument) -> String? {
        parts(text, language: language, in: document).map { parts in
            parts.reduce(into: "") { if case .text(let piece) = $1 { $0 += piece } }
        }
    }

    /// `text` in `language` as a label shows it for the question at `path`: each `<output>` that
    /// is a path (absolute, or relative to the question: `../name`) shows that node's value.
    static func rendered(_ text: XFormText?, at path: String, language: String?, loaded: XFormDemo.Loaded, place: XFormPlace) -> String? {
        guard let text, let parts = parts(text, language: language, in: loaded.document) else { return nil }
        var result = ""
        for part in parts {
            switch part {
            case .text(let piece): result += piece
            case .output(let source): result += value(of: source, at: path, loaded: loaded, place: place)
            }
        }
        return result.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The value of an output's expression when it is a plain path; empty otherwise.
    private static func value(of source: String, at path: String, loaded: XFormDemo.Loaded, place: XFormPlace) -> String {
        let expression = source.trimmingCharacters(in: .whitespaces)
        let target: String
        if expression.hasPrefix("/") {
            target = place.instancePath(of: expression)
        } else {
            var steps = path.split(separator: "/").map(String.init)
            for step in expression.split(separator: "/") {
                switch step {
                case "..": if !steps.isEmpty { steps.removeLast() }
                case ".": break
                default: steps.append(String(step))
                }
            }
            target = "/" + steps.joined(separator: "/")
        }
        return ((try? loaded.record.value(at: target)) ?? nil) ?? ""
    }

    /// The label of a choice an itemset offers, in `language`, when its label is `jr:itext(ref)` over
    /// a secondary instance (as pyxform writes one): the item whose value is `value` gives the itext
    /// id; `nil` otherwise.
    static func itemsetLabel(of value: String, in itemset: XFormItemset, language: String?, document: XFormDocument) -> String? {
        guard case .reference(let source) = itemset.label else { return nil }
        let label = source.trimmingCharacters(in: .whitespaces)
        guard label.hasPrefix("jr:itext("), label.hasSuffix(")"),
            let open = itemset.nodeset.range(of: "instance('"), let close = itemset.nodeset[open.upperBound...].firstIndex(of: "'"),
            let root = document.secondaryInstance(String(itemset.nodeset[open.upperBound..<close]))?.root
        else { return nil }
        let idStep = label.dropFirst("jr:itext(".count).dropLast().trimmingCharacters(in: .whitespaces)
        let valueStep = itemset.value.trimmingCharacters(in: .whitespaces)
        var pending = [root]
        while let element = pending.popLast() {
            let children = element.children
            if children.contains(where: { $0.name.localName == valueStep && $0.value == value }),
                let id = children.first(where: { $0.name.localName == idStep })?.value
            {
                return literal(.itext(id), language: language, in: document)
            }
            pending.append(contentsOf: children)
        }
        return nil
    }
}
