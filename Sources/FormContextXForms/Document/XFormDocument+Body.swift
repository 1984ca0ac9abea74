extension XFormDocument {
    /// The elements of a control that describe it rather than being controls themselves.
    private static let parts: Set<String> = ["label", "hint", "help", "item", "itemset", "constraintMsg"]

    /// Reads the controls inside a body, group or repeat; actions found on the way go to `actions`
    /// with the ref of the control they sit in. Iterative, with a stack of open containers, so
    /// that a deep body costs heap, not call stack.
    static func controls(in parent: XFormElement, enclosingRef: String?, actions: inout [XFormAction]) throws(XFormReadError) -> [XFormControl] {
        struct Open {
            var elements: [XFormElement]
            var next = 0
            var ref: String?
            var controls: [XFormControl] = []
            /// The container's own control, its children still to come; `nil` for the body.
            var shell: XFormControl?
        }
        var stack = [Open(elements: parent.children, ref: enclosingRef, shell: nil)]
        while let top = stack.indices.last {
            guard stack[top].next < stack[top].elements.count else {
                let done = stack.removeLast()
                guard var shell = done.shell else { return done.controls }
                shell.children = done.controls
                stack[stack.count - 1].controls.append(shell)
                continue
            }
            let element = stack[top].elements[stack[top].next]
            stack[top].next += 1
            let local = element.name.localName
            if XFormAction.names.contains(local) {
                actions.append(try XFormAction(element, control: stack[top].ref))
            } else if !parts.contains(local) {
                let shell = try control(element)
                stack.append(Open(elements: element.children, ref: shell.ref ?? shell.bind, shell: shell))
            }
        }
        return []
    }

    /// The control an element is, without the controls inside it.
    private static func control(_ element: XFormElement) throws(XFormReadError) -> XFormControl {
        // Forms without a default namespace declaration put their controls in none; JavaRosa reads them.
        let isXForms = element.name.namespaceURI == XFormName.xforms || element.name.namespaceURI == nil
        let kind: XFormControl.Kind =
            switch isXForms ? element.name.localName : "" {
            case "input": .input
            case "select1": .select1
            case "select": .select
            case "trigger": .trigger
            case "range": .range
            case "upload": .upload
            case "group": .group
            case "repeat": .repeat
            default: .other(element.name.qualified)
            }
        let ref = kind == .repeat ? element.attribute("nodeset") ?? element.attribute("ref") : element.attribute("ref")
        if kind == .repeat, ref == nil, element.attribute("bind") == nil {
            throw XFormReadError(.invalidForm, "<repeat> has no nodeset attribute", line: element.line, column: element.column)
        }
        if [.input, .select1, .select, .trigger, .range, .upload].contains(kind), ref == nil, element.attribute("bind") == nil {
            throw XFormReadError(
                .invalidForm, "\(Quoted.element(element.name.qualified)) has neither a ref nor a bind attribute", line: element.line,
                column: element.column)
        }
        var items: [XFormItem] = []
        var itemset: XFormItemset?
        for child in element.children {
            switch child.name.localName {
            case "item":
                guard let value = child.children.first(where: { $0.name.localName == "value" }) else {
                    throw XFormReadError(
                        .invalidForm, "an <item> of \(describe(element)) has no <value>", line: child.line, column: child.column)
                }
                items.append(XFormItem(label: text(child, "label"), value: value.text))
            case "itemset":
                itemset = try Self.itemset(child, of: element)
            default:
                continue
            }
        }
        return XFormControl(
            kind: kind, ref: ref, bind: element.attribute("bind"), label: text(element, "label"), hint: text(element, "hint"),
            help: text(element, "help"), appearance: element.attribute("appearance"), items: items, itemset: itemset,
            start: element.attribute("start"), end: element.attribute("end"), step: element.attribute("step"),
            mediatype: element.attribute("mediatype"), count: element.attribute("count", namespace: XFormName.javaRosa),
            noAddRemove: element.attribute("noAddRemove", namespace: XFormName.javaRosa), children: [],
            attributes: element.attributes, line: element.line)
    }

    private static func itemset(_ element: XFormElement, of control: XFormElement) throws(XFormReadError) -> XFormItemset {
        guard let nodeset = element.attribute("nodeset") else {
            throw XFormReadError(
                .invalidForm, "the <itemset> of \(describe(control)) has no nodeset attribute", line: element.line, column: element.column)
        }
        guard let value = element.children.first(where: { $0.name.localName == "value" })?.attribute("ref") else {
            throw XFormReadError(
                .invalidForm, "the <itemset> of \(describe(control)) has no <value ref=...>", line: element.line, column: element.column)
        }
        guard let label = text(element, "label") else {
            throw XFormReadError(
                .invalidForm, "the <itemset> of \(describe(control)) has no <label>", line: element.line, column: element.column)
        }
        return XFormItemset(nodeset: nodeset, value: value, label: label)
    }

    /// The label, hint or help child of an element: a reference when it has `ref`, inline text otherwise.
    private static func text(_ element: XFormElement, _ name: String) -> XFormText? {
        guard let child = element.children.first(where: { $0.name.localName == name }) else { return nil }
        if let ref = child.attribute("ref") { return XFormText.fromReference(ref) }
        return .inline(XFormText.parts(of: child))
    }

    /// `<select1 ref="/data/x">`, for messages.
    private static func describe(_ element: XFormElement) -> String {
        let ref = element.attribute("ref") ?? element.attribute("nodeset")
        return "<" + Quoted.name(element.name.qualified) + (ref.map { " ref=" + Quoted.value($0) } ?? "") + ">"
    }
}
