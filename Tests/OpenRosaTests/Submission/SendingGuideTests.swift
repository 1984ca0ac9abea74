import Foundation
import FormContextOpenRosa
import TestSupport
import Testing

// The examples of Docs/OpenRosa.md's "Sending records", compiled with a plain `import
// FormContextOpenRosa` (no `@testable`; it gives the outbox too), and run here against the loopback
// server: what they print is checked against what the guide says they print.

@Suite("Docs/OpenRosa.md: sending records runs and prints what the guide says", .enabled(if: OpenRosaServer.isAvailable, "needs python3"))
struct SendingGuideTests {
    static let visitID = "uuid:6b8e2d1c-4f0a-4c3e-9d51-2a7f0c9e1b34"
    static let refusedID = "uuid:0c7d9a44-1e2b-4b6f-8a90-5d3c2e1f4a77"

    static func instance(_ id: String, photo: String?) -> Data {
        Data("""
            <?xml version="1.0" encoding="UTF-8"?>
            <visit xmlns:orx="http://openrosa.org/xforms" id="visit" version="2026112601"><name>Ann</name><photo>\(photo ?? "")</photo>\
            <orx:meta><orx:instanceID>\(id)</orx:instanceID></orx:meta></visit>

            """.utf8)
    }

    @Test("adding records and sending them")
    func sending() async throws {
        let scratch = try ScratchFolder("openrosa-send-guide")
        defer { scratch.remove() }
        try FileManager.default.createDirectory(atPath: scratch.file("server"), withIntermediateDirectories: false)
        let server = try OpenRosaServer(submissions: scratch.file("server"))
        defer { server.stop() }
        let serverURL = server.baseURL
        let support = scratch.path
        let photoPath = scratch.file("1764160000123.jpg")
        try Data(repeating: 0xFF, count: 2048).write(to: URL(fileURLWithPath: photoPath))
        let instanceXML = Self.instance(Self.visitID, photo: "1764160000123.jpg")
        var printed: [String] = []
        func print(_ items: Any...) { printed.append(items.map { "\($0)" }.joined(separator: " ")) }
        // --- Docs/OpenRosa.md: Adding a record
        let outbox = try Outbox(folder: support + "/outbox")
        let record = try outbox.enqueue(instance: instanceXML, attachments: [photoPath])
        print(record.instanceID, record.formID ?? "-", record.attachments.map(\.name))
        // --- end
        try outbox.enqueue(instance: Self.instance(Self.refusedID, photo: nil))
        try await server.inject([
            .stall(seconds: 0, on: .submission), .stall(seconds: 0, on: .submission),
            .status(403, message: "The authenticated actor does not have rights to perform that action.", on: .submission),
        ])
        // --- Docs/OpenRosa.md: Delivering records
        let endpoint = try OpenRosaEndpoint(url: serverURL)
        let summary = try await outbox.deliver(using: OpenRosaTransport(endpoint: endpoint).transport)
        print("sent", summary.sent, "parked", summary.parked.count)
        for parked in try outbox.parked() {
            print(try OpenRosaRecord(parked.finalized).instanceID, parked.parkedReason ?? "")
        }
        // --- end
        #expect(printed == [
            #"uuid:6b8e2d1c-4f0a-4c3e-9d51-2a7f0c9e1b34 visit ["1764160000123.jpg"]"#,
            "sent 1 parked 1",
            "uuid:0c7d9a44-1e2b-4b6f-8a90-5d3c2e1f4a77 HTTP 403: The authenticated actor does not have rights to perform that action.",
        ])
    }
}
