import Foundation
import FormContext

/// h. Outbox throughput: records per second enqueued (each written and flushed to disk before the
/// next), and delivered — through an in-process transport that accepts at once (the outbox's own
/// cost), and by HTTP to the local receiver the tests use (python3 on 127.0.0.1), when python3 and the
/// source tree are there.
struct OutboxScenario: Scenario {
    let name = "outbox"
    let letter = "j"

    func run(_ bench: Bench) -> ScenarioResult {
        var result = ScenarioResult()
        let count = bench.isQuick ? 50 : 300
        let records = (0..<count).compactMap { index in
            (try? FormSubmission(["n": index, "name": "Ada Lovelace", "note": String(repeating: "x", count: 200)]))
                .map { FinalizedSubmission(submission: $0) }
        }
        let inProcess: OutboxTransport = { _, _ in .delivered }
        let (enqueued, delivered) = measure(records, transport: inProcess)
        result.rows.append(row(count, "records/s enqueued (atomic, fsync)", enqueued))
        result.rows.append(row(count, "records/s delivered (in-process transport)", delivered))
        var detail = String(format: "%.0f records/s enqueued, %.0f delivered in-process", enqueued, delivered)
        if let receiver = LocalReceiver() {
            defer { receiver.stop() }
            let http = HTTPTransport(url: receiver.url, timeout: .seconds(10))
            let (_, overHTTP) = measure(records, transport: http.transport)
            result.rows.append(row(count, "records/s delivered (HTTP to local receiver)", overHTTP))
            detail += String(format: ", %.0f by HTTP to the local receiver", overHTTP)
        } else {
            detail += "; the local receiver could not be started, so no HTTP figure"
        }
        result.checks.append(TargetCheck(id: "h outbox", statement: "outbox throughput", holds: nil, detail: detail))
        return result
    }

    /// Enqueues every record into a fresh outbox, then delivers them all; records per second of each.
    private func measure(_ records: [FinalizedSubmission], transport: @escaping OutboxTransport) -> (enqueue: Double, deliver: Double) {
        let folder = ScratchDirectory("outbox")
        defer { folder.remove() }
        guard let outbox = try? Outbox(folder: folder.path) else { return (0, 0) }
        let clock = ContinuousClock()
        let enqueueTime = clock.measure {
            for record in records { try? outbox.enqueue(record) }
        }
        let deliverTime = clock.measure {
            _ = runBlocking { try? await outbox.deliver(using: transport) }
        }
        return (Double(records.count) / seconds(enqueueTime), Double(records.count) / seconds(deliverTime))
    }

    private func seconds(_ duration: Duration) -> Double {
        max(Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18, 1e-9)
    }

    private func row(_ size: Int, _ metric: String, _ engine: Double) -> Measurement {
        Measurement(scenario: name, size: size, metric: metric, engine: engine, baselineName: "-", baseline: 0)
    }
}
