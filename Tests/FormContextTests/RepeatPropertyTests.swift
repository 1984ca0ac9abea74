import Foundation
import Testing

@_spi(Diagnostics) @testable import FormContextCore
import TestSupport

/// Random sequences of row operations on a live form, checked after every step against the same
/// operations on a plain array of rows, with every derived value (calculations, neighbours, outside
/// reads, summaries, the uniqueness check, dirtiness) worked out from the array afresh.
///
/// Run one seed alone with `FORMCONTEXT_SEED=<seed> swift test --filter RepeatPropertyTests`.
@Suite("Repeat groups against a plain array")
struct RepeatPropertyTests {
    static let seeds: [UInt64] = {
        var seeds: [UInt64] = [1, 2, 3, 7, 42, 0x5EED, 0xC0FF_EE00, .max]
        if let extra = ProcessInfo.processInfo.environment["FORMCONTEXT_SEED"].flatMap(UInt64.init) { seeds.append(extra) }
        return seeds
    }()

    static let name = FormKey<String>("name")
    static let age = FormKey<Int>("age")
    static let isAdult = FormKey<Bool>("isAdult")
    static let older = FormKey<Bool>("olderThanPrevious")
    static let flagged = FormKey<Bool>("flagged")
    static let note = FormKey<String>("note")
    static let threshold = FormKey<Int>("threshold")
    static let count = FormKey<Int>("count")
    static let total = FormKey<Int>("total")
    static let adults = FormKey<Int>("adults")

    /// Four rules in every row: a calculation from a sibling, one from the previous row, one from
    /// outside the group, and a visibility rule.
    static let definition: FormDefinition = {
        let members = RepeatGroup(
            "members",
            fields: [
                FieldDefinition(name),
                FieldDefinition(age),
                FieldDefinition(isAdult).calculated { values in values[age].map { $0 >= 18 } },
                FieldDefinition(older).calculated { values in
                    values.previousRow.map { ($0[age] ?? 0) < (values[age] ?? 0) }
                },
                FieldDefinition(flagged).calculated { values in values[age].map { $0 > (values.outer[threshold] ?? 0) } },
                FieldDefinition(note).visible(when: { ($0[age] ?? 0) > 60 }),
            ]
        )
        .validator(.unique(name))
        .summary(count, .count)
        .summary(total, .sum(age))
        .summary(adults, .count(where: isAdult, equals: true))
        return (try? FormDefinition([FieldDefinition(threshold), FieldDefinition(members)])).unsafelyUnwrapped
    }()

    /// A row as the oracle keeps it.
    struct Row: Equatable, CustomStringConvertible {
        var id: RowID
        var name: String?
        var age: Int?
        var note: String?
        var description: String { "\(id)(\(name ?? "-"), \(age.map(String.init) ?? "-"), \(note ?? "-"))" }
    }

    @Test("every operation leaves the form as the array says", arguments: seeds)
    func operationsMatchAnArray(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let initialRows = (1...3).map { Row(id: RowID($0), name: ["Ada", "Bo", "Cy"][$0 - 1], age: [40, 7, 70][$0 - 1], note: "n\($0)") }
        var initial = FormContext()
        initial.set(RowOrder(initialRows.map(\.id)), for: "members")
        initial.set(30, for: "threshold")
        for row in initialRows {
            let scope = row.id.scope(in: "members")
            initial.set(row.name, for: scope.key("name"))
            initial.set(row.age, for: scope.key("age"))
            initial.set(row.note, for: scope.key("note"))
        }
        let form = FormContextObject(definition: Self.definition, values: initial, options: ValidationOptions(mode: .onChange))
        var rows = initialRows
        var threshold = 30
        var nextNumber = 4
        try check(form, rows: rows, threshold: threshold, initialRows: initialRows, label: "seed \(seed) start")
        for step in 0..<120 {
            let before = form.ruleEvaluationCount
            var operation = ""
            var bound = 12
            switch Int.random(in: 0..<100, using: &random) {
            case 0..<22:
                let row = Row(id: RowID(nextNumber), name: randomName(&random), age: randomAge(&random), note: nil)
                let position = Int.random(in: 0...rows.count, using: &random)
                var values = FormContext()
                values.set(row.name, for: "name")
                values.set(row.age, for: "age")
                let id = try form.insertRows(into: "members", at: position, [values])[0]
                #expect(id == row.id, "seed \(seed) step \(step): new id")
                rows.insert(row, at: position)
                nextNumber += 1
                operation = "insert \(row) at \(position)"
            case 22..<40 where !rows.isEmpty:
                let position = Int.random(in: 0..<rows.count, using: &random)
                try form.removeRows([rows[position].id], from: "members")
                operation = "remove \(rows.remove(at: position))"
            case 40..<55 where !rows.isEmpty:
                let from = Int.random(in: 0..<rows.count, using: &random)
                let to = Int.random(in: 0..<rows.count, using: &random)
                let row = rows.remove(at: from)
                rows.insert(row, at: to)
                try form.moveRow(row.id, in: "members", to: to)
                operation = "move \(row) to \(to)"
            case 55..<80 where !rows.isEmpty:
                let position = Int.random(in: 0..<rows.count, using: &random)
                let scope = rows[position].id.scope(in: "members")
                switch Int.random(in: 0..<3, using: &random) {
                case 0:
                    rows[position].name = randomName(&random)
                    form.set(rows[position].name, for: scope.key("name"))
                case 1:
                    rows[position].age = randomAge(&random)
                    form.set(rows[position].age, for: scope.key("age"))
                default:
                    rows[position].note = Bool.random(using: &random) ? "n\(step)" : nil
                    form.set(rows[position].note, for: scope.key("note"))
                }
                operation = "edit \(rows[position])"
            case 80..<88:
                threshold = Int.random(in: 0...90, using: &random)
                form.set(threshold, for: Self.threshold.name)
                bound = rows.count
                operation = "threshold \(threshold)"
            case 88..<93:
                form.reset()
                rows = initialRows
                threshold = 30
                bound = 4 * (rows.count + 8)
                operation = "reset"
            case 93..<97:
                let replacement = (0..<Int.random(in: 0...4, using: &random)).map { offset in
                    Row(id: RowID(nextNumber + offset), name: randomName(&random), age: randomAge(&random), note: nil)
                }
                _ = try form.replaceRows(of: "members", with: replacement.map { row in
                    var values = FormContext()
                    values.set(row.name, for: "name")
                    values.set(row.age, for: "age")
                    return values
                })
                nextNumber += replacement.count
                rows = replacement
                bound = 4 * rows.count
                operation = "replace with \(rows)"
            default:
                continue
            }
            let label = "seed \(seed) step \(step) after \(operation): \(rows)"
            #expect(form.ruleEvaluationCount - before <= bound, "\(label): \(form.ruleEvaluationCount - before) rule runs")
            try check(form, rows: rows, threshold: threshold, initialRows: initialRows, label: label)
        }
    }

    private func check(_ form: FormContextObject, rows: [Row], threshold: Int, initialRows: [Row], label: String) throws {
        #expect(Array(form.rows(of: "members")) == rows.map(\.id), "\(label): order")
        var previousAge: Int??
        var total = 0
        var adults = 0
        for row in rows {
            let scope = row.id.scope(in: "members")
            #expect(form[scope.key(Self.name)] == row.name, "\(label): name of \(row.id)")
            #expect(form[scope.key(Self.age)] == row.age, "\(label): age of \(row.id)")
            #expect(form[scope.key(Self.note)] == row.note, "\(label): note of \(row.id)")
            #expect(form.fieldState(for: scope.key("note")).isVisible == ((row.age ?? 0) > 60), "\(label): note visibility of \(row.id)")
            #expect(form[scope.key(Self.isAdult)] == row.age.map { $0 >= 18 }, "\(label): isAdult of \(row.id)")
            #expect(form[scope.key(Self.flagged)] == row.age.map { $0 > threshold }, "\(label): flagged of \(row.id)")
            let older: Bool? = previousAge.map { ($0 ?? 0) < (row.age ?? 0) }
            #expect(form[scope.key(Self.older)] == older, "\(label): olderThanPrevious of \(row.id)")
            previousAge = .some(row.age)
            total += row.age ?? 0
            if let age = row.age, age >= 18 { adults += 1 }
        }
        #expect(form[Self.count] == rows.count, "\(label): count")
        #expect(form[Self.total] == total, "\(label): total")
        #expect(form[Self.adults] == adults, "\(label): adults")
        let names = rows.compactMap(\.name).filter { !$0.isEmpty }
        let hasDuplicates = Set(names).count != names.count
        let report = form.validate()
        #expect(report.errors.contains { $0.key == "members" && $0.rule == "unique" } == hasDuplicates, "\(label): unique")
        let server = Self.definition.evaluateRules(form.context)
        for row in rows {
            for field in ["isAdult", "olderThanPrevious", "flagged"] {
                let key = row.id.scope(in: "members").key(field)
                #expect(server.values[key] == form[key], "\(label): server and form disagree on \(key)")
            }
        }
        #expect(Self.definition.validate(form.context).errors.contains { $0.key == "members" && $0.rule == "unique" } == hasDuplicates,
                "\(label): server unique")
        let isDirty = rows != initialRows || threshold != 30
        #expect(form.isDirty == isDirty, "\(label): dirty keys \(form.dirtyKeys.sorted())")
    }

    private func randomName(_ random: inout SplitMix64) -> String? {
        [nil, "", "Ada", "Bo", "Cy", "Di", "Ed"].randomElement(using: &random) ?? nil
    }

    private func randomAge(_ random: inout SplitMix64) -> Int? {
        Bool.random(using: &random) ? Int.random(in: 0...95, using: &random) : nil
    }
}
