import Foundation
import TestSupport

/// Runs the built `ContextDemo` executable as a process of its own, as a user would.
enum DemoRun {
    struct Result {
        var status: Int32
        var output: String
        var errorOutput: String
        /// Whether the run was ended by SIGKILL rather than by itself.
        var wasKilled: Bool
    }

    /// The `ContextDemo` executable built beside the test bundle.
    static func executable() throws -> URL {
        let candidates = [
            Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent(),
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
        ].map { $0.appendingPathComponent("ContextDemo") }
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: candidates.map(\.path).joined(separator: ", ")])
        }
        return found
    }

    /// Runs the demo with `arguments`; sends it SIGKILL after `killAfter`, or waits for it when `nil`.
    ///
    /// Its output is read as it comes, on threads of its own (a pipe left full would stall it; a read
    /// blocking the concurrency pool would hold back the kill), and LeakSanitizer's report at exit is
    /// turned off as for every child the tests run.
    static func run(_ arguments: [String], in folder: String? = nil, killAfter: Duration? = nil) async throws -> Result {
        let process = Process()
        process.executableURL = try executable()
        process.arguments = arguments
        if let folder { process.currentDirectoryURL = URL(fileURLWithPath: folder) }
        process.environment = ChildEnvironment.variables
        let output = Pipe()
        let errorOutput = Pipe()
        process.standardOutput = output
        process.standardError = errorOutput
        process.standardInput = FileHandle.nullDevice
        try process.run()
        if let killAfter {
            let milliseconds = Int(killAfter.components.seconds * 1000 + killAfter.components.attoseconds / 1_000_000_000_000_000)
            DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(milliseconds)) {
                if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            }
        }
        let (out, err) = await withCheckedContinuation { (continuation: CheckedContinuation<(Data, Data), Never>) in
            Thread.detachNewThread {
                let errors = Locked(Data())
                let done = DispatchSemaphore(value: 0)
                Thread.detachNewThread {
                    let data = errorOutput.fileHandleForReading.readDataToEndOfFile()
                    errors.withLock { $0 = data }
                    done.signal()
                }
                let printed = output.fileHandleForReading.readDataToEndOfFile()
                done.wait()
                process.waitUntilExit()
                continuation.resume(returning: (printed, errors.withLock { $0 }))
            }
        }
        return Result(
            status: process.terminationStatus, output: String(decoding: out, as: UTF8.self), errorOutput: String(decoding: err, as: UTF8.self),
            wasKilled: process.terminationReason == .uncaughtSignal)
    }
}
