import Foundation

/// Runs the built `ContextDemo` binary as a separate process.
enum DemoProcess {
    struct Result: Equatable {
        var status: Int32
        var output: String
        var errorOutput: String
    }

    /// The `ContextDemo` executable built beside the test bundle.
    static var executable: URL {
        get throws {
            let candidates = [
                Bundle.main.bundleURL,
                Bundle.main.bundleURL.deletingLastPathComponent(),
                URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            ].map { $0.appendingPathComponent("ContextDemo") }
            guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
                throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: candidates.map(\.path).joined(separator: ", ")])
            }
            return found
        }
    }

    /// Runs the demo with `arguments` and collects its output and exit status.
    static func run(_ arguments: [String]) throws -> Result {
        let process = Process()
        process.executableURL = try executable
        process.arguments = arguments
        let output = Pipe()
        let errorOutput = Pipe()
        process.standardOutput = output
        process.standardError = errorOutput
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let outData = output.fileHandleForReading.readDataToEndOfFile()
        let errData = errorOutput.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus,
            output: String(decoding: outData, as: UTF8.self),
            errorOutput: String(decoding: errData, as: UTF8.self))
    }
}
