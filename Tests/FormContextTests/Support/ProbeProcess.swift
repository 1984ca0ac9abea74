import Foundation
import TestSupport

/// The `DurabilityProbe` executable, run as a child that the crash tests kill with SIGKILL.
final class ProbeProcess {
    let process = Process()
    private let output = Pipe()
    private var buffer = Data()

    /// The probe built beside the test bundle.
    static var executable: URL {
        get throws {
            try BuiltProduct.url(named: "DurabilityProbe")
        }
    }

    init(_ arguments: [String]) throws {
        process.executableURL = try Self.executable
        process.arguments = arguments
        process.environment = ChildEnvironment.variables
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
    }

    /// The next line the probe printed, or `nil` once it has exited.
    func readLine() -> String? {
        while true {
            if let newline = buffer.firstIndex(of: 0x0A) {
                let line = String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self)
                buffer.removeSubrange(buffer.startIndex...newline)
                return line
            }
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { return nil }
            buffer.append(chunk)
        }
    }

    /// Kills the probe with SIGKILL and returns every line it printed before dying.
    func kill() -> [String] {
        Foundation.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        var lines: [String] = []
        while let line = readLine() { lines.append(line) }
        return lines
    }
}
