@testable import FormContextCore
import Testing
import TestSupport

/// A live screen's conditions, footers and cell values as a stage of the form's settle: they run
/// while the form settles, on the thread settling it, and what they computed is shown as the
/// mutation is delivered, one change at a time, so that a handler reads the version its diff leads to.
@Suite("Live screen: the settle's screen stage")
struct ScreenStageTests {
    /// Whether the calling thread is settling `form` right now.
    static func isSettling(_ form: FormContextObject) -> Bool {
        form.read { $0.settling.owner == .current }
    }

    @Test("conditions, footers and cell conditions run while the form settles, in its first run and after every change")
    func derivationsRunInTheSettle() throws {
        let group = RepeatGroup("items", fields: [FieldDefinition(FormKey<String>("name"), default: "")])
        let form = FormContextObject(
            definition: try FormDefinition([
                FieldDefinition(FormKey<String>("mode"), default: "a"), FieldDefinition(FormKey<String>("name"), default: ""),
                FieldDefinition(group),
            ]))
        let runs = Locked([Bool]())
        let screen = Screen("Stage") {
            FormSection(footer: { values in
                runs.withLock { $0.append(Self.isSettling(form)) }
                return values["mode"] as? String
            }) {
                TextCell("Name", key: FormKey<String>("name"))
                    .visible(when: { values in
                        runs.withLock { $0.append(Self.isSettling(form)) }
                        return values["mode"] as? String != "hidden"
                    })
            }
            RepeatSection("Items", group: "items") {
                TextCell("Item", key: FormKey<String>("name"))
                    .visible(when: { values in
                        runs.withLock { $0.append(Self.isSettling(form)) }
                        return values["name"] as? String != "x"
                    })
            }
        }
        let live = LiveScreen(screen, form: form)
        #expect(runs.withLock { $0.count } == 2)
        form.set("b", for: "mode")
        form.set("hidden", for: "mode")
        let id = try form.insertRows(into: "items", at: 0, [["name": "first"]])[0]
        form.set("x", for: "items.\(id).name")
        form.transaction { batch in
            batch.set("c", for: "mode")
            batch.set("y", for: "items.\(id).name")
        }
        let all = runs.withLock { $0 }
        #expect(all.count >= 10)
        #expect(all.allSatisfy { $0 }, "runs outside the settle: \(all)")
        #expect(live.sections.first?.footer == "c")
    }

    @Test("each diff a handler receives is the screen's version, whatever a mutation changes", arguments: [0, 1, 2, 3])
    func handlersReadTheVersionOfTheirDiff(seed: Int) {
        let keys = (0..<8).map { "k\($0)" }
        var values = FormContext()
        for key in keys { values.set("", for: key) }
        values.set(true, for: "shown")
        let form = FormContextObject(values)
        let screen = Screen("Versions") {
            for start in stride(from: 0, to: keys.count, by: 2) {
                FormSection(footer: { values in values[keys[start]] as? String }) {
                    for key in keys[start..<start + 2] { TextCell(key, key: FormKey<String>(key)) }
                }
                .visible(when: { values in values["shown"] as? Bool != false || start == 0 })
            }
        }
        let live = LiveScreen(screen, form: form)
        let mismatches = Locked([String]())
        let received = Locked(0)
        let subscription = live.observe { diff in
            received.withLock { $0 += 1 }
            let (version, last) = (live.version, live.lastDiff)
            if version != diff.version || last != diff {
                mismatches.withLock { $0.append("\(diff) delivered at version \(version)") }
            }
        }
        var generator = SeededGenerator(seed: UInt64(seed))
        for round in 0..<40 {
            // One to four keys in one mutation, sometimes the switch that shows and hides sections.
            let count = Int(generator.next() % 4) + 1
            form.transaction { batch in
                for index in 0..<count {
                    batch.set("r\(round)i\(index)", for: keys[Int(generator.next() % UInt64(keys.count))])
                }
                if generator.next() % 3 == 0 { batch.set(generator.next() % 2 == 0, for: "shown") }
            }
        }
        #expect(received.withLock { $0 } > 40)
        #expect(mismatches.withLock { $0 }.isEmpty, "\(mismatches.withLock { $0 }.prefix(3))")
        subscription.cancel()
    }
}
