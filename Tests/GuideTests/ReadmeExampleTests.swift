import FormContext
import Synchronization
import Testing

/// The examples in README.md and Docs/, compiled and run with their printed output checked.
@Suite("Documentation examples")
struct ReadmeExampleTests {
    /// Collects what an example prints.
    final class Printer: Sendable {
        private let lines = Mutex<[String]>([])
        func print(_ items: Any...) { lines.withLock { $0.append(items.map { "\($0)" }.joined(separator: " ")) } }
        var output: [String] { lines.withLock { $0 } }
    }

    @Test("README: first example")
    func readmeFirstExample() {
        let printer = Printer()
        let print = printer.print
        // --- README.md + Sources/FormContext/FormContext.docc/FormContext.md: first example
        let form = FormContextObject(["firstname": "Hello", "lastname": "World"])
        let subscription = form.observe("firstname") { change in print(change) }

        form.set("Ada", for: "firstname", origin: .user)
        print("dirty:", form.isDirty, form.dirtyKeys.sorted())
        for line in form.context.lines() { print(line) }

        form.reset()
        print("dirty after reset:", form.isDirty)
        subscription.cancel()
        // --- end
        #expect(printer.output == [
            #"firstname: "Hello" -> "Ada" (user)"#,
            #"dirty: true ["firstname"]"#,
            "firstname: Ada",
            "lastname: World",
            #"firstname: "Ada" -> "Hello" (reset)"#,
            "dirty after reset: false",
        ])
    }

    @Test("Getting started: typed keys and controls")
    func gettingStartedControls() throws {
        let printer = Printer()
        let print = printer.print
        // --- Docs/GettingStarted.md: Controls
        let age = FormKey<Int>("age")
        let form = FormContextObject()
        let ageField = FieldControl<Int>(key: age.name, title: "Age")
        try ageField.connect(to: form)

        ageField.text = "42"
        print(form[age] as Any)
        ageField.text = "4x"
        print(form[age] as Any, ageField.parseError!)
        form.set(7, for: "age")
        print(ageField.text, ageField.parseError as Any)
        // --- end
        #expect(printer.output == [
            "Optional(42)",
            #"Optional(42) unreadable text for key 'age': expected Int, found "4x""#,
            "7 nil",
        ])
    }

    @Test("Concepts: batches notify once per key")
    func conceptsTransaction() {
        let printer = Printer()
        let print = printer.print
        // --- Docs/Concepts.md: Batches
        let form = FormContextObject(["a": 1, "b": 1])
        let subscription = form.observeAll { change in print(change) }
        form.transaction { batch in
            batch.set(2, for: "a")
            batch.set(3, for: "a")
            batch.set(2, for: "b")
            batch.set(1, for: "b")
        }
        // --- end
        _ = subscription
        #expect(printer.output == ["a: 1 -> 3 (program)"])
    }
}
