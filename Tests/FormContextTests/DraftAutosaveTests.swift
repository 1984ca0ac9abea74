import Foundation
import Synchronization
import Testing
import TestSupport

@_spi(Diagnostics) @testable import FormContextCore
@_spi(Diagnostics) @testable import FormContextDurability

@Suite("Draft autosave")
struct DraftAutosaveTests {
    @Test("a burst of changes is one write, after the debounce, of the latest state")
    func coalesces() async throws {
        let folder = try ScratchFolder("autosave")
        defer { folder.remove() }
        let sleep = ManualSleep()
        let form = FormContextObject(definition: try Survey.definition())
        let store = DraftStore(path: folder.file("d.draft"), definition: form.definition)
        let autosave = DraftAutosave(form: form, store: store, debounce: .seconds(2), environment: sleep.environment)
        for count in 1...100 { form.set(count, for: "count", origin: .user) }
        #expect(await sleep.untilWaiting())
        #expect(store.saveCount == 0)
        #expect(sleep.requested == [.seconds(2)])
        sleep.wakeAll()
        await autosave.flush()
        #expect(store.saveCount == 1)
        #expect(try store.load()?.values == ["count": 100])
        #expect(!autosave.isSaving)
    }

    @Test("touching, hiding and disabling a field are saved too")
    func fieldStateChanges() async throws {
        let folder = try ScratchFolder("autosave")
        defer { folder.remove() }
        let sleep = ManualSleep()
        let form = FormContextObject(definition: try Survey.definition())
        let store = DraftStore(path: folder.file("d.draft"), definition: form.definition)
        let autosave = DraftAutosave(form: form, store: store, environment: sleep.environment)
        form.blur("name")
        #expect(await sleep.untilWaiting())
        sleep.wakeAll()
        await autosave.flush()
        #expect(try store.load()?.touchedKeys == ["name"])
        form.setVisible(false, for: "note")
        form.setEnabled(false, for: "count")
        #expect(await sleep.untilWaiting())
        sleep.wakeAll()
        await autosave.flush()
        let draft = try #require(try store.load())
        #expect(draft.hiddenKeys == ["note"] && draft.disabledKeys == ["count"])
        #expect(store.saveCount == 2)
    }

    @Test("flush writes at once; nothing is written when nothing changed")
    func flush() async throws {
        let folder = try ScratchFolder("autosave")
        defer { folder.remove() }
        let sleep = ManualSleep()
        let form = FormContextObject(["a": 1])
        let store = DraftStore(path: folder.file("d.draft"))
        let autosave = DraftAutosave(form: form, store: store, environment: sleep.environment)
        await autosave.flush()
        #expect(store.saveCount == 0)
        form.set(2, for: "a")
        await autosave.flush()
        #expect(store.saveCount == 1)
        #expect(try store.load()?.values == ["a": 2])
        await autosave.stop()
        form.set(3, for: "a")
        await autosave.flush()
        #expect(store.saveCount == 1)
    }

    @Test("seeded: edits from several tasks while writes run; the last write holds the final state")
    func lastStateWins() async throws {
        let folder = try ScratchFolder("autosave")
        defer { folder.remove() }
        let seed = UInt64.random(in: 0...UInt64.max)
        let sleep = ManualSleep()
        let form = FormContextObject(definition: try Survey.definition())
        let store = DraftStore(path: folder.file("d.draft"), definition: form.definition)
        let autosave = DraftAutosave(form: form, store: store, environment: sleep.environment)
        let waker = Task {
            while !Task.isCancelled {
                sleep.wakeAll()
                await Task.yield()
            }
        }
        await withTaskGroup(of: Void.self) { group in
            for writer in 0..<4 {
                group.addTask {
                    var random = SplitMix64(seed: seed &+ UInt64(writer))
                    for _ in 0..<200 {
                        switch Int.random(in: 0...3, using: &random) {
                        case 0: form.set(Int.random(in: 0...1000, using: &random), for: "count", origin: .user)
                        case 1: form.set(JSONParserTests.randomText(using: &random), for: "note", origin: .user)
                        case 2: form.blur(["name", "note", "count"][Int.random(in: 0...2, using: &random)])
                        default: form.setVisible(Bool.random(using: &random), for: "name")
                        }
                        if Int.random(in: 0...9, using: &random) == 0 { await Task.yield() }
                    }
                }
            }
        }
        await autosave.flush()
        waker.cancel()
        let draft = try #require(try store.load())
        let restored = FormContextObject(definition: try Survey.definition())
        restored.restore(draft)
        let keys: Set<String> = ["name", "note", "count"]
        #expect(Survey.states(restored, keys) == Survey.states(form, keys), "seed \(seed)")
        #expect(store.saveCount >= 1, "seed \(seed)")
    }

    @Test("a failing save is reported, names the file, and the app goes on")
    func failures() async throws {
        let sleep = ManualSleep()
        let errors = Mutex<[String]>([])
        let form = FormContextObject(definition: try Survey.definition(), values: ["password": "hunter2-secret"])
        let path = "/nonexistent-folder/d.draft"
        let autosave = DraftAutosave(
            form: form, store: DraftStore(path: path, secrets: .include), environment: sleep.environment,
            onError: { error in errors.withLock { $0.append(error.description) } })
        form.set("again-hunter2-secret", for: "password", origin: .user)
        await autosave.flush()
        let expected = "cannot save the draft '\(path)': create a temporary file failed: No such file or directory (errno 2)"
        #expect(errors.withLock { $0 } == [expected])
        #expect(autosave.lastError?.description == expected)
    }
}
