import FormContext

/// l. Visible-section diffs: a screen of 10,000 and of 100,000 sections (1,000 and 10,000 with
/// `--quick`), each even section shown while a field of its own is on, each odd one while a shared
/// switch is — as the seed's sections follow one `isEnabled`. Toggling one section's field, and
/// toggling the switch (half the sections go, then come back), through a live form and a
/// ``LiveScreen``, against the seed's algorithm (``SeedSectionTable``) over the same conditions in
/// the same run.
///
/// A third screen holds one repeat section: a row inserted in the middle and removed again, at
/// 1,000, 10,000 and 100,000 rows (100 and 1,000 with `--quick`), with the live screen following and
/// through the form alone.
///
/// A second screen gives every odd section a condition of its own that reads a field of its own and
/// the switch: toggling the switch then runs a closure and reads a field for each of half the
/// sections, spread over memory as large as the screen, and what that costs is stated beside the first.
struct LayoutScenario: Scenario {
    let name = "layout"
    let letter = "l"

    /// One screen and its seed twin, at one size.
    final class Subject {
        let count: Int
        let form: FormContextObject
        let live: LiveScreen
        let seed: SeedSectionTable
        /// The field of the section toggled alone: an even one in the middle.
        let oneKey: String
        private var oneValue = true
        private var halfValue = true

        /// The condition every odd section of the first screen shares.
        static let followsSwitch: @Sendable (FormValues) -> Bool = { $0[FormKey<Bool>("half")] != false }

        /// A screen of `count` sections; with `eachOwn`, every odd section has a condition of its own
        /// reading its own field and the switch.
        init(count: Int, eachOwn: Bool) {
            self.count = count
            let keys = (0..<count).map { "section-\($0)" }
            let half = FormKey<Bool>("half")
            var values: FormContext = [:]
            for key in keys { values.set(true, for: key) }
            values.set(true, for: half.name)
            form = FormContextObject(values)
            let sections = keys.enumerated().map { index, key -> FormSection in
                let own = FormKey<Bool>(key)
                let condition: @Sendable (FormValues) -> Bool
                switch (index % 2 == 1, eachOwn) {
                case (false, _): condition = { $0[own] != false }
                case (true, false): condition = Self.followsSwitch
                case (true, true): condition = { $0[own] != false && $0[half] != false }
                }
                return FormSection { ValueCell("row \(index)", value: { _ in nil }) }.visible(when: condition)
            }
            live = LiveScreen(Screen("Sections") { sections }, form: form)
            seed = SeedSectionTable(
                conditions: keys.enumerated().map { index, key in
                    switch (index % 2 == 1, eachOwn) {
                    case (false, _): return { state in state[key] != false }
                    case (true, false): return { state in state["half"] != false }
                    case (true, true): return { state in state[key] != false && state["half"] != false }
                    }
                },
                state: Dictionary(uniqueKeysWithValues: (keys + ["half"]).map { ($0, true) }))
            oneKey = keys[count / 2 & ~1]
        }

        /// Toggles one section through the engine.
        func toggleOne() {
            oneValue.toggle()
            form.set(oneValue, for: oneKey)
        }

        /// Toggles half the sections through the engine.
        func toggleHalf() {
            halfValue.toggle()
            form.set(halfValue, for: "half")
        }

        /// Toggles one section through the seed's algorithm.
        func seedToggleOne() {
            blackHole(seed.set(!(seed.state[oneKey] ?? true), for: oneKey))
        }

        /// Toggles half the sections through the seed's algorithm.
        func seedToggleHalf() {
            blackHole(seed.set(!(seed.state["half"] ?? true), for: "half"))
        }

        /// Whether the engine's diffs for hiding and showing half the sections are the seed's.
        func agrees() -> Bool {
            var agree = true
            for _ in 0..<2 {
                toggleHalf()
                let seeds = seed.set(halfValue, for: "half")
                let diff = live.lastDiff
                agree = agree && diff?.deletedSections == seeds.deleted && diff?.insertedSections == seeds.inserted
                    && (seeds.deleted.count + seeds.inserted.count) == count / 2
            }
            return agree
        }
    }

    func run(_ bench: Bench) -> ScenarioResult {
        let sizes = bench.sizes(full: [10_000, 100_000], quick: [1_000, 10_000])
        let shared = sizes.map { Subject(count: $0, eachOwn: false) }
        let own = sizes.map { Subject(count: $0, eachOwn: true) }
        let agree = (shared + own).allSatisfy { $0.agrees() }
        let one = bench.nanosecondsPerOperation(operationsPerRound: 1, shared.map { subject in { rounds in for _ in 0..<rounds { subject.toggleOne() } } })
        let seedOne = bench.nanosecondsPerOperation(
            operationsPerRound: 1, shared.map { subject in { rounds in for _ in 0..<rounds { subject.seedToggleOne() } } })
        let half = bench.nanosecondsPerOperation(
            operationsPerRound: 1, (shared + own).map { subject in { rounds in for _ in 0..<rounds { subject.toggleHalf() } } })
        // The seed's half toggle is quadratic: a second or more at 100,000 sections, so it is timed a few times, not calibrated.
        let seedHalf = (shared + own).map { subject in
            Bench.median((0..<(bench.isQuick ? 1 : 3)).map { _ in Bench.nanoseconds { subject.seedToggleHalf() } })
        }
        let rowSizes = bench.sizes(full: [1_000, 10_000, 100_000], quick: [100, 1_000])
        let rowScreens = rowSizes.map { RepeatSectionSubject(count: $0, screen: true) }
        let rowForms = rowSizes.map { RepeatSectionSubject(count: $0, screen: false) }
        let rowsAgree = rowScreens.allSatisfy { $0.agrees() }
        let rowOne = bench.nanosecondsPerOperation(
            operationsPerRound: 2, rowScreens.map { subject in { rounds in for _ in 0..<rounds { subject.insertAndRemove() } } })
        let rowFormOne = bench.nanosecondsPerOperation(
            operationsPerRound: 2, rowForms.map { subject in { rounds in for _ in 0..<rounds { subject.insertAndRemove() } } })
        let (halfShared, halfOwn) = (Array(half[..<sizes.count]), Array(half[sizes.count...]))
        let (seedShared, seedOwn) = (Array(seedHalf[..<sizes.count]), Array(seedHalf[sizes.count...]))
        var result = ScenarioResult()
        for (index, size) in sizes.enumerated() {
            result.rows.append(
                Measurement(
                    scenario: name, size: size, metric: "ns/toggle of one section", engine: one[index], baselineName: "seed sections",
                    baseline: seedOne[index]))
            result.rows.append(
                Measurement(
                    scenario: name, size: size, metric: "ns/toggle of half the sections (one shared condition)", engine: halfShared[index],
                    baselineName: "seed sections", baseline: seedShared[index]))
            result.rows.append(
                Measurement(
                    scenario: name, size: size, metric: "ns/toggle of half the sections (a condition and field each)",
                    engine: halfOwn[index], baselineName: "seed sections", baseline: seedOwn[index]))
        }
        for (index, size) in rowSizes.enumerated() {
            result.rows.append(
                Measurement(
                    scenario: name, size: size, metric: "ns/row inserted or removed in a repeat section", engine: rowOne[index],
                    baselineName: "the form alone", baseline: rowFormOne[index]))
        }
        let growth = { (figures: [Double]) in (figures.last ?? 0) / max(figures.first ?? 1, 1e-9) }
        // Checked over the first tenfold (1,000 to 10,000 rows), stated to the largest size, where
        // the form's own figure grows with memory as much as the screen's does.
        let rowSpan = "from \(Report.grouped(rowSizes[0])) to \(Report.grouped(rowSizes[1])) rows"
        let rowGrowth = rowOne[1] / max(rowOne[0], 1e-9)
        let largest = rowSizes.count > 2
            ? "; to \(Report.grouped(rowSizes[rowSizes.count - 1])) rows \(Report.ratio(growth(rowOne))), the form alone \(Report.ratio(growth(rowFormOne)))"
            : ""
        result.checks.append(
            TargetCheck(
                id: "l layout", statement: "a row inserted or removed in a repeat section costs the same whatever the rows (at most 1.5x per 10x rows)",
                holds: rowGrowth <= 1.5,
                detail: "with the live screen \(Report.ratio(rowGrowth)) \(rowSpan), the form alone "
                    + "\(Report.ratio(rowFormOne[1] / max(rowFormOne[0], 1e-9)))\(largest)"))
        result.checks.append(
            TargetCheck(
                id: "l layout", statement: "the live screen reports a row inserted or removed as one section, at its place",
                holds: rowsAgree, detail: rowsAgree ? "at every size" : "the diffs differ"))
        let span = "from \(Report.grouped(sizes[0])) to \(Report.grouped(sizes[sizes.count - 1])) sections"
        result.checks.append(
            TargetCheck(
                id: "l layout", statement: "toggling half the sections grows at most 15x per 10x sections",
                holds: growth(halfShared) <= 15,
                detail: "engine \(Report.ratio(growth(halfShared))) \(span); the seed's algorithm \(Report.ratio(growth(seedShared)))"))
        result.checks.append(
            TargetCheck(
                id: "l layout", statement: "toggling one section costs the same whatever the screen's size (at most 1.5x)",
                holds: growth(one) <= 1.5,
                detail: "engine \(Report.ratio(growth(one))) \(span); the seed's algorithm \(Report.ratio(growth(seedOne)))"))
        result.checks.append(
            TargetCheck(
                id: "l layout", statement: "the live screen's diffs are the seed's: the same sections deleted and inserted",
                holds: agree, detail: agree ? "hiding and showing half the sections, on both screens, at every size" : "the diffs differ"))
        result.checks.append(
            TargetCheck(
                id: "l layout", statement: "toggling half the sections when each has a condition and a field of its own",
                holds: nil,
                detail: "engine \(Report.ratio(growth(halfOwn))) \(span); the seed's algorithm \(Report.ratio(growth(seedOwn))) "
                    + "(a toggle runs a closure and reads a field of each of half the sections, spread over memory as large as the screen)"))
        return result
    }
}
