import FormContext
import FormContextOpenRosa
import FormContextXForms
import Foundation

extension XFormDemo {
    /// Runs `--xform` keeping the record in a draft file (`--draft`) and/or finalizing it into an
    /// outbox (`--outbox`), as the built-in forms do.
    ///
    /// The draft is restored before the steps are applied and saved after them; a draft moved aside
    /// whole (unreadable, or of another form) is a warning and the run goes on, anything else at the
    /// path is an error and stays as it is. A draft with values the form cannot take any more (a
    /// question removed or of another type) is copied aside whole before it is saved without them.
    /// `--outbox` first checks the record as ODK Collect does before it finalizes one (the first
    /// blank required question or broken constraint, with the form's message, is an error with
    /// status 1, and so is an upload answer naming a file no `--attach` gives), then queues its
    /// submission XML keyed by its `meta/instanceID`, for `ContextDemo send` to deliver over
    /// OpenRosa; with `--draft`, the draft is removed once the record is queued.
    static func runDurably(_ loaded: Loaded, _ options: Options) -> DemoCommand.Outcome {
        var notes: [String] = []
        let store = options.draft.map { DraftStore(path: $0, definition: draftDefinition(of: loaded)) }
        if let store {
            do {
                if let saved = try store.load() {
                    loaded.record.object.restore(saved)
                    // The language asked for wins over the one the draft was saved in.
                    if options.language != nil, let language = loaded.language { try? loaded.record.setLanguage(language) }
                    notes += saved.skippedKeys.sorted { $0.key < $1.key }.map { "warning: \(DemoText.echo($0.key)) was not restored: \($0.value)" }
                    // The save below drops what was not restored: the draft as it was is kept first.
                    if !saved.skippedKeys.isEmpty, let path = options.draft {
                        guard let copy = keptAside(path) else {
                            return failed(notes + ["error: the draft \(DemoText.echo(path)) could not be copied aside before it is saved without those values; it was left as it is"])
                        }
                        notes.append("warning: the draft as it was is kept as \(DemoText.echo(copy))")
                    }
                }
            } catch {
                guard case .unreadable(_, _, _?) = error else { return failed(notes + ["error: \(error)"]) }
                notes.append("warning: \(error)")
            }
        }
        do throws(XFormDemoError) {
            try apply(options.steps, to: loaded.record)
        } catch {
            return DemoCommand.Outcome(status: DemoCommand.usageError, output: "", errorOutput: DemoText.joined(notes + ["error: \(error)"]))
        }
        if let store {
            do { try store.save(loaded.record.object) } catch { return failed(notes + ["error: \(error)"]) }
        }
        guard let folder = options.outbox else {
            return finished(loaded, options, notes: notes)
        }
        if let issue = loaded.record.validate() {
            return failed(notes + ["\(issue.path): \(issue.message)"])
        }
        if let missing = unattachedFile(in: loaded.record, attachments: options.attachments) {
            return failed(notes + ["error: \(missing)"])
        }
        do {
            let outbox = try Outbox(folder: folder)
            let xml = try loaded.document.submissionXML(for: loaded.record.instance)
            let record = try outbox.enqueue(instance: xml, attachments: options.attachments)
            try? store?.discard()
            let queued = try outbox.pendingIDs().count
            return DemoCommand.Outcome(
                status: DemoCommand.success, output: DemoText.joined(["finalized \(record.instanceID) into \(folder) (\(queued) queued)"]),
                errorOutput: DemoText.joined(notes))
        } catch {
            return failed(notes + ["error: \(error)"])
        }
    }

    /// A copy of the draft file at `path` beside it, `<path>.before-<time>` (`-2`, `-3`… when taken),
    /// never replacing a file; its path, or `nil` when it could not be made.
    static func keptAside(_ path: String) -> String? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withYear, .withMonth, .withDay, .withTime, .withTimeZone]
        let base = path + ".before-" + formatter.string(from: Date()).replacingOccurrences(of: ":", with: "")
        for attempt in 1...100 {
            let copy = attempt == 1 ? base : base + "-\(attempt)"
            if FileManager.default.fileExists(atPath: copy) { continue }
            do {
                try FileManager.default.copyItem(atPath: path, toPath: copy)
                return copy
            } catch {
                if FileManager.default.fileExists(atPath: copy) { continue }
                return nil
            }
        }
        return nil
    }

    /// Why the record cannot be queued with `attachments`: the first relevant upload answer naming a
    /// file no `--attach` gives (the server would hold the record without it); `nil` when each is given.
    static func unattachedFile(in record: XFormRecord, attachments: [String]) -> String? {
        let given = Set(attachments.map { URL(fileURLWithPath: $0).lastPathComponent })
        for node in record.nodes where node.isRelevant && node.type == "binary" {
            guard let name = node.value, !name.isEmpty, !given.contains(name) else { continue }
            return "\(DemoText.echo(node.path)) names the file \(DemoText.echo(name)), which no --attach gives: the record would be sent without it"
        }
        return nil
    }

    /// Status 1 with `lines` on standard error.
    private static func failed(_ lines: [String]) -> DemoCommand.Outcome {
        DemoCommand.Outcome(status: DemoCommand.invalidInput, output: "", errorOutput: DemoText.joined(lines))
    }

    /// The form's definition under an identifier of its own (`xform:` and the form's id), so that a
    /// draft of one XForm is never read into another.
    static func draftDefinition(of loaded: Loaded) -> FormDefinition {
        let definition = loaded.form.definition
        let root = loaded.document.primaryInstance
        let id = root.attribute("id") ?? root.name.localName
        return
            (try? FormDefinition(
                definition.fields, validators: definition.validators, groups: definition.groups, hiddenValues: definition.hiddenValues,
                identifier: "xform:" + id, version: definition.version)) ?? definition
    }

}
