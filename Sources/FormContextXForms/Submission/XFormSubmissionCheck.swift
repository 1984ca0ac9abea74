public import Foundation
import FormContextCore

/// What checking a submitted record against its form found (``XForm/check(submission:options:)``):
/// the state of every node as the device worked it out, and every finding, each naming its node.
public struct XFormSubmissionCheck: Sendable, Equatable {
    /// Every node of the record in document order, with its value and its relevance, required,
    /// read-only and constraint state, worked out from the submitted values as the device does;
    /// calculated values are the ones recomputed.
    public var nodes: [XFormNodeState]
    /// What does not hold, in this order: values their type cannot hold, elements the form does not
    /// have, then, in document order, values submitted for nodes that are not relevant, calculated
    /// values that differ, required values missing and constraints broken.
    public var findings: [XFormFinding]

    /// Whether nothing was found: the device, given these values, would have sent this record.
    public var isAccepted: Bool { findings.isEmpty }
}

/// One thing a submitted record does that the device running its form would not have done.
public struct XFormFinding: Sendable, Hashable, CustomStringConvertible {
    /// What kind of thing.
    public enum Kind: Sendable, Hashable {
        /// A relevant question the form requires is blank; the message is its `jr:requiredMsg`.
        case required
        /// A relevant question's value breaks its constraint; the message is its `jr:constraintMsg`.
        case constraint
        /// A calculated value differs from the one recomputed from the submitted values:
        /// ``XFormFinding/submitted`` and ``XFormFinding/recomputed`` hold both.
        case calculation
        /// The submission holds a node that is not relevant (the device leaves such nodes out).
        case notRelevant
        /// An element the form does not have at that place, a repeat template, an element the
        /// form does not repeat given twice, or text in a group.
        case unknownNode
        /// A value its node's type cannot hold (`12a` for an `int`), or a choice a select with a
        /// fixed list does not offer.
        case invalidValue
        /// A bind expression fails with the current values (``XFormRecord/evaluationErrors()``):
        /// the message names the bind's node, its attribute and the evaluator's reason.
        case evaluation
    }

    /// What kind of finding.
    public var kind: Kind
    /// The node's path with 1-based positions on repeat steps: `/data/members[2]/age`.
    public var path: String
    /// What is wrong: the form's own message for a required or constraint finding (or the
    /// engine's default), else a sentence naming the node and the values; control characters
    /// escaped, so it is safe to print.
    public var message: String
    /// The value submitted, when the finding is about one; `nil` when the node was blank or absent.
    public var submitted: String?
    /// For ``Kind/calculation``, the value recomputed (`nil` for blank); else `nil`.
    public var recomputed: String?

    init(kind: Kind, path: String, message: String, submitted: String? = nil, recomputed: String? = nil) {
        self.kind = kind
        self.path = path
        self.message = message
        self.submitted = submitted
        self.recomputed = recomputed
    }

    /// `path: message`, safe to print.
    public var description: String { Quoted.plain(path) + ": " + message }
}

extension XForm {
    /// Checks a submitted record as the device running this form would: a server (or a pipeline)
    /// can refuse a tampered or stale submission by the rules the device ran, with no network.
    ///
    /// The record is read as ``XFormDocument/record(fromXML:options:)`` reads it and loaded as
    /// ``XFormRecord/init(_:loading:)`` loads it (no preload, no `odk-instance-first-load` action),
    /// and then every node is looked at as ``XFormRecord/validate()`` looks at it: a relevant
    /// question that is required and blank, or whose value breaks its constraint, is a finding with
    /// the form's message; a calculated node whose submitted value differs from the one recomputed
    /// is a finding naming both; so is a submitted node that is not relevant, an element the form
    /// lacks, and a value its type cannot hold. A record the device wrote from this form with
    /// ``XFormRecord/instance`` is accepted.
    ///
    /// What may rightly differ between the device and the server is not a finding:
    /// - `jr:preload` values (`start`, `end`, `today`, `uid`, `deviceid`, …) and the values
    ///   `setvalue` actions wrote are taken as submitted, as the device takes them when it edits a
    ///   record: nothing recomputes them.
    /// - A `calculate` that calls `now()`, `today()`, `random()`, `randomize()` or `uuid()`, or that
    ///   reads (through any path) a node whose `calculate` does, is not compared.
    /// - A `calculate` with `once()` keeps the submitted value when there is one, so it is compared
    ///   only when the submission leaves it blank.
    /// - Relevance, required and constraint conditions that call `now()` or `today()` read the
    ///   server's clock; the form's ``XPathEnvironment`` gives it.
    /// - `jr:count` repeats are not grown: the record's instances are checked as submitted.
    /// - A repeat instance that is not relevant is not sent, so the ones after it move up. Before a
    ///   submitted instance that is not relevant where it stands (`relevant="position() != 2"`),
    ///   blank instances that are not relevant either are put back until it is, as many as the
    ///   device left out there (up to 1,000 in a record), and paths give the device's positions. An
    ///   instance left out after the last one sent leaves no trace and is not put back.
    ///
    /// ```swift
    /// let check = try form.check(submission: xml)
    /// for finding in check.findings { print(finding) }  // /data/total: calculated as "7", …
    /// ```
    /// - Parameters:
    ///   - data: The submitted instance XML (`xml_submission_file`), UTF-8.
    ///   - options: The size and depth limits the XML is read with.
    /// - Returns: The nodes' state and the findings; ``XFormSubmissionCheck/isAccepted`` when none.
    /// - Throws: ``XFormReadError`` when the XML cannot be read (as
    ///   ``XFormDocument/init(data:options:)`` throws), or when its root is not this form's (name,
    ///   namespace, `id`, `version`): a record of another form is not checked at all.
    public func check(submission data: Data, options: XFormReadOptions = XFormReadOptions()) throws(XFormReadError) -> XFormSubmissionCheck {
        let submitted = try XMLTreeReader.read(data, options: options, file: nil)
        let misfits = try RecordCheck.misfits(submitted, against: document)
        var findings: [XFormFinding] = []
        let record: XFormRecord
        var restored: Set<String> = []
        do {
            record = try XFormRecord(self, checking: submitted, invalid: &findings, restored: &restored)
        } catch {
            throw XFormReadError(.recordMismatch, error.message)
        }
        findings += misfits.map { XFormFinding(kind: .unknownNode, path: $0.path, message: $0.error.message) }
        findings += SubmissionComparison(record: record, submitted: submitted, restored: restored).findings()
        return XFormSubmissionCheck(nodes: record.nodes, findings: findings)
    }
}

/// Compares a loaded record with the elements it was loaded from.
private struct SubmissionComparison {
    let record: XFormRecord
    let submitted: XFormElement
    /// The key prefixes (`group.row.`) of the repeat instances put back blank, which no submitted
    /// element is.
    let restored: Set<String>

    private var model: XFormModel { record.form.model }

    func findings() -> [XFormFinding] {
        let model = self.model
        var elements: [String: XFormElement] = [:]
        collect(submitted, node: 0, rows: [], path: "/" + model.nodes[0].name, into: &elements)
        let volatile = XFormCycles.volatileCalculations(model.nodes)
        let snapshot = record.object.context
        let timeZone = model.environment.timeZone
        var findings: [XFormFinding] = []
        record.walk(snapshot) { node, rows, path in
            let element = elements[path]
            guard model.isRelevant(node, rows: rows, reader: snapshot) else {
                if let element {
                    let value = element.value.isEmpty ? nil : element.value
                    findings.append(
                        XFormFinding(
                            kind: .notRelevant, path: path,
                            message: "\(Quoted.plain(path)) is not relevant, so the form leaves it out, but the submission holds it", submitted: value))
                }
                return false
            }
            let schema = model.nodes[node]
            guard schema.isLeaf else { return true }
            let value = XFormValueText.text(snapshot[model.fieldKey(node, rows: rows)])
            let submittedText = element.map(\.value)
            if schema.bind?.calculate != nil, !volatile.contains(node) {
                // Compared as values of the node's type, both read the same way: `010` and `10` are
                // one int, `100` and `100.0` one decimal. A value its type cannot hold is a finding already.
                let read = { (text: String?) in XFormValueText.parse(text ?? "", as: schema.type, timeZone: timeZone).map(XFormValueText.text) }
                if case .success(let normalized) = read(submittedText), submittedText != value, (try? read(value).get()) != normalized {
                    findings.append(
                        XFormFinding(
                            kind: .calculation, path: path,
                            message:
                                "\(Quoted.plain(path)) is calculated as \(value.map { Quoted.value($0) } ?? "blank"), but the submission holds \(submittedText.flatMap { $0.isEmpty ? nil : Quoted.value($0) } ?? "nothing")",
                            submitted: normalized, recomputed: value))
                }
            }
            if let text = value, let select = model.selects[node], select.itemset == nil, !select.items.isEmpty {
                let offered = Set(select.items.map(\.value))
                let chosen = schema.type == .select ? text.split(separator: " ").map(String.init) : [text]
                if let missing = chosen.first(where: { !offered.contains($0) }) {
                    findings.append(
                        XFormFinding(
                            kind: .invalidValue, path: path, message: "\(Quoted.value(missing)) is not among the choices of \(Quoted.plain(path))",
                            submitted: text))
                }
            }
            guard model.questions.contains(node), let bind = schema.bind else { return true }
            if value == nil, let required = bind.required, model.truth(required, at: node, rows: rows, reader: snapshot) {
                findings.append(XFormFinding(kind: .required, path: path, message: Quoted.plain(bind.requiredMessage ?? "is required")))
            } else if value != nil, let constraint = bind.constraint, !model.truth(constraint, at: node, rows: rows, reader: snapshot) {
                findings.append(XFormFinding(kind: .constraint, path: path, message: Quoted.plain(bind.constraintMessage ?? "does not meet its constraint"), submitted: value))
            }
            return true
        }
        return findings
    }

    /// The submitted elements the record was loaded from, by their paths as ``XFormRecord/nodes``
    /// writes them (the first of same-named elements the form does not repeat): a repeat instance's
    /// position counts the instances put back before it.
    private func collect(_ element: XFormElement, node: Int, rows: [RowID], path: String, into elements: inout [String: XFormElement]) {
        guard elements[path] == nil else { return }
        elements[path] = element
        var sent: [Int: [(position: Int, id: RowID)]] = [:]
        var seen: [Int: Int] = [:]
        for child in element.children where !child.isTemplate {
            guard let index = record.modelChild(of: node, for: child) else { continue }
            var childPath = path + "/" + model.nodes[index].name
            var childRows = rows
            if model.nodes[index].isRepeat {
                if sent[index] == nil {
                    let group = model.groupKey(index, rows: rows)
                    sent[index] = record.object.rows(of: group).enumerated()
                        .filter { !restored.contains(group + "." + $0.element.description + ".") }.map { ($0.offset, $0.element) }
                }
                let ordinal = seen[index, default: 0]
                seen[index] = ordinal + 1
                guard let instances = sent[index], ordinal < instances.count else { continue }
                childPath += "[\(instances[ordinal].position + 1)]"
                childRows.append(instances[ordinal].id)
            }
            collect(child, node: index, rows: childRows, path: childPath, into: &elements)
        }
    }
}
