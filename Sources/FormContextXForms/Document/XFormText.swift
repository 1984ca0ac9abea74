internal import Foundation

/// A label, hint or message of a form: inline text (with `<output>` values inside), a reference to
/// an itext translation, or an expression whose value is the text.
public enum XFormText: Sendable, Equatable {
    /// Text written in place, with `<output value="..."/>` pieces.
    case inline([XFormTextPart])
    /// `ref="jr:itext('id')"` (or a message `jr:itext('id')`): the text with that id in the chosen
    /// language.
    case itext(String)
    /// `ref="expression"` of another kind (an itemset's `label ref="name"`, or `jr:itext(expr)`
    /// with a computed id): the expression's source.
    case reference(String)

    /// Reads a `ref` attribute or a message attribute: `jr:itext('id')` with a quoted id is an
    /// itext reference, anything else an expression.
    static func fromReference(_ source: String) -> XFormText {
        let trimmed = source.trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix("jr:itext("), trimmed.hasSuffix(")") {
            let argument = trimmed.dropFirst(9).dropLast().trimmingCharacters(in: .whitespaces)
            if let quote = argument.first, quote == "'" || quote == "\"", argument.count >= 2, argument.last == quote,
                !argument.dropFirst().dropLast().contains(quote)
            {
                return .itext(String(argument.dropFirst().dropLast()))
            }
        }
        return .reference(source)
    }

    /// Reads a message attribute (`jr:constraintMsg`, `jr:requiredMsg`): an itext reference when it
    /// is `jr:itext('id')`, plain text otherwise.
    static func fromMessage(_ source: String) -> XFormText {
        if case .itext(let id) = fromReference(source) { return .itext(id) }
        return .inline([.text(source)])
    }
}

/// One piece of inline text.
public enum XFormTextPart: Sendable, Equatable {
    /// Literal text.
    case text(String)
    /// `<output value="expression"/>` (or `ref=`): the expression's source, shown as its value.
    case output(String)
}

extension XFormText {
    /// The inline text of an element's content: text pieces and `<output>` values in order;
    /// other elements inside (XHTML markup such as `<h:span>`) contribute their text.
    static func parts(of element: XFormElement) -> [XFormTextPart] {
        var parts: [XFormTextPart] = []
        func add(_ text: String) {
            if case .text(let previous)? = parts.last {
                parts[parts.count - 1] = .text(previous + text)
            } else if !text.isEmpty {
                parts.append(.text(text))
            }
        }
        // Depth first with a stack of (element, next piece), so that deep markup costs no call stack.
        var stack: [(element: XFormElement, next: Int)] = [(element, 0)]
        while let top = stack.indices.last {
            let (current, next) = stack[top]
            guard next < current.content.count else {
                stack.removeLast()
                continue
            }
            stack[top].next += 1
            switch current.content[next] {
            case .text(let text): add(text)
            case .element(let child) where child.name.localName == "output":
                if let expression = child.attribute("value") ?? child.attribute("ref") { parts.append(.output(expression)) }
            case .element(let child): stack.append((child, 0))
            }
        }
        return parts
    }
}
