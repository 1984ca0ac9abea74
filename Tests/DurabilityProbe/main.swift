// A process for the crash tests: it saves drafts or enqueues records in a tight loop and prints a
// line for each one once it is durably on disk, until it is killed.
//
//   DurabilityProbe draft FILE     restore FILE, then autosave ever new states: "restored N", "saved N"
//   DurabilityProbe outbox FOLDER  enqueue ever new records: "enqueued <instance id>"
//   DurabilityProbe deliver FOLDER deliver with a transport that never answers: "delivering"
//   DurabilityProbe openrosa FOLDER URL
//                                  deliver the outbox's XForm records to the OpenRosa server at URL:
//                                  "sent <n>", "parked <id>", then "done <sent> <parked>"
import Foundation
import FormContext
import FormContextOpenRosa

/// Writes one line straight to standard output (no buffer to lose when killed).
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

let arguments = CommandLine.arguments
guard arguments.count == 3 || (arguments.count == 4 && arguments[1] == "openrosa") else {
    FileHandle.standardError.write(Data("usage: DurabilityProbe draft FILE | outbox FOLDER | deliver FOLDER | openrosa FOLDER URL\n".utf8))
    exit(2)
}

let definition = try FormDefinition([
    FieldDefinition(FormKey<Int>("n")),
    FieldDefinition(FormKey<String>("text")),
    FieldDefinition(FormKey<Date>("at")),
], identifier: "probe", version: 1)

switch arguments[1] {
case "draft":
    let store = DraftStore(path: arguments[2], definition: definition)
    let form = FormContextObject(definition: definition)
    var state = 0
    do {
        if let draft = try store.load() {
            form.restore(draft)
            state = form[FormKey<Int>("n")] ?? -1
        }
    } catch {
        say("error \(error)")
    }
    say("restored \(state)")
    let autosave = DraftAutosave(form: form, store: store, debounce: .zero)
    while true {
        state += 1
        // From state 3 on, `text` is touched before the state is written, so every draft of state 3 or
        // later holds it touched, whichever process wrote it.
        if state >= 3 { form.blur("text") }
        form.transaction(origin: .user) { batch in
            batch.set(state, for: "n")
            // A few kilobytes, so a torn write would show.
            batch.set(String(repeating: "state \(state) ", count: 200), for: "text")
            batch.set(Date(timeIntervalSince1970: Double(state) + 0.5), for: "at")
        }
        await autosave.flush()
        if let error = autosave.lastError { say("error \(error)") }
        say("saved \(state)")
    }
case "outbox":
    let outbox = try Outbox(folder: arguments[2])
    var count = 0
    while true {
        count += 1
        let record = FinalizedSubmission(submission: try FormSubmission(["n": count, "text": String(repeating: "x", count: 2000)]))
        try outbox.enqueue(record)
        say("enqueued \(record.instanceID.uuidString)")
    }
case "deliver":
    let outbox = try Outbox(folder: arguments[2])
    _ = try await outbox.deliver(using: { _, _ in
        say("delivering")
        while true { try await Task.sleep(for: .seconds(3600)) }
    })
case "openrosa":
    let outbox = try Outbox(folder: arguments[2], retryPolicy: RetryPolicy(initialDelay: .milliseconds(20), maximumDelay: .milliseconds(100)))
    guard let url = URL(string: arguments[3]) else { exit(2) }
    let transport = OpenRosaTransport(endpoint: try OpenRosaEndpoint(url: url), timeout: .seconds(10))
    let summary = try await outbox.deliver(using: transport.transport) { event in
        switch event {
        case .sent(_, let sent, _): say("sent \(sent)")
        case .parked(let id, _): say("parked \(id.uuidString)")
        default: break
        }
    }
    say("done \(summary.sent) \(summary.parked.count)")
default:
    exit(2)
}
