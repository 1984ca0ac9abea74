@testable import FormContextCore
import Synchronization
import Testing

/// A live screen as a subscriber of the form's settle: the settle hands it the derivations that are
/// due, and a derivation whose reads reach the graph only after a later change was handed out still
/// follows that change.
@Suite("Live screen: due derivations handed out by the settle")
struct LiveScreenSettleTests {
    @Test("a footer that first reads a key which changes before its reads are recorded shows the key's new value")
    func readRecordedAfterALaterChange() {
        let form = FormContextObject(["mode": "off", "detail": "old"])
        let hasWritten = Mutex(false)
        // On its first run in "on" mode the footer reads `detail` and then changes it: that change is
        // settled and handed out while the footer's reads are not yet in the graph.
        let screen = Screen("Settle") {
            FormSection(footer: { values in
                guard values["mode"] as? String == "on" else { return "off" }
                let detail = values["detail"] as? String
                let mustWrite = hasWritten.withLock { written in
                    defer { written = true }
                    return !written
                }
                if mustWrite { form.set("new", for: "detail") }
                return detail
            }) {
                TextCell("Mode", key: FormKey<String>("mode"))
            }
        }
        let live = LiveScreen(screen, form: form)
        #expect(live.sections.map(\.footer) == ["off"])
        form.set("on", for: "mode")
        #expect(form["detail"] as? String == "new")
        #expect(live.sections.map(\.footer) == ["new"])
    }

    @Test("two screens of one form each follow their own cells, whatever the order of edits", arguments: [0, 1, 2])
    func twoScreensEachHandedTheirOwn(seed: Int) {
        let keys = (0..<6).map { "k\($0)" }
        var values = FormContext()
        for key in keys { values.set("", for: key) }
        let form = FormContextObject(values)
        func screen(_ keys: ArraySlice<String>) -> Screen {
            Screen("Part") {
                FormSection(footer: { values in keys.map { values[$0] as? String ?? "-" }.joined(separator: ",") }) {
                    for key in keys { TextCell(key, key: FormKey<String>(key)) }
                }
            }
        }
        let first = LiveScreen(screen(keys[0..<4]), form: form)
        let second = LiveScreen(screen(keys[2..<6]), form: form)
        var generator = SeededGenerator(seed: UInt64(seed))
        var expected = Dictionary(uniqueKeysWithValues: keys.map { ($0, "") })
        for round in 0..<40 {
            let key = keys[Int(generator.next() % UInt64(keys.count))]
            expected[key] = "v\(round)"
            form.set("v\(round)", for: key)
            #expect(first.sections.first?.footer == keys[0..<4].map { expected[$0]! }.joined(separator: ","))
            #expect(second.sections.first?.footer == keys[2..<6].map { expected[$0]! }.joined(separator: ","))
        }
    }

    @Test("edits from several threads leave every footer showing the values the form holds")
    func concurrentEditsSettleOnTheFormsValues() async {
        var values = FormContext()
        values.set("a", for: "mode")
        for index in 0..<4 { values.set("", for: "k\(index)") }
        let form = FormContextObject(values)
        // A footer whose reads depend on a switch, so that its reads change while other threads write.
        let screen = Screen("Threads") {
            for section in 0..<4 {
                FormSection(footer: { values in
                    let key = values["mode"] as? String == "a" ? "k\(section)" : "k\(3 - section)"
                    return values[key] as? String ?? "-"
                }) {
                    TextCell("Mode", key: FormKey<String>("mode"))
                }
            }
        }
        let live = LiveScreen(screen, form: form)
        await withTaskGroup(of: Void.self) { group in
            for thread in 0..<4 {
                group.addTask {
                    for round in 0..<200 {
                        if round % 7 == thread { form.set(round % 2 == 0 ? "a" : "b", for: "mode") }
                        form.set("t\(thread)r\(round)", for: "k\(thread)")
                    }
                }
            }
        }
        let isA = form["mode"] as? String == "a"
        let expected = (0..<4).map { section in form["k\(isA ? section : 3 - section)"] as? String }
        #expect(live.sections.map(\.footer) == expected)
    }
}
