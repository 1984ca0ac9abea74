@_spi(Diagnostics) import FormContext
import Foundation
import Testing
import TestSupport

/// The examples of Docs/Rules.md, verbatim, each run with what it prints checked against the guide's
/// own "prints" block.
@Suite("Rules guide examples")
struct RulesDocsTests {
    static let guide = "Docs/Rules.md"

    /// The guide's fenced blocks without a language: what the examples print.
    static func printedBlocks() throws -> [[String]] {
        let text = try String(contentsOf: DocSnippet.packageRoot.appendingPathComponent(guide), encoding: .utf8)
        var blocks: [[String]] = []
        var plain: [String]?
        var isInCode = false
        for line in text.components(separatedBy: "\n") {
            if isInCode {
                if line == "```" { isInCode = false }
            } else if plain != nil {
                if line == "```" {
                    blocks.append(plain ?? [])
                    plain = nil
                } else {
                    plain?.append(line)
                }
            } else if line == "```" {
                plain = []
            } else if line.hasPrefix("```") {
                isInCode = true
            }
        }
        return blocks
    }

    /// Checks that the guide shows `printed` as one of its "prints" blocks.
    static func expectInGuide(_ printed: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        let blocks = (try? printedBlocks()) ?? []
        #expect(blocks.contains(printed), "the guide shows no block printing \(printed)", sourceLocation: sourceLocation)
    }

    @Test("every swift block of the guide is compiled by a test")
    func everyBlockIsCompiled() throws {
        let snippets = try DocSnippet.all().filter { $0.documents.contains(Self.guide) }
        let blocks = try DocSnippet.swiftBlocks(of: Self.guide)
        #expect(blocks.count >= 9)
        for (index, block) in blocks.enumerated() {
            #expect(snippets.contains { $0.lines == block }, "block \(index + 1) of \(Self.guide) is not compiled by any test: \(block.prefix(2))")
        }
    }

    @Test("a printed block that differs from what runs is caught")
    func driftIsCaught() throws {
        let blocks = try Self.printedBlocks()
        #expect(blocks.contains(["false 1", "true 3", "false 1 2"]))
        #expect(!blocks.contains(["false 1", "true 3", "false 1 3"]))
    }

    @Test func household() throws {
        let printer = DocPrinter()
        let print = printer.print
        // --- Docs/Rules.md: Rules in a definition
        let hasChildren = FormKey<Bool>("hasChildren")
        let children = FormKey<Int>("children")
        let adults = FormKey<Int>("adults")
        let size = FormKey<Int>("householdSize")
        let rents = FormKey<Bool>("rents")

        let household = try FormDefinition([
            FieldDefinition(adults, default: 1),
            FieldDefinition(hasChildren, default: false),
            FieldDefinition(children, validators: [.range(1...20)])
                .visible(when: { $0[hasChildren] == true })
                .required(when: { $0[hasChildren] == true }),
            FieldDefinition(size).calculated { ($0[adults] ?? 0) + ($0[children] ?? 0) },
            FieldDefinition(rents, default: false),
            FieldDefinition(FormKey<String>("landlord"))
                .required(when: { $0[rents] == true }, message: "is required from a tenant"),
        ])
        let form = FormContextObject(definition: household)
        print(form.fieldState(for: "children").isVisible, form[size] ?? 0)
        form.set(true, for: hasChildren.name)
        form.set(2, for: children.name)
        print(form.fieldState(for: "children").isVisible, form[size] ?? 0)
        form.set(false, for: hasChildren.name)
        print(form.fieldState(for: "children").isVisible, form[size] ?? 0, form[children] ?? 0)
        // --- end
        #expect(printer.output == ["false 1", "true 3", "false 1 2"])
        Self.expectInGuide(printer.output)

        let server = DocPrinter()
        do {
            let print = server.print
            // --- Docs/Rules.md: On a server
            let submitted: FormContext = ["adults": 2, "hasChildren": false, "children": 3, "rents": true]
            let outcome = household.evaluateRules(submitted)
            print(outcome)
            for error in household.validate(submitted).errors { print(error) }
            // --- end
        }
        #expect(server.output.joined(separator: "\n").components(separatedBy: "\n") == [
            "adults: 2", "hasChildren: false", "householdSize: 2", "rents: true", "hidden: children", "required: landlord",
            "landlord: is required from a tenant",
        ])
        Self.expectInGuide(server.output.joined(separator: "\n").components(separatedBy: "\n"))

        let explained = DocPrinter()
        do {
            let print = explained.print
            // --- Docs/Rules.md: Explaining a form
            let form = FormContextObject(definition: household)
            print(form.explanation(for: "children"))
            print(form.explanation(for: "householdSize"))
            // --- end
        }
        let lines = explained.output.joined(separator: "\n").components(separatedBy: "\n")
        #expect(lines == [
            "children: hidden by its visibility rule, which read hasChildren = false",
            "children: optional by its required rule, which read hasChildren = false",
            "householdSize: calculated (= 1) by its calculation, which read adults = 1, children = nil",
        ])
        Self.expectInGuide(lines)
    }

    @Test func tracking() throws {
        let printer = DocPrinter()
        let print = printer.print
        // --- Docs/Rules.md: Tracking what a rule reads
        let useB = FormKey<Bool>("useB")
        let a = FormKey<Int>("a")
        let b = FormKey<Int>("b")
        let c = FormKey<Int>("c")
        let form = FormContextObject(definition: try FormDefinition([
            FieldDefinition(useB, default: false),
            FieldDefinition(a, default: 1),
            FieldDefinition(b, default: 2),
            FieldDefinition(c).calculated { $0[useB] == true ? ($0[b] ?? 0) : ($0[a] ?? 0) },
        ]))
        var before = form.ruleEvaluationCount
        form.set(20, for: b.name)
        print("rules run:", form.ruleEvaluationCount - before)
        form.set(true, for: useB.name)
        print(form[c] ?? 0, form.lastRuleRuns)
        before = form.ruleEvaluationCount
        form.set(10, for: a.name)
        print("rules run:", form.ruleEvaluationCount - before)
        // --- end
        #expect(printer.output == ["rules run: 0", "20 [c <- useB, b]", "rules run: 0"])
        Self.expectInGuide(printer.output)
    }

    @Test func diamond() throws {
        let printer = DocPrinter()
        let print = printer.print
        // --- Docs/Rules.md: Order
        let a = FormKey<Int>("a")
        let form = FormContextObject(definition: try FormDefinition([
            FieldDefinition(a, default: 1),
            FieldDefinition(FormKey<Int>("b")).calculated { ($0[a] ?? 0) * 10 },
            FieldDefinition(FormKey<Int>("c")).calculated { ($0[a] ?? 0) * 100 },
            FieldDefinition(FormKey<Int>("d")).calculated { ($0[FormKey<Int>("b")] ?? 0) + ($0[FormKey<Int>("c")] ?? 0) },
        ]))
        form.set(2, for: a.name)
        for run in form.lastRuleRuns { print(run) }
        print(form[FormKey<Int>("d")] ?? 0)
        // --- end
        #expect(printer.output == ["b <- a", "c <- a", "d <- b, c", "220"])
        Self.expectInGuide(printer.output)
    }

    @Test func earlyCutoff() throws {
        let printer = DocPrinter()
        let print = printer.print
        // --- Docs/Rules.md: Early cutoff
        let a = FormKey<Int>("a")
        let sign = FormKey<Int>("sign")
        let form = FormContextObject(definition: try FormDefinition([
            FieldDefinition(a, default: 1),
            FieldDefinition(sign).calculated { ($0[a] ?? 0) > 0 ? 1 : -1 },
            FieldDefinition(FormKey<String>("label")).calculated { $0[sign] == 1 ? "positive" : "negative" },
        ]))
        form.set(5, for: a.name)
        print(form.lastRuleRuns)
        // --- end
        #expect(printer.output == ["[sign <- a]"])
        Self.expectInGuide(printer.output)
    }

    @Test func cycles() throws {
        let printer = DocPrinter()
        let print = printer.print
        // --- Docs/Rules.md: Cycles
        let total = FormKey<Int>("total")
        let tax = FormKey<Int>("tax")
        let net = FormKey<Int>("net")
        let form = FormContextObject(definition: try FormDefinition([
            FieldDefinition(net, default: 100),
            FieldDefinition(total, default: 0).calculated { ($0[net] ?? 0) + ($0[tax] ?? 0) },
            FieldDefinition(tax, default: 0).calculated { ($0[total] ?? 0) / 5 },
        ]))
        for cycle in form.ruleCycles { print(cycle) }
        print(form.explanation(for: "tax"))
        // --- end
        let lines = printer.output.joined(separator: "\n").components(separatedBy: "\n")
        #expect(lines == [
            "cycle: total → tax → total",
            "tax: calculated (= 0) by its calculation, which read total = 0",
            "tax: left out on the cycle total → tax → total, keeping its last result",
        ])
        Self.expectInGuide(lines)
    }

    @Test func hiddenValues() throws {
        let printer = DocPrinter()
        let print = printer.print
        // --- Docs/Rules.md: Hidden and disabled values
        let hasPets = FormKey<Bool>("hasPets")
        let pets = FormKey<Int>("pets")
        let fields = [
            FieldDefinition(hasPets, default: true),
            FieldDefinition(pets).visible(when: { $0[hasPets] == true }),
        ]
        let kept = FormContextObject(definition: try FormDefinition(fields))
        let cleared = FormContextObject(definition: try FormDefinition(fields, hiddenValues: .cleared))
        for form in [kept, cleared] {
            form.set(2, for: pets.name)
            form.set(false, for: hasPets.name)
            form.set(true, for: hasPets.name)
            print(form[pets].map(String.init) ?? "nil")
        }
        // --- end
        #expect(printer.output == ["2", "nil"])
        Self.expectInGuide(printer.output)
    }

    @Test func groups() throws {
        let printer = DocPrinter()
        let print = printer.print
        // --- Docs/Rules.md: Groups
        let hasPets = FormKey<Bool>("hasPets")
        let form = FormContextObject(definition: try FormDefinition(
            [
                FieldDefinition(hasPets, default: false),
                FieldDefinition(FormKey<Int>("pets.count")),
                FieldDefinition(FormKey<String>("pets.kind")).enabled(when: { ($0[FormKey<Int>("pets.count")] ?? 0) > 0 }),
            ],
            groups: [FieldGroup("pets").visible(when: { $0[hasPets] == true })]))
        print(form.fieldState(for: "pets.count").isVisible, form.fieldState(for: "pets.kind").isVisible, form.fieldState(for: "pets.kind").isEnabled)
        form.set(true, for: hasPets.name)
        form.set(2, for: "pets.count")
        print(form.fieldState(for: "pets.count").isVisible, form.fieldState(for: "pets.kind").isVisible, form.fieldState(for: "pets.kind").isEnabled)
        // --- end
        #expect(printer.output == ["false false false", "true true true"])
        Self.expectInGuide(printer.output)
    }
    @Test func readOnly() throws {
        let printer = DocPrinter()
        let print = printer.print
        // --- Docs/Rules.md: Read-only
        let signed = FormKey<Bool>("signed")
        let visitDate = FormKey<String>("visitDate")
        let form = FormContextObject(definition: try FormDefinition(
            [
                FieldDefinition(signed, default: false),
                FieldDefinition(visitDate, validators: [.required()]).readOnly(when: { $0[signed] == true }),
                FieldDefinition(FormKey<Int>("vitals.height")),
            ],
            groups: [FieldGroup("vitals").readOnly(when: { $0[signed] == true })]))
        let date = FieldControl<String>(key: visitDate.name, title: "Visit date")
        try date.connect(to: form)
        form.set(true, for: signed.name)
        date.text = "2026-11-26"
        print(form.fieldState(for: visitDate.name).isReadOnly, form.fieldState(for: "vitals.height").isReadOnly, form.fieldState(for: visitDate.name).isEnabled, form[visitDate] ?? "nil")
        print(date.parseError.map(String.init(describing:)) ?? "nil")
        for error in form.validate().errors { print(error) }
        form.set("2026-11-25", for: visitDate.name)
        print(form.activeValues[visitDate.name] ?? "nil")
        print(form.explanation(for: visitDate.name))
        // --- end
        #expect(printer.output == [
            "true true true nil", "key 'visitDate' is read-only: it cannot be edited", "visitDate: is required", "2026-11-25",
            "visitDate: read-only by its read-only rule, which read signed = true",
        ])
        Self.expectInGuide(printer.output)
    }
}
