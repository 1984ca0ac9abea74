import Foundation
import TestSupport

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
            try BuiltProduct.url(named: "ContextDemo")
        }
    }


    /// Runs the demo with `arguments` (in `directory`, or the test's own working directory) and
    /// collects its output and exit status.
    static func run(_ arguments: [String], in directory: URL? = nil) throws -> Result {
        let process = Process()
        process.executableURL = try executable
        process.arguments = arguments
        process.environment = ChildEnvironment.variables
        if let directory { process.currentDirectoryURL = directory }
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

    /// The runs of the README's transcripts whose command starts `$ swift run ContextDemo --form
    /// <form>`: each command's arguments and what the lines after it show printed, up to the next
    /// command or the end of the block.
    static func readmeTranscripts(ofForm form: String) throws -> [(arguments: [String], printed: String)] {
        let readme = try String(contentsOf: DocSnippet.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        var runs: [(arguments: [String], printed: String)] = []
        var isCollecting = false
        for line in readme.components(separatedBy: "\n") {
            if line.hasPrefix("$ swift run ContextDemo --form \(form)") {
                runs.append((line.split(separator: " ").dropFirst(4).map(String.init), ""))
                isCollecting = true
            } else if line.hasPrefix("$ ") || line.hasPrefix("```") {
                isCollecting = false
            } else if isCollecting {
                runs[runs.count - 1].printed += line + "\n"
            }
        }
        return runs
    }
}
