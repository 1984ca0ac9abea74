import FormContext
import Foundation

extension DemoCommand {
    /// Runs the demo keeping its form in a draft file (`--draft`) and/or finalizing it into an outbox
    /// (`--outbox`) instead of printing it.
    static func runDurably(_ arguments: [String], draft: String?, outbox: String?) async -> Outcome {
        let options: Options
        let form: FormContextObject
        let controls: [any DemoTextInput]
        do throws(DemoError) {
            options = try parse(arguments)
            if options.isInteractive { throw .interactiveWithDurability }
            do { (form, controls) = try options.form.make(options.setup) } catch { throw .formUnavailable(options.form.name, "\(error)") }
        } catch {
            return usageFailure(error)
        }
        var notes: [String] = []
        let store = draft.map { DraftStore(path: $0, definition: form.definition.flatMap { try? $0.named(options.form.name) }) }
        if let store {
            do {
                if let saved = try store.load() {
                    form.restore(saved)
                    notes += saved.skippedKeys.sorted { $0.key < $1.key }.map { "warning: '\($0.key)' was not restored: \($0.value)" }
                }
            } catch {
                // Only a draft moved aside whole lets the run go on: anything else at the path stays
                // as it is, and nothing is written over it.
                guard case .unreadable(_, _, _?) = error else {
                    return Outcome(status: invalidInput, output: "", errorOutput: DemoText.joined(["error: \(error)"]))
                }
                notes.append("warning: \(error)")
            }
        }
        let lastChange: LastChange?
        do throws(DemoError) {
            lastChange = try type(options.assignments, into: controls, of: form, demo: options.form)
        } catch {
            return Outcome(status: usageError, output: "", errorOutput: DemoText.joined(notes + ["error: \(error)"]))
        }
        if let store {
            do { try store.save(form) } catch {
                return Outcome(status: invalidInput, output: "", errorOutput: DemoText.joined(notes + ["error: \(error)"]))
            }
        }
        guard let outbox else {
            var outcome = await run(form: form, options: options)
            outcome.errorOutput = DemoText.joined(notes) + outcome.errorOutput
            if options.explains { outcome.output += DemoText.joined(explanationLines(of: form, after: lastChange)) }
            return outcome
        }
        return await finalize(form, into: outbox, discarding: store, notes: notes)
    }

    /// Finalizes the form and queues it in the outbox `folder`.
    private static func finalize(_ form: FormContextObject, into folder: String, discarding store: DraftStore?, notes: [String]) async -> Outcome {
        let errors = DemoText.joined(notes)
        do {
            let record = try await form.finalize()
            let outbox = try Outbox(folder: folder)
            try outbox.enqueue(record)
            try? store?.discard()
            let queued = try outbox.pendingIDs().count
            return Outcome(
                status: success, output: DemoText.joined(["finalized \(record.instanceID.uuidString) into \(folder) (\(queued) queued)"]),
                errorOutput: errors)
        } catch FinalizeError.invalid(let report) {
            return Outcome(status: invalidInput, output: "", errorOutput: errors + DemoText.joined(report.errors.map(\.description)))
        } catch {
            return Outcome(status: invalidInput, output: "", errorOutput: errors + DemoText.joined(["error: \(error)"]))
        }
    }

    /// Submits an already filled form and prints it, as a plain run does.
    private static func run(form: FormContextObject, options: Options) async -> Outcome {
        let convert = options.form.submit
        switch await form.submit({ submission in
            _ = try convert(submission.values)
            return .accepted
        }) {
        case .succeeded(let submission):
            return Outcome(status: success, output: render(submission, options), errorOutput: "")
        case .invalid(let report), .rejected(let report):
            return Outcome(status: invalidInput, output: "", errorOutput: DemoText.joined(report.errors.map(\.description)))
        case .failed(let error):
            return Outcome(status: invalidInput, output: "", errorOutput: DemoText.joined(["error: \(error)"]))
        case .alreadySubmitting:
            return Outcome(status: invalidInput, output: "", errorOutput: DemoText.joined(["error: the form is being submitted already"]))
        }
    }
}

extension FormDefinition {
    /// The same fields and validators under another identifier, so each demo form has its own drafts.
    fileprivate func named(_ identifier: String) throws -> FormDefinition {
        try FormDefinition(
            fields, validators: validators, groups: groups, hiddenValues: hiddenValues, identifier: identifier, version: version)
    }
}
