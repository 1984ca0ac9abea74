public import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The python3 receiver in receiver.py beside this file, run on 127.0.0.1 for one test.
public final class Receiver: Sendable {
    public let process: Process
    public let port: Int

    public static var script: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("receiver.py").path
    }

    /// Whether python3 can be run here.
    public static let isAvailable: Bool = FileManager.default.isExecutableFile(atPath: "/usr/bin/python3")
        || FileManager.default.isExecutableFile(atPath: "/usr/local/bin/python3")

    public init(stallSeconds: Double = 3) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Self.script, "--stall", String(stallSeconds), "--lifetime", "120"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var line = Data()
        while let byte = try output.fileHandleForReading.read(upToCount: 1), !byte.isEmpty, byte != Data([0x0A]) {
            line.append(byte)
        }
        guard let port = Int(String(decoding: line, as: UTF8.self)) else {
            kill(process.processIdentifier, SIGKILL)
            throw CocoaError(.fileReadCorruptFile)
        }
        self.process = process
        self.port = port
    }

    public var recordsURL: URL { URL(string: "http://127.0.0.1:\(port)/records")! }

    /// Plans the behaviours of the next requests.
    public func plan(_ behaviours: [String]) async throws {
        try await plan(json: String(decoding: try JSONSerialization.data(withJSONObject: behaviours), as: UTF8.self))
    }

    /// Plans the behaviours of the next requests, written as a JSON array (of names and exact answers).
    public func plan(json: String) async throws {
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)/plan")!)
        request.httpMethod = "POST"
        request.httpBody = Data(json.utf8)
        _ = try await URLSession.shared.data(for: request)
    }

    public struct Other: Decodable {
        public let method: String
        public let path: String
        public let authorization: String?
        public let length: Int
    }

    /// Every request to a path other than /records (and the receiver's own) so far.
    public func others() async throws -> [Other] {
        let (data, _) = try await URLSession.shared.data(from: URL(string: "http://127.0.0.1:\(port)/others")!)
        return try JSONDecoder().decode([Other].self, from: data)
    }

    public struct Entry: Decodable {
        public let key: String?
        public let contentType: String?
        public let body: String
        public let behaviour: String
    }

    /// Every request to /records so far.
    public func log() async throws -> [Entry] {
        let (data, _) = try await URLSession.shared.data(from: URL(string: "http://127.0.0.1:\(port)/log")!)
        return try JSONDecoder().decode([Entry].self, from: data)
    }

    /// Ends the receiver (SIGKILL: a test process may pass an ignored SIGTERM on to its children).
    public func stop() {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}
