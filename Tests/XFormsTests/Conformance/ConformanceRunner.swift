import Foundation

/// Plays an oracle script through an engine and collects what it prints, as the oracle would:
/// one line for each `dump`, `answer`, `choices`, `validate`, `submission` and `time`, and when the
/// form does not load or an action fails, an error line and nothing after it.
enum ConformanceRunner {
    /// A printed line and the script line of the action that printed it (`nil` for the load).
    struct Output: Equatable {
        var scriptLine: Int?
        var line: OracleLine
    }

    /// Loads the form and plays the script.
    /// - Parameters:
    ///   - engine: The engine type.
    ///   - form: The form's file.
    ///   - script: The script.
    ///   - clock: Times the `time` action.
    /// - Returns: The lines printed, in order.
    static func run<Engine: ConformanceEngine>(
        _ engine: Engine.Type, form: URL, script: OracleScript, clock: ContinuousClock = ContinuousClock()
    ) -> [Output] {
        var record: Engine
        do {
            record = try Engine.load(form)
        } catch {
            return [Output(scriptLine: nil, line: .error(message: message(of: error), line: nil))]
        }
        var printed: [Output] = []
        for step in script.steps {
            do {
                if let line = try play(step.action, on: &record, clock: clock) {
                    printed.append(Output(scriptLine: step.line, line: line))
                }
            } catch {
                printed.append(Output(scriptLine: step.line, line: .error(message: message(of: error), line: step.line)))
                break
            }
        }
        return printed
    }

    private static func play<Engine: ConformanceEngine>(
        _ action: OracleScript.Action, on record: inout Engine, clock: ContinuousClock
    ) throws -> OracleLine? {
        switch action {
        case .set(let path, let text): try record.set(path, to: text)
        case .clear(let path): try record.clear(path)
        case .answer(let path, let text): return .answer(path: path.text, result: try record.answer(path, with: text))
        case .addRepeat(let path): try record.addRepeat(path)
        case .removeRepeat(let path): try record.removeRepeat(path)
        case .walk: try record.walk()
        case .dump: return .dump(try record.dump())
        case .choices(let path): return .choices(path: path.text, items: try record.choices(path))
        case .validate: return .validate(try record.validate())
        case .submission: return .submission(try record.submission())
        case .time(let changes, let path, let first, let second):
            // As the oracle times it: the same number of changes as a warm-up, then timed.
            for index in 0..<changes { try record.set(path, to: index % 2 == 0 ? first : second) }
            let start = clock.now
            for index in 0..<changes { try record.set(path, to: index % 2 == 0 ? first : second) }
            let elapsed = start.duration(to: clock.now)
            let nanoseconds = elapsed.components.seconds * 1_000_000_000 + elapsed.components.attoseconds / 1_000_000_000
            return .time(path: path.text, changes: changes, nanosecondsPerChange: Int(nanoseconds) / changes)
        }
        return nil
    }

    /// An error as the error line gives it: its description.
    static func message(of error: any Error) -> String {
        String(describing: error)
    }

    /// Pairs the oracle's printed lines with the script lines that printed them: the n-th line with
    /// the n-th action that prints, an error line with the line it names (the load when `null`).
    /// - Parameters:
    ///   - lines: The oracle's output.
    ///   - script: The script it played.
    /// - Returns: The lines with their script lines.
    /// - Throws: ``OracleOutputError`` when the output has more lines than the script prints, or lines after an error.
    static func attribute(_ lines: [OracleLine], to script: OracleScript) throws(OracleOutputError) -> [Output] {
        let printing = script.steps.filter(\.action.prints)
        var outputs: [Output] = []
        for (index, line) in lines.enumerated() {
            if case .error(_, let scriptLine) = line {
                guard index == lines.count - 1 else {
                    throw OracleOutputError(line: index + 1, text: line.json, message: "lines follow the error line")
                }
                outputs.append(Output(scriptLine: scriptLine, line: line))
            } else {
                guard index < printing.count else {
                    throw OracleOutputError(line: index + 1, text: line.json, message: "the script prints \(printing.count) lines, not more")
                }
                guard printing[index].action.kind == line.kind else {
                    throw OracleOutputError(
                        line: index + 1, text: line.json,
                        message: "a \(line.kind) line where the script's line \(printing[index].line) prints \(printing[index].action.kind)")
                }
                outputs.append(Output(scriptLine: printing[index].line, line: line))
            }
        }
        return outputs
    }
}

extension OracleScript.Action {
    /// The kind of line the action prints (`dump`, ...), or its name when it prints none.
    var kind: String {
        switch self {
        case .set: "set"
        case .clear: "clear"
        case .answer: "answer"
        case .addRepeat: "add-repeat"
        case .removeRepeat: "remove-repeat"
        case .walk: "walk"
        case .dump: "dump"
        case .choices: "choices"
        case .validate: "validate"
        case .submission: "submission"
        case .time: "time"
        }
    }
}

extension ConformanceRunner {
    /// Plays one corpus form through an engine and compares it with JavaRosa's output:
    /// `NAME.xml`, `NAME.script` and `NAME.expected` in `folder`.
    /// - Parameters:
    ///   - name: The form's name.
    ///   - folder: The corpus folder.
    ///   - engine: The engine type.
    ///   - expected: The differences to accept.
    /// - Returns: The form's result; a script or an output that cannot be read is its problem.
    static func check<Engine: ConformanceEngine>(
        _ name: String, in folder: URL, with engine: Engine.Type, expected: [ExpectedDifference]
    ) -> ConformanceResult {
        let script: OracleScript
        let theirs: [Output]
        do {
            script = try OracleScript(String(contentsOf: folder.appendingPathComponent(name + ".script"), encoding: .utf8))
            let lines = try OracleLine.lines(of: String(contentsOf: folder.appendingPathComponent(name + ".expected"), encoding: .utf8))
            theirs = try attribute(lines, to: script)
        } catch {
            return ConformanceResult(form: name, problem: String(describing: error))
        }
        let ours = run(engine, form: folder.appendingPathComponent(name + ".xml"), script: script)
        return ConformanceResult(form: name, steps: ConformanceComparison.compare(ours: ours, theirs: theirs), expected: expected)
    }
}
