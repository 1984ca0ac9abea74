import FormContext
import Observation

/// o. The keystroke an app makes: one user edit of one text field in a form of 1,000, 10,000 and
/// 100,000 fields with everything an app attaches to it.
///
/// The form has a definition with two validators on every field and validation on change; every
/// tenth field is shown by a visibility rule reading one switch, and one calculated field counts the
/// characters of a field; a ``LiveScreen`` shows every field, ten to a section; and a submit button
/// reads `isValid` after every edit, and again under `withObservationTracking` whenever it was
/// invalidated, as a view re-renders. The edit is the write a text field's binding makes,
/// `form[edit: key, default: ""] = text` (origin `.user`). Two edits are timed: of a field nothing
/// but its validators and its cell read, and of the field the calculation reads (one rule runs).
///
/// The baseline is a plain `Dictionary` insert of the same value under the same key in a dictionary
/// of the same size, timed interleaved with the engine.
struct WholePathScenario: Scenario {
    let name = "whole-path"
    let letter = "o"
    /// The most an edit may cost at the largest form, in nanoseconds.
    let limit = 3_000.0
    /// The most an edit may grow from the smallest form to the largest.
    let growthLimit = 1.5

    /// One form of `count` fields with everything attached, and the two keys it edits.
    final class App {
        let form: FormContextObject
        let live: LiveScreen
        /// A field nothing but its validators and its cell read.
        let plainKey: FormKey<String>
        /// The field the calculated field reads.
        let countedKey: FormKey<String>
        private var plainRound = 0
        private var countedRound = 0
        /// Counts the button's invalidations; it renders again when this passes its renders.
        private let invalidations = CallCounter()
        private(set) var buttonRenders = 0

        init(count: Int) {
            let keys = Fixture.keys(count)
            let advanced = FormKey<Bool>("advanced")
            countedKey = FormKey<String>(keys[0])
            plainKey = FormKey<String>(keys[count / 2 + 1])
            let counted = countedKey
            var fields = keys.enumerated().map { index, key in
                let field = FieldDefinition(FormKey<String>(key), validators: [.required(), .maxLength(40)])
                return index % 10 == 9 ? field.visible(when: { $0[advanced] == true }) : field
            }
            fields.append(FieldDefinition(advanced, default: false))
            fields.append(FieldDefinition(FormKey<Int>("characters")).calculated { values in values[counted]?.count })
            var values = Fixture.context(keys)
            values.set(false, for: advanced.name)
            form = FormContextObject(
                definition: Fixture.definition(fields), values: values, options: ValidationOptions(mode: .onChange))
            let sections = stride(from: 0, to: count, by: 10).map { start in
                FormSection { for key in keys[start..<min(start + 10, count)] { TextCell(key, key: FormKey<String>(key)) } }
            }
            live = LiveScreen(Screen("Fields") { sections }, form: form)
            renderButton()
        }

        /// The submit button's body: reads `isValid` under observation tracking.
        private func renderButton() {
            buttonRenders += 1
            let invalidations = invalidations
            withObservationTracking {
                blackHole(form.isValid)
            } onChange: {
                invalidations.tick()
            }
        }

        /// After an edit: the button reads `isValid`, and renders again if it was invalidated.
        private func afterEdit() {
            blackHole(form.isValid)
            if invalidations.count >= buttonRenders { renderButton() }
        }

        /// One edit of the plain field, as its text field's binding writes it.
        @inline(never)
        func editPlain() {
            plainRound += 1
            form[edit: plainKey, default: ""] = plainRound.isMultiple(of: 2) ? "Ada" : "Grace"
            afterEdit()
        }

        /// One edit of the counted field, as its text field's binding writes it.
        @inline(never)
        func editCounted() {
            countedRound += 1
            form[edit: countedKey, default: ""] = countedRound.isMultiple(of: 2) ? "Ada" : "Grace"
            afterEdit()
        }

        /// Whether the form saw the edits: the calculation follows the counted field, and the screen
        /// shows the plain field's text.
        var agrees: Bool {
            form[FormKey<Int>("characters")] == form[countedKey]?.count && form.isValid
                && live.version > 0
        }
    }

    func run(_ bench: Bench) -> ScenarioResult {
        var result = ScenarioResult()
        let sizes = bench.sizes(full: [1_000, 10_000, 100_000], quick: [1_000, 100_000])
        let apps = sizes.map { App(count: $0) }
        let keys = sizes.map { Fixture.keys($0) }
        var dictionaries = keys.map { Fixture.dictionary($0) }
        let values = Fixture.alternatingValues

        let baselineBodies: [(Int) -> Void] = sizes.indices.map { index in
            let key = keys[index][sizes[index] / 2 + 1]
            return { rounds in
                for _ in 0..<rounds {
                    for value in values { dictionaries[index][key] = AnyHashable(value) }
                }
            }
        }
        let plainBodies: [(Int) -> Void] = apps.map { app in
            { rounds in for _ in 0..<(2 * rounds) { app.editPlain() } }
        }
        let countedBodies: [(Int) -> Void] = apps.map { app in
            { rounds in for _ in 0..<(2 * rounds) { app.editCounted() } }
        }
        let times = bench.nanosecondsPerOperation(operationsPerRound: 2, plainBodies + countedBodies + baselineBodies)
        blackHole(dictionaries)
        let plain = Array(times[0..<sizes.count])
        let counted = Array(times[sizes.count..<2 * sizes.count])
        let baseline = Array(times[2 * sizes.count..<3 * sizes.count])
        for (index, size) in sizes.enumerated() {
            result.rows.append(
                Measurement(
                    scenario: name, size: size, metric: "ns/edit (a field only its checks and cell read)",
                    engine: plain[index], baselineName: "dictionary", baseline: baseline[index]))
            result.rows.append(
                Measurement(
                    scenario: name, size: size, metric: "ns/edit (the calculated field's input)",
                    engine: counted[index], baselineName: "dictionary", baseline: baseline[index]))
        }

        var holds = apps.allSatisfy(\.agrees)
        var details: [String] = []
        for (label, figures) in [("plain field", plain), ("calculation's input", counted)] {
            let largest = figures[figures.count - 1]
            let growth = largest / figures[0]
            holds = holds && largest <= limit && growth <= growthLimit
            details.append(
                "\(label): \(Report.figure(largest)) ns at \(Report.grouped(sizes[sizes.count - 1])) fields "
                    + "(\(Report.ratio(largest / baseline[baseline.count - 1])) a dictionary insert), "
                    + "\(Report.ratio(growth)) from \(Report.grouped(sizes[0]))")
        }
        result.checks.append(
            TargetCheck(
                id: "o whole-path",
                statement: "a user edit with a definition, rules, a live screen and an isValid reader: at most "
                    + "\(Report.figure(limit)) ns at the largest form and at most \(growthLimit)x from the smallest",
                holds: holds, detail: details.joined(separator: "; ")))
        return result
    }
}
