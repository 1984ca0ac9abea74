import Foundation

/// JavaRosa, the engine inside ODK Collect, timed on the same machine in the same run, through the
/// oracle that sits beside the package (`../shared/oracle`, or the folder `ORACLE_DIR` names): its
/// generator writes the synthetic forms, and its `run` command plays a `time` action in a fresh JVM
/// and prints the nanoseconds per change.
///
/// Java and the oracle are tools of this measurement only: nothing of them is part of the package.
struct JavaRosaOracle {
    /// The oracle's folder.
    let folder: URL

    /// The oracle beside the package, or `nil` when there is none (the figures are then not measured).
    static func beside() -> JavaRosaOracle? {
        let environment = ProcessInfo.processInfo.environment
        let path = environment["ORACLE_DIR"] ?? FileManager.default.currentDirectoryPath + "/../shared/oracle"
        let folder = URL(fileURLWithPath: path).standardizedFileURL
        guard FileManager.default.isExecutableFile(atPath: folder.appendingPathComponent("run").path) else { return nil }
        return JavaRosaOracle(folder: folder)
    }

    /// Writes the synthetic form `kind` (`chain`, `repeat` or `wide`) of `size` to `file` and returns
    /// the timing arguments the generator prints for it (`PATH VALUE1 VALUE2`).
    func generate(_ kind: String, size: Int, into file: URL) throws -> [String] {
        let output = try Self.run(
            "/usr/bin/env", ["python3", folder.appendingPathComponent("gen/forms.py").path, kind, String(size), file.path])
        let words = output.split(whereSeparator: \.isWhitespace).map(String.init)
        guard words.count == 3 else { throw OracleError("the generator printed \(output.debugDescription), not PATH V1 V2") }
        return words
    }

    /// JavaRosa's nanoseconds per change of `path` between `first` and `second` in `form`: `changes`
    /// warm-up changes, then `changes` timed ones, in a fresh JVM; the least of `runs` JVMs.
    func nanosecondsPerChange(form: URL, path: String, _ first: String, _ second: String, changes: Int, runs: Int)
        throws -> Double
    {
        var best = Double.infinity
        for _ in 0..<runs {
            let output = try Self.run(
                folder.appendingPathComponent("run").path, [form.path, "-"], input: "time \(changes) \(path) \(first) \(second)\n")
            guard let line = output.split(separator: "\n").last(where: { $0.contains("\"ns_per_change\"") }),
                let range = line.range(of: "\"ns_per_change\":"),
                let figure = Double(line[range.upperBound...].prefix(while: { $0.isNumber || $0 == "." }))
            else { throw OracleError("JavaRosa printed no time: \(output.suffix(300).debugDescription)") }
            best = min(best, figure)
        }
        return best
    }

    /// JavaRosa's time to load `form`, in nanoseconds: a fresh JVM loading it with an empty script,
    /// less a fresh JVM loading `empty` (a form of one question), so the JVM's own start is not
    /// counted; the least of `runs` of each.
    func loadNanoseconds(form: URL, empty: URL, runs: Int) throws -> Double {
        func wall(_ file: URL) throws -> Double {
            var best = Double.infinity
            for _ in 0..<runs {
                let clock = ContinuousClock()
                let start = clock.now
                _ = try Self.run(folder.appendingPathComponent("run").path, [file.path, "-"], input: "")
                let elapsed = clock.now - start
                best = min(best, Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9)
            }
            return best
        }
        return max(try wall(form) - wall(empty), 0)
    }

    /// Runs `executable` with `arguments` and `input` on its standard input; returns its standard
    /// output, or throws when it exits with another status than 0.
    private static func run(_ executable: String, _ arguments: [String], input: String? = nil) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let output = Pipe()
        let feed = Pipe()
        process.standardOutput = output
        // Its diagnostics are not read: a pipe nobody drains could fill and stop it. A failure is
        // also the last line of its standard output.
        process.standardError = FileHandle.nullDevice
        process.standardInput = feed
        try process.run()
        feed.fileHandleForWriting.write(Data((input ?? "").utf8))
        try feed.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        guard process.terminationStatus == 0 else {
            let message = String(decoding: data.suffix(400), as: UTF8.self)
            throw OracleError("\(URL(fileURLWithPath: executable).lastPathComponent) exited with \(process.terminationStatus): \(message.debugDescription)")
        }
        return text
    }
}

/// Why JavaRosa could not be timed.
struct OracleError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
