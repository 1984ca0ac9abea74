import FormContextXForms

/// One row of a screen of the interactive XForm demo: a question, a group, a repeat, an instance of
/// one, a choice, or the row that adds an instance; with what activating it does. Texts are as the
/// form has them, not escaped yet (``ScreenPicture`` escapes them).
struct XFormRow {
    enum Action {
        case open(XFormSession.Level)
        case edit(path: String)
        case choose(path: String, value: String, isMultiple: Bool)
        case add(path: String)
        case readOnly
        case none
    }

    var title: String
    var value = ""
    var accessory = ScreenPicture.Accessory.none
    var action = Action.none
    /// The question's instance path, for the row being edited.
    var path: String?
    var hint: String?
    var isReadOnly = false

    /// The rows `content` shows now: the relevant ones, labels in the session's language.
    static func rows(of content: XFormSession.Content, in session: XFormSession) -> [XFormRow] {
        var states: [String: XFormNodeState] = [:]
        for node in session.loaded.record.nodes { states[node.path] = node }
        let builder = Builder(loaded: session.loaded, states: states)
        switch content {
        case .controls(let controls, let place): return controls.flatMap { builder.rows(of: $0, at: place) }
        case .instances(let control, let place, let title): return builder.instanceRows(of: control, at: place, title: title)
        case .choices(let control, let path): return builder.choiceRows(of: control, at: path)
        }
    }

    /// Builds rows from one snapshot of the record's nodes.
    private struct Builder {
        let loaded: XFormDemo.Loaded
        let states: [String: XFormNodeState]

        func label(_ control: XFormControl, at place: XFormPlace, path: String? = nil) -> String {
            let path = path ?? control.ref.map { place.instancePath(of: place.nodeset(of: $0)) } ?? ""
            return XFormLabels.rendered(control.label, at: path, language: loaded.language, loaded: loaded, place: place) ?? control.ref ?? ""
        }

        func rows(of control: XFormControl, at place: XFormPlace) -> [XFormRow] {
            let nodeset = control.ref.map(place.nodeset)
            switch control.kind {
            case .group:
                if let nodeset, states[place.instancePath(of: nodeset)]?.isRelevant == false { return [] }
                let inner = nodeset.map(place.inside) ?? place
                // A group around a repeat of its own node set (as pyxform writes one) is the repeat's row.
                if control.children.count == 1, let only = control.children.first, only.kind == .repeat {
                    return repeatRow(of: only, at: inner, title: control.label == nil ? label(only, at: inner) : label(control, at: place))
                }
                guard control.label != nil else { return control.children.flatMap { rows(of: $0, at: inner) } }
                let title = label(control, at: place)
                return [XFormRow(title: title, accessory: .disclosure, action: .open(XFormSession.Level(title: title, content: .controls(control.children, inner))))]
            case .repeat:
                return repeatRow(of: control, at: place, title: label(control, at: place))
            case .other:
                return []
            case .input, .select1, .select, .trigger, .range, .upload:
                guard let nodeset else { return [] }
                let path = place.instancePath(of: nodeset)
                guard let state = states[path], state.isRelevant else { return [] }
                var row = XFormRow(title: label(control, at: place, path: path) + (state.isRequired ? " *" : ""), path: path)
                row.hint = XFormLabels.rendered(control.hint, at: path, language: loaded.language, loaded: loaded, place: place)
                row.value = shown(state.value, of: control, at: path)
                switch control.kind {
                case _ where state.isReadonly:
                    row.isReadOnly = true
                    row.action = .readOnly
                case .select1, .select:
                    row.accessory = .disclosure
                    row.action = .open(XFormSession.Level(title: row.title, content: .choices(control, path: path)))
                case .trigger:
                    row.action = .choose(path: path, value: "OK", isMultiple: false)
                default:
                    row.action = .edit(path: path)
                }
                return [row]
            }
        }

        /// A value as the row shows it: a select's choices by their labels.
        func shown(_ value: String?, of control: XFormControl, at path: String) -> String {
            guard let value else { return "" }
            guard control.kind == .select1 || control.kind == .select else { return value }
            let labels = choiceLabels(of: control, at: path)
            return value.split(separator: " ").map { labels[String($0)] ?? String($0) }.joined(separator: ", ")
        }

        /// The choices a select offers now, by value, labelled in the session's language.
        func choiceLabels(of control: XFormControl, at path: String) -> [String: String] {
            var labels: [String: String] = [:]
            for choice in choices(of: control, at: path) { labels[choice.value] = choice.label }
            return labels
        }

        func choices(of control: XFormControl, at path: String) -> [(value: String, label: String)] {
            let offered = (try? loaded.record.choices(at: path)) ?? []
            return offered.map { choice in
                let item = control.items.first { $0.value == choice.value }
                let label =
                    item.flatMap { XFormLabels.rendered($0.label, at: path, language: loaded.language, loaded: loaded, place: XFormPlace()) }
                    ?? control.itemset.flatMap { XFormLabels.itemsetLabel(of: choice.value, in: $0, language: loaded.language, document: loaded.document) }
                return (choice.value, label ?? choice.label)
            }
        }

        func repeatRow(of control: XFormControl, at place: XFormPlace, title: String) -> [XFormRow] {
            guard let ref = control.ref else { return [] }
            let base = place.instancePath(of: place.nodeset(of: ref))
            var instances: [String] = []
            while states["\(base)[\(instances.count + 1)]"] != nil { instances.append("\(base)[\(instances.count + 1)]") }
            if !instances.isEmpty && instances.allSatisfy({ states[$0]?.isRelevant == false }) { return [] }
            let count = instances.count
            return [
                XFormRow(
                    title: title, value: count == 1 ? "1 instance" : "\(count) instances", accessory: .disclosure,
                    action: .open(XFormSession.Level(title: title, content: .instances(control, place, title: title))))
            ]
        }

        func instanceRows(of control: XFormControl, at place: XFormPlace, title: String) -> [XFormRow] {
            guard let ref = control.ref else { return [] }
            let nodeset = place.nodeset(of: ref)
            let base = place.instancePath(of: nodeset)
            var rows: [XFormRow] = []
            var position = 1
            while let state = states["\(base)[\(position)]"] {
                let path = "\(base)[\(position)]"
                if state.isRelevant {
                    let name = "\(title) \(position)"
                    rows.append(
                        XFormRow(
                            title: name, accessory: .disclosure,
                            action: .open(XFormSession.Level(title: name, content: .controls(control.children, place.inside(instance: path, of: nodeset))))))
                }
                position += 1
            }
            let fixed = control.count != nil || ["true()", "true"].contains(control.noAddRemove?.trimmingCharacters(in: .whitespaces) ?? "")
            if !fixed { rows.append(XFormRow(title: "+ Add \(title)", action: .add(path: base))) }
            return rows
        }

        func choiceRows(of control: XFormControl, at path: String) -> [XFormRow] {
            let chosen = Set(((try? loaded.record.value(at: path)) ?? nil)?.split(separator: " ").map(String.init) ?? [])
            return choices(of: control, at: path).map { choice in
                XFormRow(
                    title: choice.label, accessory: .checkmark(chosen.contains(choice.value)),
                    action: .choose(path: path, value: choice.value, isMultiple: control.kind == .select))
            }
        }
    }
}
