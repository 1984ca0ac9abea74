import FormContext

/// A household of members, ten fields a row, with rules in every row (a calculation from a
/// sibling, one from the previous row, a visibility rule), validators, a uniqueness check and two
/// summaries over the rows.
enum RepeatFixture {
    static let name = FormKey<String>("name")
    static let age = FormKey<Int>("age")
    static let fields: [String] = ["name", "age", "relationship", "email", "phone", "city", "isAdult", "sameNameAsPrevious", "note", "visits"]

    static let definition: FormDefinition = {
        let members = RepeatGroup(
            "members",
            fields: [
                FieldDefinition(name, validators: [.required(), .maxLength(40)]),
                FieldDefinition(age, validators: [.range(0...130)]),
                FieldDefinition(FormKey<String>("relationship"), default: "other"),
                FieldDefinition(FormKey<String>("email"), validators: [.email()]),
                FieldDefinition(FormKey<String>("phone")),
                FieldDefinition(FormKey<String>("city")),
                FieldDefinition(FormKey<Bool>("isAdult")).calculated { values in values[age].map { $0 >= 18 } },
                FieldDefinition(FormKey<Bool>("sameNameAsPrevious")).calculated { values in
                    values.previousRow.map { $0[name] == values[name] }
                },
                FieldDefinition(FormKey<String>("note")).visible(when: { ($0[age] ?? 0) > 60 }),
                FieldDefinition(FormKey<Int>("visits"), validators: [.minimum(0)]),
            ]
        )
        .validator(.unique(name))
        .summary(FormKey<Int>("memberCount"), .count)
        .summary(FormKey<Int>("totalAge"), .sum(age))
        do {
            return try FormDefinition([FieldDefinition(members)])
        } catch {
            fatalError("the benchmark's definition does not build: \(error)")
        }
    }()

    /// A live form of `rows` members.
    static func form(rows: Int) -> FormContextObject {
        var values: FormContext = [:]
        values.set(RowOrder((1...rows).map { RowID($0) }), for: "members")
        for number in 1...rows {
            let scope = RowID(number).scope(in: "members")
            values.set("member \(number)", for: scope.key("name"))
            values.set(number % 90, for: scope.key("age"))
            values.set("m\(number)@example.com", for: scope.key("email"))
        }
        return FormContextObject(definition: definition, values: values, options: ValidationOptions(mode: .onChange))
    }
}

/// The naive layout: rows kept by index (`members.0.name`), so removing, inserting or moving a row
/// re-keys every later row. The cheapest form of it: a plain dictionary with every key made up front.
final class IndexedRows {
    private(set) var storage: [String: AnyHashable] = [:]
    private var keys: [[String]] = []
    private(set) var count = 0

    init(rows: Int) {
        for index in 0..<rows { append(index) }
    }

    private func keysOf(_ index: Int) -> [String] {
        while keys.count <= index { keys.append(RepeatFixture.fields.map { "members.\(keys.count).\($0)" }) }
        return keys[index]
    }

    private func write(_ row: Int, _ values: [AnyHashable?]) {
        for (key, value) in zip(keysOf(row), values) { storage[key] = value }
    }

    private func values(of row: Int) -> [AnyHashable?] {
        keysOf(row).map { storage[$0] }
    }

    func append(_ number: Int) {
        write(count, ["member \(number)", number % 90, "other", "m\(number)@example.com", nil, nil, number % 90 >= 18, false, nil, nil])
        count += 1
    }

    /// Removes the row at `index`: every later row moves down one index.
    func remove(at index: Int) {
        for row in index..<(count - 1) { write(row, values(of: row + 1)) }
        write(count - 1, Array(repeating: nil, count: RepeatFixture.fields.count))
        count -= 1
    }

    /// Inserts a row at `index`: every later row moves up one index.
    func insert(_ number: Int, at index: Int) {
        var row = count
        while row > index {
            write(row, values(of: row - 1))
            row -= 1
        }
        write(index, ["member \(number)", number % 90, "other", nil, nil, nil, number % 90 >= 18, false, nil, nil])
        count += 1
    }

    /// Moves the row at `from` to `to`: the rows between shift by one.
    func move(from: Int, to: Int) {
        let moving = values(of: from)
        if from < to {
            for row in from..<to { write(row, values(of: row + 1)) }
        } else {
            var row = from
            while row > to {
                write(row, values(of: row - 1))
                row -= 1
            }
        }
        write(to, moving)
    }

    func edit(row: Int, age: Int) {
        storage[keysOf(row)[1]] = age
        storage[keysOf(row)[6]] = age >= 18
    }
}
