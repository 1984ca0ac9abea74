/// The command-line options of the benchmark executable.
struct Options {
    /// `--quick`: few repetitions and smaller sizes, for CI.
    var isQuick = false
    /// `--json`: print the results as JSON instead of a table.
    var isJSON = false
    /// `--check`: exit with status 1 when a target misses.
    var isChecking = false
    /// `--filter NAME`: run only the named scenarios (all when empty).
    var filters: [String] = []

    static let usage = """
        USAGE: FormContextBenchmarks [--quick] [--json] [--check] [--filter NAME]...

        Measures the FormContext engine against baselines in the same run and prints, per scenario
        and size, the engine's figure, the baseline's figure and their ratio, then whether each
        performance target holds.

        OPTIONS:
          --quick        Few repetitions and smaller sizes (well under a minute in release mode).
          --json         Print the results as JSON.
          --check        Exit with status 1 if a target misses.
          --filter NAME  Run only this scenario (repeatable). Scenarios: \(ScenarioRegistry.names.joined(separator: ", ")).
          -h, --help     Show this help.
        """

    /// Reads `arguments` (without the program name).
    ///
    /// - Throws: ``OptionsError`` naming an unknown option, a missing value or an unknown scenario.
    init(_ arguments: [String]) throws(OptionsError) {
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--quick": isQuick = true
            case "--json": isJSON = true
            case "--check": isChecking = true
            case "--filter":
                guard let name = remaining.popFirst() else { throw .missingValue(option: argument) }
                guard ScenarioRegistry.names.contains(name) else {
                    throw .unknownScenario(name, known: ScenarioRegistry.names)
                }
                filters.append(name)
            case "-h", "--help": throw .helpRequested
            default: throw .unknownOption(argument)
            }
        }
    }
}
