import Foundation
@_spi(Diagnostics) import FormContext
import Observation
import Synchronization

/// g. Autosave: what a keystroke costs with a draft autosave attached, and how many draft writes a
/// burst of keystrokes makes.
///
/// A keystroke is one set in a form of 100 fields. With autosave attached (debounce 500 ms) the first
/// change of a quiet form wakes the writer and the whole burst is one draft write. Autosave tracks the
/// form through Observation, so every later write to a field announces itself to the registrar, as it
/// does anyway once a view shows the field: measured on a plain form, and on a form whose fields are
/// each read under `withObservationTracking`, re-read after every change as a view re-renders.
/// Baselines: the same form without autosave, and writing the draft on every keystroke.
struct AutosaveScenario: Scenario {
    let name = "autosave"
    let letter = "i"

    func run(_ bench: Bench) -> ScenarioResult {
        var result = ScenarioResult()
        let size = 100
        let keys = Fixture.keys(size)
        let folder = ScratchDirectory("autosave")
        defer { folder.remove() }
        let key = keys[size / 2]

        let plain = FormContextObject(Fixture.context(keys))
        let saved = FormContextObject(Fixture.context(keys))
        let store = DraftStore(path: folder.path + "/form.draft")
        let autosave = DraftAutosave(form: saved, store: store, debounce: .milliseconds(500))
        var turn = 0
        let times = bench.nanosecondsPerOperation(
            operationsPerRound: 1,
            engine: { rounds in
                for _ in 0..<rounds {
                    turn += 1
                    saved.set(Fixture.alternatingValues[turn % 2], for: key, origin: .user)
                }
            },
            baseline: { rounds in
                for _ in 0..<rounds {
                    turn += 1
                    plain.set(Fixture.alternatingValues[turn % 2], for: key, origin: .user)
                }
            })
        runBlocking { await autosave.flush() }
        result.rows.append(row(size, "ns/keystroke (autosave attached)", times.engine, "no autosave", times.baseline))

        let viewedPlain = FormContextObject(Fixture.context(keys))
        let viewedSaved = FormContextObject(Fixture.context(keys))
        let viewedStore = DraftStore(path: folder.path + "/viewed.draft")
        let viewedAutosave = DraftAutosave(form: viewedSaved, store: viewedStore, debounce: .milliseconds(500))
        let plainViews = keys.map { Self.track($0, in: viewedPlain) }
        let savedViews = keys.map { Self.track($0, in: viewedSaved) }
        let keyIndex = size / 2
        let viewed = bench.nanosecondsPerOperation(
            operationsPerRound: 1,
            engine: { rounds in
                for _ in 0..<rounds {
                    turn += 1
                    viewedSaved.set(Fixture.alternatingValues[turn % 2], for: key, origin: .user)
                    savedViews[keyIndex].rerender()
                }
            },
            baseline: { rounds in
                for _ in 0..<rounds {
                    turn += 1
                    viewedPlain.set(Fixture.alternatingValues[turn % 2], for: key, origin: .user)
                    plainViews[keyIndex].rerender()
                }
            })
        runBlocking { await viewedAutosave.flush() }
        result.rows.append(row(size, "ns/keystroke (fields observed, autosave attached)", viewed.engine, "no autosave", viewed.baseline))

        // A burst of keystrokes, then a flush: how many draft files were written.
        let burst = bench.isQuick ? 200 : 1_000
        let before = store.saveCount
        for index in 0..<burst { saved.set("text \(index)", for: key, origin: .user) }
        runBlocking { await autosave.flush() }
        let writes = store.saveCount - before
        result.rows.append(row(burst, "draft writes per burst of keystrokes", Double(writes), "write per keystroke", Double(burst)))

        let writeTime = bench.nanosecondsPerOperation(operationsPerRound: 1) { rounds in
            for _ in 0..<rounds { _ = try? store.save(saved) }
        }
        result.rows.append(row(size, "µs/draft write (fsync, rename, fsync)", writeTime / 1000, "-", 0))

        let overhead = viewed.engine / viewed.baseline
        result.checks.append(
            TargetCheck(
                id: "g autosave",
                statement: "autosave adds at most 1.5x to a keystroke in a form whose fields are observed, and writes a burst as at most 2 drafts",
                holds: overhead <= 1.5 && writes <= 2 && writes >= 1,
                detail: String(
                    format: "%.2fx per keystroke with observed fields (%.2fx on a plain form); %d write(s) for %d keystrokes; %.0f µs per write",
                    overhead, times.engine / times.baseline, writes, burst, writeTime / 1000)))
        return result
    }

    /// A reader of one field under Observation, as a view showing it.
    private final class FieldView: Sendable {
        let key: String
        let form: FormContextObject
        let isInvalidated = Mutex(false)

        init(key: String, form: FormContextObject) {
            self.key = key
            self.form = form
        }

        /// Reads the field again and tracks it, if a change invalidated it.
        func rerender() {
            guard isInvalidated.withLock({ $0 }) else { return }
            render()
        }

        func render() {
            isInvalidated.withLock { $0 = false }
            withObservationTracking {
                blackHole(form[key])
            } onChange: { [self] in
                isInvalidated.withLock { $0 = true }
            }
        }
    }

    private static func track(_ key: String, in form: FormContextObject) -> FieldView {
        let view = FieldView(key: key, form: form)
        view.render()
        return view
    }

    private func row(_ size: Int, _ metric: String, _ engine: Double, _ baselineName: String, _ baseline: Double) -> Measurement {
        Measurement(scenario: name, size: size, metric: metric, engine: engine, baselineName: baselineName, baseline: baseline)
    }
}
