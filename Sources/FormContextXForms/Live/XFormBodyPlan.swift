/// The body's controls with the instance node each one binds to, resolved once when the form is made.
struct XFormBodyPlan: Sendable {
    /// One control and the controls inside it.
    struct Entry: Sendable {
        /// The control as written.
        var control: XFormControl
        /// The schema node its `ref`, `nodeset` or `bind` names; `nil` for a group without one, or a
        /// ref that names no node of the instance.
        var node: Int?
        /// The controls inside, in document order.
        var children: [Entry]
    }

    /// The body's top-level controls.
    let entries: [Entry]

    init(_ document: XFormDocument, model: XFormModel) {
        var byPath: [String: Int] = [:]
        for (index, node) in model.nodes.enumerated() where byPath[node.path] == nil { byPath[node.path] = index }
        var bindPaths: [String: String] = [:]
        let root = "/" + document.primaryInstance.name.qualified
        for bind in document.binds { if let id = bind.id, bindPaths[id] == nil { bindPaths[id] = XFormBuilder.resolve(bind.nodeset, from: root) } }
        // Iterative, as the body was read: a deep body costs heap, not call stack.
        struct Open {
            var controls: [XFormControl]
            var next = 0
            var context: String
            var entries: [Entry] = []
            var shell: Entry?
        }
        var stack = [Open(controls: document.body, context: root, shell: nil)]
        var result: [Entry] = []
        while let top = stack.indices.last {
            guard stack[top].next < stack[top].controls.count else {
                let done = stack.removeLast()
                guard var shell = done.shell else {
                    result = done.entries
                    break
                }
                shell.children = done.entries
                stack[stack.count - 1].entries.append(shell)
                continue
            }
            let control = stack[top].controls[stack[top].next]
            stack[top].next += 1
            let path = control.ref.map { XFormBuilder.resolve($0, from: stack[top].context) } ?? control.bind.flatMap { bindPaths[$0] }
            let entry = Entry(control: control, node: path.flatMap { byPath[$0] }, children: [])
            stack.append(Open(controls: control.children, context: path ?? stack[top].context, shell: entry))
        }
        entries = result
    }
}
