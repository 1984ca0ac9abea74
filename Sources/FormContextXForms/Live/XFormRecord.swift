public import FormContextCore
import Foundation

/// A live record of an ``XForm``: the engine's form object holding the instance's values, changed
/// through instance paths with JavaRosa's semantics.
///
/// Paths are absolute instance paths with a 1-based `[n]` on repeat steps (`/data/hh[2]/name`); a
/// step without one means `[1]`. Every change goes through the engine, whose rules re-evaluate what
/// read the changed value, and nothing else.
///
/// ```swift
/// let record = try XFormRecord(form)
/// try record.set("2", at: "/data/visits")
/// try record.addRepeat(at: "/data/members")
/// for node in record.nodes where node.isRelevant { print(node.path, node.value ?? "") }
/// ```
///
/// The operations may be called from any thread; each engine mutation is atomic, but an operation
/// that makes several (a value and the actions it sets off) is not: call them from one task at a time.
public final class XFormRecord: Sendable {
    /// The form the record is of.
    public let form: XForm
    /// The engine's live form holding the record's values (keys as ``XForm`` describes them).
    public let object: FormContextObject

    private var model: XFormModel { form.model }

    /// Makes a new, blank record: the instance's defaults and repeat instances, then the
    /// `jr:preload` values in every instance (`uid` as `uuid:` and a UUID from the form's
    /// environment; `timestamp` `start`, `date` `today` from its clock), then the `odk-instance-first-load` actions in
    /// document order.
    /// - Parameter form: The form.
    /// - Throws: ``XFormError``: an expression of a bind that fails on the new record (as JavaRosa
    ///   refuses to load such a form), naming the bind, its attribute and why; an instance repeat
    ///   that cannot be added.
    public init(_ form: XForm) throws(XFormError) {
        self.form = form
        self.object = FormContextObject(definition: form.definition)
        try addInitialRows(of: form.model.instance, node: 0, rows: [])
        preload()
        for action in model.actions where action.events.contains(.firstLoad) {
            // A first-load action on a node inside repeats writes it in every instance there is.
            for rows in instances(of: model.nodes[action.target].scopes.last.map { $0 } ?? 0) {
                run(action, rows: rows)
            }
        }
        try checkExpressions()
    }

    /// Loads a record that was filled before, to edit it as ODK Collect edits a finalized record:
    /// the repeat instances the record holds are made, each value is read by its node's type, and
    /// the calculations, relevance and other conditions are worked out again from those values.
    ///
    /// As JavaRosa loads a saved instance, no `jr:preload` value is filled in and no
    /// `odk-instance-first-load` action runs: the start time, the `uid` and what those actions
    /// wrote stay as the record holds them, `meta/instanceID` too (so
    /// ``XFormElement/renewInstanceID(_:)`` moves it to `meta/deprecatedID` when the edited record is
    /// sent again). A `calculate` is evaluated again, except that `once()` keeps the value the record
    /// holds. A leaf the record lacks (a submission leaves out what was not relevant) is blank.
    /// Written out again with ``instance`` and ``XFormDocument/submissionXML(for:)``, an unchanged
    /// record gives the XML it was read from.
    ///
    /// ```swift
    /// let saved = try form.document.record(fromXML: xml)
    /// let record = try XFormRecord(form, loading: saved)
    /// try record.set("18", at: "/data/age")
    /// ```
    /// - Parameters:
    ///   - form: The form the record is of.
    ///   - record: The record's root element, as ``XFormDocument/record(fromXML:options:)`` reads it.
    /// - Throws: ``XFormError``: ``XFormError/Kind/unknownPath`` for an element the form does not
    ///   have at that place (the record is checked as ``XFormDocument/record(fromXML:options:)``
    ///   checks it), ``XFormError/Kind/invalidValue`` for a value its node's type cannot hold, naming
    ///   the node's path and the value; an expression that fails on the record, as ``init(_:)``.
    public init(_ form: XForm, loading record: XFormElement) throws(XFormError) {
        self.form = form
        self.object = FormContextObject(definition: form.definition)
        do {
            try RecordCheck.check(record, against: form.document)
        } catch {
            throw XFormError(.unknownPath, error.message, line: error.line)
        }
        var invalid: [XFormFinding] = []
        try load(record, node: 0, rows: [], path: "/" + model.nodes[0].name, invalid: &invalid)
        if let first = invalid.first { throw XFormError(.invalidValue, first.message) }
        try checkExpressions()
    }

    /// Loads a submitted record whatever it holds, for ``XForm/check(submission:options:)``: elements
    /// the form lacks are skipped, and values their type cannot hold are left blank and listed.
    /// The repeat instances the device left out for not being relevant where they stood are put
    /// back blank (``restoreLeftOutInstances()``); `restored` receives their rows' key prefixes.
    init(_ form: XForm, checking record: XFormElement, invalid: inout [XFormFinding], restored: inout Set<String>) throws(XFormError) {
        self.form = form
        self.object = FormContextObject(definition: form.definition)
        try load(record, node: 0, rows: [], path: "/" + model.nodes[0].name, invalid: &invalid)
        restored = restoreLeftOutInstances()
        try checkExpressions()
    }

    /// The most blank instances ``restoreLeftOutInstances()`` puts back in one record.
    static let restorableInstances = 1_000

    /// Puts back the repeat instances a submission cannot carry. The device leaves out a repeat
    /// instance that is not relevant, so the instances after it move up, and a form whose instances
    /// are relevant by their position (`relevant="position() != 2"`) would see them elsewhere. Before
    /// each submitted instance that is not relevant where it stands, blank instances that are not
    /// relevant either are put until it is; when none can make it relevant, none is put and the
    /// instance stays where it was sent (a finding). Outer repeats first, at most
    /// ``restorableInstances`` in all.
    /// - Returns: The key prefixes (`group.row.`) of the instances put back.
    private func restoreLeftOutInstances() -> Set<String> {
        var restored: Set<String> = []
        var budget = Self.restorableInstances
        for node in model.nodes.indices where model.nodes[node].isRepeat {
            guard let parent = model.nodes[node].parent else { continue }
            for rows in instances(of: parent) where model.isRelevant(parent, rows: rows, reader: object) {
                let group = model.groupKey(node, rows: rows)
                var position = 0
                while budget > 0 {
                    let order = Array(object.rows(of: group))
                    guard position < order.count else { break }
                    let id = order[position]
                    guard !restored.contains(group + "." + id.description + "."), !model.isRelevant(node, rows: rows + [id], reader: object) else {
                        position += 1
                        continue
                    }
                    var added: [RowID] = []
                    var fits = false
                    while budget > added.count, let blank = try? object.insertRows(into: group, at: position + added.count, [[:]])[0] {
                        added.append(blank)
                        // A blank instance the device would have sent explains nothing.
                        if model.isRelevant(node, rows: rows + [blank], reader: object) { break }
                        if model.isRelevant(node, rows: rows + [id], reader: object) {
                            fits = true
                            break
                        }
                    }
                    if fits {
                        restored.formUnion(added.map { group + "." + $0.description + "." })
                        budget -= added.count
                        position += added.count + 1
                    } else {
                        try? object.removeRows(added, from: group)
                        position += 1
                    }
                }
            }
        }
        return restored
    }

    /// Evaluates every bind expression once in every instance of its node, throwing the first
    /// failure: the engine's rules treat a failing expression as blank (or false), so a form whose
    /// expressions cannot work is refused here, as JavaRosa refuses to load it.
    private func checkExpressions() throws(XFormError) {
        if let first = expressionFailures(stoppingAtFirst: true).first {
            throw XFormError(.evaluation, first.message, line: first.line)
        }
    }

    /// The bind expressions that fail with the record's current values, each with the node's
    /// path, the bind's attribute and the evaluator's message.
    ///
    /// An expression can fail after the form loaded: `format-date()` of a text that is no date,
    /// `regex()` with a pattern read from an answer that is no regular expression, `pulldata()`
    /// naming an instance the form lacks. The record then stores the calculation as blank (a
    /// failing `relevant`, `required`, `readonly` or `constraint` counts as false), as the live
    /// rules cannot stop; this lists every such failure so an app can show it, where JavaRosa
    /// throws from the answer that caused it.
    /// - Returns: One ``XFormFinding`` of kind ``XFormFinding/Kind/evaluation`` per failing
    ///   expression and node instance, in the form's node order; empty when all evaluate.
    public func evaluationErrors() -> [XFormFinding] {
        expressionFailures(stoppingAtFirst: false).map { XFormFinding(kind: .evaluation, path: $0.path, message: $0.message) }
    }

    private func expressionFailures(stoppingAtFirst: Bool) -> [(path: String, message: String, line: Int?)] {
        let tree = LiveTree(model: model, reader: object)
        var failures: [(path: String, message: String, line: Int?)] = []
        for (index, node) in model.nodes.enumerated() {
            guard let bind = node.bind else { continue }
            let expressions = [("calculate", bind.calculate), ("relevant", bind.relevant), ("required", bind.required), ("readonly", bind.readonly),
                ("constraint", bind.constraint)]
            for rows in instances(of: index) {
                for case (let attribute, let expression?) in expressions {
                    do {
                        _ = try expression.evaluate(in: tree, context: .primary(index, rows), environment: model.environment)
                    } catch {
                        let path = stoppingAtFirst ? node.path : model.path(of: index, rows: rows, reader: object)
                        failures.append((path, "bind for \(Quoted.plain(path, limit: 80)), \(attribute): \(error.quoted)", bind.line))
                        if stoppingAtFirst { return failures }
                    }
                }
            }
        }
        return failures
    }

    // MARK: Paths

    /// The node and row ids a path names.
    func resolve(_ path: String, lastStepIsGroup: Bool = false) throws(XFormError) -> (node: Int, rows: [RowID]) {
        // A node outside repeats, named by its path as the form writes it: found at once.
        if let node = model.pathsOutsideRepeats[path] { return (node, []) }
        let steps = path.split(separator: "/", omittingEmptySubsequences: true)
        guard let first = steps.first, Self.name(of: first).name == model.nodes[0].name else {
            throw XFormError(.unknownPath, "\(Quoted.value(path)) does not start at the instance's root /\(Quoted.plain(model.nodes[0].name))")
        }
        var node = 0
        var rows: [RowID] = []
        for (at, step) in steps.enumerated().dropFirst() {
            let (name, position) = Self.name(of: step)
            guard let child = model.nodes[node].childrenNamed[name]?.first, let position else {
                throw XFormError(.unknownPath, "\(Quoted.value(path)) names no node of the form: no \(Quoted.value(step)) there")
            }
            node = child
            guard model.nodes[child].isRepeat, !(lastStepIsGroup && at == steps.count - 1) else {
                guard position == 1 else { throw XFormError(.unknownPath, "\(Quoted.value(path)): \(Quoted.value(step)) is no repeat") }
                continue
            }
            let order = object.rows(of: model.groupKey(child, rows: rows))
            guard position >= 1, position <= order.count else {
                throw XFormError(.unknownPath, "\(Quoted.value(path)): the repeat has \(order.count) instance\(order.count == 1 ? "" : "s"), no \(position)")
            }
            rows.append(order[position - 1])
        }
        return (node, rows)
    }

    /// A step's name and 1-based position (`nil` when the position is no whole number).
    private static func name(of step: Substring) -> (name: String, position: Int?) {
        guard let open = step.firstIndex(of: "["), step.last == "]" else { return (String(step), 1) }
        let number = step[step.index(after: open)..<step.index(before: step.endIndex)]
        return (String(step[..<open]), Int(number))
    }

    // MARK: Values

    /// The value of a leaf as XForm text.
    /// - Parameter path: The leaf's path.
    /// - Returns: The text, or `nil` when blank.
    /// - Throws: ``XFormError`` when the path names no node.
    public func value(at path: String) throws(XFormError) -> String? {
        let (node, rows) = try resolve(path)
        guard model.nodes[node].isLeaf else { return nil }
        return XFormValueText.text(object[model.fieldKey(node, rows: rows)])
    }

    /// Writes a value given as XForm text, read by the node's type as JavaRosa reads a saved answer
    /// (`int`, `decimal`, `date` `2020-02-29`, `time`, `dateTime`, `geopoint` `lat lon [alt acc]`,
    /// select values separated by spaces, booleans `1`/`0`/`true`/`false`), with no constraint,
    /// required or read-only check; blank text clears it. When the value changes, the node's
    /// `xforms-value-changed` actions run.
    /// - Parameters:
    ///   - text: The value.
    ///   - path: The leaf's path.
    /// - Throws: ``XFormError``: a path that names no node or a group, text that is not valid for the
    ///   type, a character XML 1.0 cannot hold (a control character other than tab, line feed and
    ///   carriage return, U+FFFE, U+FFFF; named as `U+001B`), a choice a select with a fixed list
    ///   does not offer. Nothing changes then.
    public func set(_ text: String, at path: String) throws(XFormError) {
        let (node, rows) = try resolve(path)
        let value = try parse(text, for: node, path: path)
        write(value, node: node, rows: rows)
    }

    /// Clears a leaf's value.
    /// - Parameter path: The leaf's path.
    /// - Throws: ``XFormError`` when the path names no leaf.
    public func clear(at path: String) throws(XFormError) {
        try set("", at: path)
    }

    /// Answers a question as a person does (JavaRosa's `answerQuestion`): a blank answer to a
    /// required question, or a value that breaks the constraint, is refused and nothing is stored.
    /// - Parameters:
    ///   - text: The answer as XForm text; `nil` or blank for none.
    ///   - path: The question's path.
    /// - Returns: ``XFormAnswerResult/ok`` when stored, else why not.
    /// - Throws: ``XFormError`` as ``set(_:at:)`` does.
    public func answer(_ text: String?, at path: String) throws(XFormError) -> XFormAnswerResult {
        let (node, rows) = try resolve(path)
        let value = try parse(text ?? "", for: node, path: path)
        let key = model.fieldKey(node, rows: rows)
        var candidate = object.context
        candidate.set(Self.sendable(value), for: key)
        if value == nil {
            if let required = model.nodes[node].bind?.required, model.truth(required, at: node, rows: rows, reader: candidate) {
                return .required
            }
        } else if let constraint = model.nodes[node].bind?.constraint, !model.truth(constraint, at: node, rows: rows, reader: candidate) {
            return .constraint
        }
        write(value, node: node, rows: rows)
        return .ok
    }

    private func parse(_ text: String, for node: Int, path: String) throws(XFormError) -> AnyHashable? {
        let schema = model.nodes[node]
        guard schema.isLeaf else { throw XFormError(.invalidValue, "\(Quoted.value(path)) is a group: it holds no value") }
        if let scalar = Self.firstNonXMLScalar(in: text) {
            throw XFormError(
                .invalidValue, "the value for \(Quoted.value(path)) holds \(Self.codePoint(scalar)), a character XML 1.0 cannot hold")
        }
        let value: AnyHashable?
        switch XFormValueText.parse(text, as: schema.type, timeZone: model.environment.timeZone) {
        case .success(let parsed): value = parsed
        case .failure(let refusal):
            throw XFormError(.invalidValue, "\(Quoted.value(text)) is no value for \(Quoted.value(path)) (\(schema.type.name ?? "string")): \(refusal.reason)")
        }
        if let text = value?.base as? String, let select = model.selects[node], select.itemset == nil, !select.items.isEmpty {
            let offered = Set(select.items.map(\.value))
            let chosen = schema.type == .select ? text.split(separator: " ").map(String.init) : [text]
            if let missing = chosen.first(where: { !offered.contains($0) }) {
                throw XFormError(.invalidValue, "\(Quoted.value(missing)) is not among the choices of \(Quoted.value(path))")
            }
        }
        return value
    }

    /// The first character of `text` that XML 1.0 cannot hold (U+0000-U+0008, U+000B, U+000C,
    /// U+000E-U+001F, U+FFFE, U+FFFF), so that no value a submission cannot carry is stored.
    static func firstNonXMLScalar(in text: String) -> Unicode.Scalar? {
        text.unicodeScalars.first(where: isNonXML)
    }

    /// Whether XML 1.0 cannot hold `scalar` (see ``firstNonXMLScalar(in:)``).
    static func isNonXML(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D: false
        case 0x00...0x1F, 0xFFFE, 0xFFFF: true
        default: false
        }
    }

    /// `scalar` as its code point is written: `U+001B`.
    static func codePoint(_ scalar: Unicode.Scalar) -> String {
        "U+" + String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4)
    }

    /// Writes a value and, when it changed, runs the node's value-changed actions.
    private func write(_ value: AnyHashable?, node: Int, rows: [RowID]) {
        let key = model.fieldKey(node, rows: rows)
        guard let actions = model.valueChangedActions[node] else {
            object.set(Self.sendable(value), for: key, origin: .user)
            return
        }
        let before = object[key]
        object.set(Self.sendable(value), for: key, origin: .user)
        guard object[key] != before else { return }
        for action in actions {
            run(model.actions[action], rows: rows)
        }
    }

    /// Runs a setvalue action for the target in given rows (as deep as the target's rows go).
    private func run(_ action: CompiledAction, rows: [RowID]) {
        let target = action.target
        let depth = model.nodes[target].scopes.count
        var targetRows = Array(rows.prefix(depth))
        // A target deeper in repeats than the rows given is written in the first instances.
        while targetRows.count < depth {
            let group = model.nodes[target].scopes[targetRows.count]
            guard let first = object.rows(of: model.groupKey(group, rows: targetRows)).first else { return }
            targetRows.append(first)
        }
        let value: AnyHashable? =
            if let expression = action.value {
                model.stored(expression, at: target, rows: targetRows, reader: object)
            } else {
                try? XFormValueText.parse(action.literal, as: model.nodes[target].type, timeZone: model.environment.timeZone).get()
            }
        object.set(Self.sendable(value), for: model.fieldKey(target, rows: targetRows), origin: .program)
    }

    static func sendable(_ value: AnyHashable?) -> (any Hashable & Sendable)? {
        switch value?.base {
        case let int as Int: int
        case let text as String: text
        case let flag as Bool: flag
        default: nil
        }
    }

    // MARK: Repeats

    /// Adds an instance at the end of a repeat, holding the template's defaults and its
    /// `jr:preload` values, and runs its `odk-new-repeat` actions in it.
    /// - Parameter path: The repeat's path, without a position on its last step
    ///   (`/data/hh[2]/members`).
    /// - Returns: The new instance's path with its position.
    /// - Throws: ``XFormError`` when the path names no repeat.
    @discardableResult
    public func addRepeat(at path: String) throws(XFormError) -> String {
        let (node, rows) = try resolve(path, lastStepIsGroup: true)
        guard model.nodes[node].isRepeat else { throw XFormError(.invalidValue, "\(Quoted.value(path)) is no repeat") }
        let id = try appendRow(node, rows: rows, values: [:])
        return model.path(of: node, rows: rows + [id], reader: object)
    }

    /// Removes an instance of a repeat.
    /// - Parameter path: The instance's path (`/data/hh[2]`).
    /// - Throws: ``XFormError`` when the path names no repeat instance.
    public func removeRepeat(at path: String) throws(XFormError) {
        let (node, rows) = try resolve(path)
        guard model.nodes[node].isRepeat, let id = rows.last else { throw XFormError(.invalidValue, "\(Quoted.value(path)) is no repeat instance") }
        do {
            try object.removeRows([id], from: model.groupKey(node, rows: Array(rows.dropLast())))
        } catch {
            throw XFormError(.unknownPath, "\(Quoted.value(path)): \(Quoted.plain(String(describing: error)))")
        }
    }

    /// Adds instances to every repeat with a `jr:count` until it has as many as its count says, as
    /// JavaRosa does while a person walks through the form (it never removes any), running their
    /// `odk-new-repeat` actions. Only relevant repeats grow, outer ones before the ones inside them.
    public func growCountedRepeats() {
        for node in model.nodes.indices {
            guard let count = model.counts[node] else { continue }
            for rows in instances(of: model.nodes[node].parent ?? 0) where model.isRelevant(node, rows: rows, reader: object) {
                guard let parent = model.nodes[node].parent, model.isRelevant(parent, rows: rows, reader: object) else { continue }
                // The count is read from the repeat's place, as from an instance of it: `../n` is a
                // sibling of the repeat.
                let wanted = model.evaluate(count, at: node, rows: rows + [RowID(0)], reader: object).map {
                    $0.number(in: LiveTree(model: model, reader: object), environment: model.environment)
                } ?? .nan
                guard wanted.isFinite else { continue }
                let target = min(Int(wanted.rounded(.towardZero)), 100_000)
                var have = object.rows(of: model.groupKey(node, rows: rows)).count
                while have < target, (try? appendRow(node, rows: rows, values: [:])) != nil { have += 1 }
            }
        }
    }

    /// Appends a row and runs the repeat's new-repeat actions in it.
    private func appendRow(_ node: Int, rows: [RowID], values: FormContext) throws(XFormError) -> RowID {
        let id: RowID
        do {
            id = try object.appendRow(to: model.groupKey(node, rows: rows), values)
        } catch {
            throw XFormError(.invalidValue, "cannot add to \(Quoted.plain(model.nodes[node].path)): \(Quoted.plain(String(describing: error)))")
        }
        preload(newInstanceOf: node, rows: rows + [id])
        // The repeats inside start with as many instances as the template holds.
        var pending = [node]
        while let inner = pending.popLast() {
            for child in model.nodes[inner].children {
                if model.nodes[child].isRepeat {
                    for _ in 0..<model.nodes[child].newRows { _ = try appendRow(child, rows: rows + [id], values: [:]) }
                } else {
                    pending.append(child)
                }
            }
        }
        for action in model.actions where action.events.contains(.newRepeat(node)) {
            run(action, rows: rows + [id])
        }
        return id
    }

    /// The row ids of every instance of a node (every combination of the rows above it; one empty
    /// list outside repeats).
    func instances(of node: Int) -> [[RowID]] {
        var result: [[RowID]] = [[]]
        var scopes = model.nodes[node].scopes
        if model.nodes[node].isRepeat { scopes.append(node) }
        for scope in scopes {
            result = result.flatMap { rows in object.rows(of: model.groupKey(scope, rows: rows)).map { rows + [$0] } }
        }
        return result
    }

    /// Adds the instance's repeat instances (those that are not templates) as rows, with their values:
    /// each repeat's instances in one batch, so that what reads the repeat (a `sum()` over it) runs
    /// once for them all rather than once per instance.
    private func addInitialRows(of element: XFormElement, node: Int, rows: [RowID]) throws(XFormError) {
        var repeats: [Int] = []
        var instances: [Int: [XFormElement]] = [:]
        for child in element.children where !child.isTemplate {
            guard let index = model.nodes[node].childrenNamed[child.name.qualified]?.first else { continue }
            if model.nodes[index].isRepeat {
                if instances[index] == nil { repeats.append(index) }
                instances[index, default: []].append(child)
            } else if !model.nodes[index].isLeaf {
                try addInitialRows(of: child, node: index, rows: rows)
            }
        }
        for index in repeats {
            let elements = instances[index] ?? []
            let contents = elements.map { rowValues($0, node: index) }
            let ids: [RowID]
            do {
                ids = try object.insertRows(into: model.groupKey(index, rows: rows), at: Int.max, contents.map(\.values))
            } catch {
                throw XFormError(.invalidValue, "cannot add \(Quoted.plain(model.nodes[index].path)): \(Quoted.plain(String(describing: error)))")
            }
            for ((instance, content), id) in zip(zip(elements, contents), ids) {
                // A leaf left blank in this instance is blank, whatever the first instance holds.
                let prefix = model.groupKey(index, rows: rows) + "." + id.description + "."
                for key in content.blanks where object[prefix + key] != nil { object.set(nil, for: prefix + key) }
                try addInitialRows(of: instance, node: index, rows: rows + [id])
            }
        }
    }

    /// The values of a repeat instance's own leaves (not those of repeats inside), keyed in its row.
    private func rowValues(_ element: XFormElement, node: Int) -> (values: FormContext, blanks: [String]) {
        var values = FormContext()
        var blanks: [String] = []
        if model.nodes[node].isLeaf {
            let value = try? XFormValueText.parse(element.value.trimmingXPathSpace(), as: model.nodes[node].type, timeZone: model.environment.timeZone).get()
            if let value = Self.sendable(value ?? nil) { values.set(value, for: XFormKeys.value) } else { blanks.append(XFormKeys.value) }
            return (values, blanks)
        }
        var pending: [(XFormElement, Int)] = [(element, node)]
        while let (current, index) = pending.popLast() {
            for child in current.children where !child.isTemplate {
                guard let childIndex = model.nodes[index].childrenNamed[child.name.qualified]?.first, !model.nodes[childIndex].isRepeat else { continue }
                if model.nodes[childIndex].isLeaf {
                    let value = try? XFormValueText.parse(child.value.trimmingXPathSpace(), as: model.nodes[childIndex].type, timeZone: model.environment.timeZone).get()
                    if let value = Self.sendable(value ?? nil) {
                        values.set(value, for: model.nodes[childIndex].key)
                    } else {
                        blanks.append(model.nodes[childIndex].key)
                    }
                } else {
                    pending.append((child, childIndex))
                }
            }
        }
        return (values, blanks)
    }

    // MARK: Loading

    /// Loads `element`, the record's element of `node` in `rows`: a leaf's value (blank when the
    /// record lacks it), a group's children, a repeat's instances (each repeat's in one batch, their
    /// leaves' values in the rows they are added with).
    private func load(_ element: XFormElement?, node: Int, rows: [RowID], path: String, invalid: inout [XFormFinding]) throws(XFormError) {
        let schema = model.nodes[node]
        if schema.isLeaf {
            let value = element.flatMap { loadedValue($0, node: node, path: path, invalid: &invalid) }
            object.set(Self.sendable(value), for: model.fieldKey(node, rows: rows), origin: .program)
            return
        }
        var byChild: [Int: [XFormElement]] = [:]
        for child in element?.children ?? [] where !child.isTemplate {
            guard let index = modelChild(of: node, for: child) else { continue }
            byChild[index, default: []].append(child)
        }
        for child in schema.children {
            let elements = byChild[child] ?? []
            let childPath = path + "/" + model.nodes[child].name
            if model.nodes[child].isRepeat {
                try loadRepeat(elements, repeat: child, rows: rows, path: path, invalid: &invalid)
            } else {
                try load(elements.first, node: child, rows: rows, path: childPath, invalid: &invalid)
            }
        }
    }

    /// Loads the repeats inside a repeat instance (its own leaves came with its row), and the
    /// repeats inside its groups.
    private func loadRepeats(in element: XFormElement, node: Int, rows: [RowID], path: String, invalid: inout [XFormFinding]) throws(XFormError) {
        var byChild: [Int: [XFormElement]] = [:]
        for child in element.children where !child.isTemplate {
            guard let index = modelChild(of: node, for: child) else { continue }
            byChild[index, default: []].append(child)
        }
        for child in model.nodes[node].children where !model.nodes[child].isLeaf || model.nodes[child].isRepeat {
            let childPath = path + "/" + model.nodes[child].name
            if model.nodes[child].isRepeat {
                try loadRepeat(byChild[child] ?? [], repeat: child, rows: rows, path: path, invalid: &invalid)
            } else if let inner = byChild[child]?.first {
                try loadRepeats(in: inner, node: child, rows: rows, path: childPath, invalid: &invalid)
            }
        }
    }

    /// Adds a repeat's instances, in `rows`, in one batch: their own leaves' values with them, then
    /// the repeats inside. `path` is the path of the element around the repeat.
    private func loadRepeat(_ elements: [XFormElement], repeat node: Int, rows: [RowID], path: String, invalid: inout [XFormFinding]) throws(XFormError) {
        let childPath = path + "/" + model.nodes[node].name
        var contents: [(values: FormContext, blanks: [String])] = []
        for (position, instance) in elements.enumerated() {
            contents.append(rowContent(instance, node: node, path: childPath + "[\(position + 1)]", invalid: &invalid))
        }
        let group = model.groupKey(node, rows: rows)
        let ids: [RowID]
        do {
            ids = try object.insertRows(into: group, at: Int.max, contents.map(\.values))
        } catch {
            throw XFormError(.invalidValue, "cannot add \(Quoted.plain(model.nodes[node].path)): \(Quoted.plain(String(describing: error)))")
        }
        for (position, (instance, id)) in zip(elements, ids).enumerated() {
            let prefix = group + "." + id.description + "."
            for key in contents[position].blanks where object[prefix + key] != nil { object.set(nil, for: prefix + key) }
            try loadRepeats(in: instance, node: node, rows: rows + [id], path: childPath + "[\(position + 1)]", invalid: &invalid)
        }
    }

    /// The values of a repeat instance's own leaves (not those of repeats inside), keyed in its row;
    /// the keys of those it leaves blank.
    private func rowContent(_ element: XFormElement, node: Int, path: String, invalid: inout [XFormFinding]) -> (values: FormContext, blanks: [String]) {
        var values = FormContext()
        var blanks: [String] = []
        if model.nodes[node].isLeaf {
            if let value = Self.sendable(loadedValue(element, node: node, path: path, invalid: &invalid)) {
                values.set(value, for: XFormKeys.value)
            } else {
                blanks.append(XFormKeys.value)
            }
            return (values, blanks)
        }
        func visit(_ current: XFormElement?, _ index: Int, _ path: String) {
            var byChild: [Int: XFormElement] = [:]
            for child in current?.children ?? [] where !child.isTemplate {
                if let childIndex = modelChild(of: index, for: child), byChild[childIndex] == nil { byChild[childIndex] = child }
            }
            for child in model.nodes[index].children where !model.nodes[child].isRepeat {
                let childPath = path + "/" + model.nodes[child].name
                if model.nodes[child].isLeaf {
                    let value = byChild[child].flatMap { loadedValue($0, node: child, path: childPath, invalid: &invalid) }
                    if let value = Self.sendable(value) { values.set(value, for: model.nodes[child].key) } else { blanks.append(model.nodes[child].key) }
                } else {
                    visit(byChild[child], child, childPath)
                }
            }
        }
        visit(element, node, path)
        return (values, blanks)
    }

    /// A leaf's value read from the record by its type; `nil` for blank, and for text the type
    /// cannot hold, which is listed in `invalid`.
    private func loadedValue(_ element: XFormElement, node: Int, path: String, invalid: inout [XFormFinding]) -> AnyHashable? {
        let type = model.nodes[node].type
        switch XFormValueText.parse(element.value, as: type, timeZone: model.environment.timeZone) {
        case .success(let value): return value
        case .failure(let refusal):
            invalid.append(
                XFormFinding(
                    kind: .invalidValue, path: path,
                    message: "\(Quoted.value(element.value)) is no value for \(Quoted.plain(path)) (\(type.name ?? "string")): \(refusal.reason)",
                    submitted: element.value))
            return nil
        }
    }

    /// The form's child of `node` that a record's element is: the one of its local name, in its
    /// namespace when several share the name.
    func modelChild(of node: Int, for element: XFormElement) -> Int? {
        let named = model.nodes[node].children.filter { model.nodes[$0].qualifiedName.localName == element.name.localName }
        guard named.count > 1 else { return named.first }
        return named.first { (model.nodes[$0].qualifiedName.namespaceURI ?? "") == (element.name.namespaceURI ?? "") } ?? named.first
    }

    /// Fills the `jr:preload` values of the new record's leaves, in every instance of the repeats
    /// they are in (the instance's own repeat instances too), as JavaRosa does when it loads a form.
    private func preload() {
        for (index, node) in model.nodes.enumerated() where node.isLeaf && node.bind?.preload != nil {
            for rows in instances(of: index) { preload(index, rows: rows) }
        }
    }

    /// Fills the `jr:preload` values of a new repeat instance's own leaves (not those of the
    /// repeats inside it, which are filled as their instances are added), as JavaRosa does when it
    /// adds an instance.
    private func preload(newInstanceOf repeatNode: Int, rows: [RowID]) {
        for (index, node) in model.nodes.enumerated() where node.isLeaf && node.bind?.preload != nil && node.scopes.last == repeatNode {
            preload(index, rows: rows)
        }
    }

    /// Fills the `jr:preload` value of one leaf in one instance: `uid` as `uuid:` and a UUID,
    /// `timestamp` `start` and `date` `today` from the form's environment; other preloads are left
    /// blank.
    private func preload(_ index: Int, rows: [RowID]) {
        let node = model.nodes[index]
        guard let preload = node.bind?.preload else { return }
        let parameter = node.bind?.preloadParameters ?? ""
        let now = model.environment.now()
        let text: String?
        switch (preload, parameter) {
        case ("uid", _): text = "uuid:" + model.environment.uuid()
        case ("timestamp", "start"): text = XFormValueText.dateTimeText(now, timeZone: model.environment.timeZone)
        case ("date", "today"): text = XPathDates.dateString(now, in: model.environment.timeZone)
        default: text = nil
        }
        guard let text else { return }
        let value = try? XFormValueText.parse(text, as: node.type, timeZone: model.environment.timeZone).get()
        object.set(Self.sendable(value ?? AnyHashable(text)), for: model.fieldKey(index, rows: rows), origin: .program)
    }
}

extension String {
    /// The text with leading zeros up to `width` characters.
    func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: Swift.max(0, width - count)) + self
    }
}
