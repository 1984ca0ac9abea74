import Foundation
import Synchronization

@testable import FormContextCore
@testable import FormContextDurability

/// An in-process transport that records every call and answers from a script, per instance id.
final class RecordingTransport: Sendable {
    private struct State {
        var calls: [(id: UUID, json: String)] = []
        var scripts: [UUID: [Delivery]] = [:]
    }

    private let state = Mutex(State())

    /// Answers `answers` in turn for `id` (then `.delivered`).
    func script(_ id: UUID, _ answers: [Delivery]) {
        state.withLock { $0.scripts[id] = answers }
    }

    var calls: [UUID] { state.withLock { $0.calls.map(\.id) } }
    var bodies: [String] { state.withLock { $0.calls.map(\.json) } }

    var transport: OutboxTransport {
        { [self] submission, id in
            try await Task.sleep(for: .zero)
            return state.withLock { state in
                state.calls.append((id, submission.json(pretty: false)))
                guard var answers = state.scripts[id], !answers.isEmpty else { return .delivered }
                let answer = answers.removeFirst()
                state.scripts[id] = answers
                return answer
            }
        }
    }
}

/// A record of a small survey with `count` as its value.
func surveyRecord(_ count: Int, id: UUID = UUID(), password: String = "pw-secret") throws -> FinalizedSubmission {
    var values: FormContext = ["count": count, "name": "Ada", "password": password]
    values.secureKeys = ["password"]
    return FinalizedSubmission(
        submission: try FormSubmission(values), instanceID: id, finalizedAt: Date(timeIntervalSince1970: Double(1_700_000_000 + count)),
        formIdentifier: "survey")
}
