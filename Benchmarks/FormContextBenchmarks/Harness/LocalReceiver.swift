import Foundation

/// The tests' HTTP receiver (Tests/TestSupport/receiver.py), run on 127.0.0.1 with
/// python3 for the outbox scenario; `nil` when python3 or the script is missing.
final class LocalReceiver {
    private let process = Process()
    let url: URL

    init?() {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Tests/TestSupport/receiver.py").path
        guard FileManager.default.fileExists(atPath: script) else { return nil }
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script, "--lifetime", "300"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        var line = Data()
        while let byte = try? output.fileHandleForReading.read(upToCount: 1), !byte.isEmpty, byte != Data([0x0A]) {
            line.append(byte)
        }
        guard let port = Int(String(decoding: line, as: UTF8.self)), let url = URL(string: "http://127.0.0.1:\(port)/records") else {
            kill(process.processIdentifier, SIGKILL)
            return nil
        }
        self.url = url
    }

    func stop() {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}
