import Foundation

let options: Options
do {
    options = try Options(Array(CommandLine.arguments.dropFirst()))
} catch .helpRequested {
    print(Options.usage)
    exit(0)
} catch {
    FileHandle.standardError.write(Data("error: \(error)\nRun with --help for the options.\n".utf8))
    exit(2)
}

let bench = Bench(quick: options.isQuick)
var rows: [Measurement] = []
var targets: [TargetCheck] = []
for scenario in ScenarioRegistry.all where options.filters.isEmpty || options.filters.contains(scenario.name) {
    FileHandle.standardError.write(Data("running \(scenario.letter) \(scenario.name)...\n".utf8))
    let result = scenario.run(bench)
    rows += result.rows
    targets += result.checks
}

let report = Report(
    mode: options.isQuick ? "quick" : "full", repetitions: bench.repetitions, warmups: bench.warmups,
    rows: rows, targets: targets)
if options.isJSON {
    print(try report.json())
} else {
    print(report.table)
}
if options.isChecking, targets.contains(where: { $0.holds == false }) {
    exit(1)
}
