internal import Foundation

/// Checks a record read from instance XML against its form's primary instance: the same root
/// (name, namespace, `id`, and `version` when the form has one), every element one the form has
/// at that place (or `meta/deprecatedID`, which an edited record gains), no element twice unless
/// it is a repeat, no repeat template, no text in a group.
/// Elements the form has and the record lacks are fine: a submission leaves out every node that
/// is not relevant.
enum RecordCheck {
    /// An element that does not fit the form: its path (with positions on repeat steps) and why.
    struct Misfit {
        var path: String
        var error: XFormReadError
    }

    /// Checks the record, throwing at the first element that does not fit.
    static func check(_ record: XFormElement, against document: XFormDocument) throws(XFormReadError) {
        if let first = try misfits(record, against: document).first { throw first.error }
    }

    /// Checks the record's root, throwing when it is not this form's, and lists every element that
    /// does not fit the form, in document order (what is inside such an element is not looked at).
    static func misfits(_ record: XFormElement, against document: XFormDocument) throws(XFormReadError) -> [Misfit] {
        let form = document.primaryInstance
        guard record.name.localName == form.name.localName, record.attribute("id") == form.attribute("id") else {
            throw XFormReadError(
                .recordMismatch, "the record's root is \(describe(record)), but this form's is \(describe(form))",
                line: record.line, column: record.column)
        }
        // The form's instance is usually in the form's default namespace, which a submission does
        // not declare: it is read in none. An element in its root's namespace is compared as in none.
        let formNamespace = form.name.namespaceURI ?? ""
        let recordNamespace = record.name.namespaceURI ?? ""
        let schema = document.submissionNamespaces.last { $0.prefix.isEmpty }?.uri ?? ""
        guard recordNamespace == formNamespace || recordNamespace == schema else {
            throw XFormReadError(
                .recordMismatch,
                "the record's root \(describe(record)) is in the namespace \(Quoted.value(record.name.namespaceURI ?? "")), but this form's is in \(Quoted.value(form.name.namespaceURI ?? ""))",
                line: record.line, column: record.column)
        }
        for namespace in [nil, "http://openrosa.org/xforms"] {
            guard let version = form.attribute("version", namespace: namespace) else { continue }
            let found = record.attribute("version", namespace: namespace)
            guard found == version else {
                throw XFormReadError(
                    .recordMismatch,
                    "the record is \(found.map { "of version \(Quoted.value($0))" } ?? "of no version") of the form \(Quoted.value(form.attribute("id") ?? "")), but this form is version \(Quoted.value(version))",
                    line: record.line, column: record.column)
            }
        }
        let repeats = repeatPaths(document.body, context: nil, binds: document.binds)
        let path = "/" + record.name.qualified
        let namespaces = (form: formNamespace, record: recordNamespace)
        var found: [Misfit] = []
        check(record, model: form, path: path, modelPath: "/" + form.name.localName, repeats: repeats, namespaces: namespaces, into: &found)
        return found
    }

    private static func check(
        _ element: XFormElement, model: XFormElement, path: String, modelPath: String, repeats: Set<String>,
        namespaces: (form: String, record: String), into found: inout [Misfit]
    ) {
        func own(_ name: XFormName, root: String) -> String {
            let namespace = name.namespaceURI ?? ""
            return namespace == root ? "" : namespace
        }
        let modelChildren = model.children
        if !modelChildren.isEmpty, !element.text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            found.append(
                Misfit(
                    path: path,
                    error: XFormReadError(
                        .recordMismatch, "\(Quoted.name(path)) holds text, but in this form it is a group of elements",
                        line: element.line, column: element.column)))
        }
        var seen: [XFormName: Int] = [:]
        for child in element.children {
            let named = modelChildren.filter {
                $0.name.localName == child.name.localName && own($0.name, root: namespaces.form) == own(child.name, root: namespaces.record)
            }
            let childModelPath = modelPath + "/" + child.name.localName
            // OpenRosa's meta/deprecatedID, which an edited record gains whether or not the form has it.
            let deprecatedID = model.name.localName == "meta" && child.name.localName == "deprecatedID" ? XFormElement(name: child.name) : nil
            guard let shape = named.first(where: \.isTemplate) ?? named.first ?? deprecatedID else {
                let childPath = path + "/" + child.name.qualified
                found.append(
                    Misfit(
                        path: childPath,
                        error: XFormReadError(
                            .recordMismatch, "\(Quoted.name(childPath)) is not in this form", line: child.line, column: child.column)))
                continue
            }
            let isRepeat = named.count > 1 || named.contains(where: \.isTemplate) || repeats.contains(childModelPath)
            let key = XFormName(child.name.localName, namespaceURI: own(child.name, root: namespaces.record))
            let position = seen[key, default: 0] + 1
            seen[key] = position
            let childPath = path + "/" + child.name.qualified + (isRepeat ? "[\(position)]" : "")
            guard !child.isTemplate else {
                found.append(
                    Misfit(
                        path: childPath,
                        error: XFormReadError(
                            .recordMismatch, "\(Quoted.name(childPath)) is a repeat template (jr:template); a record holds none",
                            line: child.line, column: child.column)))
                continue
            }
            guard isRepeat || position == 1 else {
                let misfitPath = childPath + "[\(position)]"
                found.append(
                    Misfit(
                        path: misfitPath,
                        error: XFormReadError(
                            .recordMismatch, "\(Quoted.name(childPath)) appears more than once, but this form does not repeat it",
                            line: child.line, column: child.column)))
                continue
            }
            check(child, model: shape, path: childPath, modelPath: childModelPath, repeats: repeats, namespaces: namespaces, into: &found)
        }
    }

    /// The absolute paths of the body's repeats (their `nodeset`, relative ones resolved against
    /// the enclosing group's, or their bind's).
    private static func repeatPaths(_ controls: [XFormControl], context: String?, binds: [XFormBind]) -> Set<String> {
        var paths: Set<String> = []
        for control in controls {
            let written = control.ref ?? control.bind.flatMap { id in binds.first { $0.id == id }?.nodeset }
            var absolute = context
            if let written = written?.trimmingCharacters(in: .whitespaces), !written.isEmpty {
                absolute = written.hasPrefix("/") ? written : context.map { $0 + "/" + written }
            }
            if control.kind == .repeat, let absolute { paths.insert(absolute) }
            paths.formUnion(repeatPaths(control.children, context: absolute, binds: binds))
        }
        return paths
    }

    private static func describe(_ element: XFormElement) -> String {
        let id = element.attribute("id").map { " id=" + Quoted.value($0) } ?? ""
        return "<" + Quoted.name(element.name.qualified) + id + ">"
    }
}
