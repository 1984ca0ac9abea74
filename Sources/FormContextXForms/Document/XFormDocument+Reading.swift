internal import Foundation

extension XFormDocument {
    /// Reads the document's parts from its root element.
    init(root: XFormElement, options: XFormReadOptions) throws(XFormReadError) {
        guard root.name.localName == "html" else {
            throw XFormReadError(
                .invalidForm, "the root element is \(Quoted.element(root.name.qualified)), not <h:html>", line: root.line, column: root.column)
        }
        guard let head = root.children.first(where: { $0.name.localName == "head" }) else {
            throw XFormReadError(.invalidForm, "<h:html> has no <h:head>", line: root.line, column: root.column)
        }
        guard let model = head.children.first(where: { $0.name.localName == "model" }) else {
            throw XFormReadError(.invalidForm, "<h:head> has no <model>", line: head.line, column: head.column)
        }
        title = head.children.first { $0.name.localName == "title" }?.text
        var primary: XFormElement?
        var secondary: [XFormSecondaryInstance] = []
        var binds: [XFormBind] = []
        var actions: [XFormAction] = []
        var translations: [XFormTranslation] = []
        for element in model.children {
            switch element.name.localName {
            case "instance" where primary == nil:
                let roots = element.children
                guard roots.count == 1 else {
                    throw XFormReadError(
                        .invalidForm, "the primary <instance> must hold exactly one root element; it holds \(roots.count)",
                        line: element.line, column: element.column)
                }
                primary = roots[0]
            case "instance":
                let instance = try Self.secondaryInstance(element, options: options)
                if secondary.contains(where: { $0.id == instance.id }) {
                    throw XFormReadError(
                        .invalidForm, "two <instance> elements have the id \(Quoted.value(instance.id))", line: element.line,
                        column: element.column)
                }
                secondary.append(instance)
            case "bind":
                binds.append(try XFormBind(element))
            case "itext":
                translations = try Self.translations(element)
            case let name where XFormAction.names.contains(name):
                actions.append(try XFormAction(element, control: nil))
            default:
                continue
            }
        }
        guard let primary else {
            throw XFormReadError(.invalidForm, "<model> has no <instance>", line: model.line, column: model.column)
        }
        primaryInstance = primary
        secondaryInstances = secondary
        self.binds = binds
        self.translations = translations
        var bodyActions: [XFormAction] = []
        if let body = root.children.first(where: { $0.name.localName == "body" }) {
            self.body = try Self.controls(in: body, enclosingRef: nil, actions: &bodyActions)
        } else {
            self.body = []
        }
        self.actions = actions + bodyActions
    }

    private static func secondaryInstance(_ element: XFormElement, options: XFormReadOptions) throws(XFormReadError) -> XFormSecondaryInstance {
        guard let id = element.attribute("id"), !id.isEmpty else {
            throw XFormReadError(.invalidForm, "a secondary <instance> has no id attribute", line: element.line, column: element.column)
        }
        if let source = element.attribute("src") {
            let root = try ExternalInstance.read(source: source, id: id, element: element, options: options)
            return XFormSecondaryInstance(id: id, source: source, root: root, line: element.line)
        }
        let roots = element.children
        guard roots.count == 1 else {
            throw XFormReadError(
                .invalidForm, "<instance id=\(Quoted.value(id))> must hold exactly one root element; it holds \(roots.count)",
                line: element.line, column: element.column)
        }
        return XFormSecondaryInstance(id: id, source: nil, root: roots[0], line: element.line)
    }

    private static func translations(_ itext: XFormElement) throws(XFormReadError) -> [XFormTranslation] {
        var translations: [XFormTranslation] = []
        for element in itext.children where element.name.localName == "translation" {
            guard let language = element.attribute("lang") else {
                throw XFormReadError(.invalidForm, "<translation> has no lang attribute", line: element.line, column: element.column)
            }
            if translations.contains(where: { $0.language == language }) {
                throw XFormReadError(
                    .invalidForm, "two <translation> elements have the lang \(Quoted.value(language))", line: element.line,
                    column: element.column)
            }
            var texts: [String: XFormItext] = [:]
            for text in element.children where text.name.localName == "text" {
                guard let id = text.attribute("id") else {
                    throw XFormReadError(
                        .invalidForm, "a <text> of the translation \(Quoted.value(language)) has no id attribute", line: text.line,
                        column: text.column)
                }
                guard texts[id] == nil else {
                    throw XFormReadError(
                        .invalidForm, "the translation \(Quoted.value(language)) has two <text> elements with the id \(Quoted.value(id))",
                        line: text.line, column: text.column)
                }
                let forms = text.children.filter { $0.name.localName == "value" }.map {
                    XFormItext.Form(form: $0.attribute("form"), parts: XFormText.parts(of: $0))
                }
                texts[id] = XFormItext(id: id, forms: forms)
            }
            let isDefault = element.attribute("default").map { ["true()", "true"].contains($0.trimmingCharacters(in: .whitespaces)) } ?? false
            translations.append(XFormTranslation(language: language, isDefault: isDefault, texts: texts, line: element.line))
        }
        return translations
    }
}
