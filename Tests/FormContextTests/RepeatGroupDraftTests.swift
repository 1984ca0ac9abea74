import Foundation
import Testing
import TestSupport

@testable import FormContextCore
@testable import FormContextDurability

@Suite("Repeat groups in drafts")
struct RepeatGroupDraftTests {
    @Test("a draft keeps a group's ids, order, values and touched flags through save and restore")
    func draftRoundTrip() throws {
        let scratch = try ScratchFolder("rows-draft")
        defer { scratch.remove() }
        let definition = try Guests.definition()
        let store = DraftStore(path: scratch.file("guests.draft"), definition: definition)
        let form = try Guests.form([("Ada", 36, nil), ("Bob", nil, nil), ("Cy", 7, nil), ("Di", 50, nil)])
        try form.removeRows([RowID(2)], from: "guests")
        try form.moveRow(RowID(4), in: "guests", to: 0)
        form.set(37, for: "guests.r1.age", origin: .user)
        form.blur("guests.r1.age")
        form.blur("guests.r3.name")
        let saved = try store.save(form)
        #expect(saved.values["guests"] == AnyHashable(RowOrder([RowID(4), RowID(1), RowID(3)])))

        let later = FormContextObject(definition: definition)
        let draft = try #require(try store.load())
        #expect(draft.skippedKeys == [:])
        later.restore(draft)
        #expect(later.rows(of: "guests") == [RowID(4), RowID(1), RowID(3)])
        #expect(later.context == form.context)
        #expect(later.initialValues == form.initialValues)
        #expect(later.touchedKeys == ["guests.r1.age", "guests.r3.name"])
        #expect(later.dirtyKeys == form.dirtyKeys)
        #expect(later[FormKey<Int>("guestCount")] == 3)
        // The restored rows are live rows: they move, and a new row gets an id no row has.
        try later.moveRow(RowID(3), in: "guests", to: 0)
        #expect(later.rows(of: "guests") == [RowID(3), RowID(4), RowID(1)])
        #expect(try later.appendRow(to: "guests") == RowID(5))
    }

    @Test("a row order and row ids read back by their type names when there is no definition")
    func draftWithoutDefinition() throws {
        let scratch = try ScratchFolder("rows-draft-plain")
        defer { scratch.remove() }
        let store = DraftStore(path: scratch.file("plain.draft"))
        let values: FormContext = [
            "members": RowOrder([RowID(2), RowID(1)]), "members.r1.name": "Ada", "members.r1.visits": RowOrder([RowID(7)]),
            "members.r1.visits.r7.place": "Paris", "members.r2.name": "Bob", "favourite": RowID(2),
        ]
        let form = FormContextObject(values)
        try store.save(form)
        let draft = try #require(try store.load())
        #expect(draft.skippedKeys == [:])
        #expect(draft.values == values)
        let later = FormContextObject()
        later.restore(draft)
        #expect(later.context == values)
    }

    @Test("a draft of an older version whose group lost a field restores the rest and reports the field's keys")
    func olderVersion() throws {
        let scratch = try ScratchFolder("rows-draft-version")
        defer { scratch.remove() }
        func household(version: Int, fields: [FieldDefinition]) throws -> FormDefinition {
            try FormDefinition([FieldDefinition(RepeatGroup("members", fields: fields))], identifier: "household", version: version)
        }
        let name = FieldDefinition(FormKey<String>("name"))
        let nickname = FieldDefinition(FormKey<String>("nickname"))
        let first = try household(version: 1, fields: [name, nickname])
        let form = FormContextObject(definition: first)
        try form.appendRow(to: "members", ["name": "Ada", "nickname": "Countess"])
        try form.appendRow(to: "members", ["name": "Bob"])
        form.blur("members.r1.nickname")
        try DraftStore(path: scratch.file("h.draft"), definition: first).save(form)

        let second = try household(version: 2, fields: [name])
        let draft = try #require(try DraftStore(path: scratch.file("h.draft"), definition: second).load())
        #expect(draft.skippedKeys == ["members.r1.nickname": "version 2 of the form has no field 'members.r1.nickname'"])
        let later = FormContextObject(definition: second)
        later.restore(draft)
        #expect(later.rows(of: "members") == [RowID(1), RowID(2)])
        #expect(later.context.sortedKeys == ["members", "members.r1.name", "members.r2.name"])
        #expect(later.touchedKeys == [])
    }

    @Test("a draft of a group whose order no longer reads as one is reported, and the form keeps its rows")
    func unreadableOrder() throws {
        let scratch = try ScratchFolder("rows-draft-bad")
        defer { scratch.remove() }
        let definition = try Guests.definition()
        let store = DraftStore(path: scratch.file("g.draft"), definition: definition)
        let twice = JSONValue.array([.string("r1"), .string("r1")])
        try store.save(FormDraft(formIdentifier: definition.identifier, values: ["guests": twice, "guests.r1.name": "Ada"]))
        let loaded = try #require(try store.load())
        #expect(loaded.skippedKeys == ["guests": #"cannot read 'guests': expected RowOrder, found ["r1","r1"]"#])
        let form = try Guests.form([("Bob", nil, nil), ("Cy", nil, nil)])
        form.restore(loaded)
        #expect(form.rows(of: "guests") == [RowID(1), RowID(2)])
        #expect(form[Guests.name.scoped(in: FormScope("guests.r1"))] == "Ada")
    }

    @Test("a row numbered so high that a form could not number rows after it is not read back")
    func hugeRowNumbers() throws {
        let scratch = try ScratchFolder("rows-draft-huge")
        defer { scratch.remove() }
        let store = DraftStore(path: scratch.file("h.draft"))
        try store.save(FormDraft(values: ["members": RowOrder([RowID(1), RowID(Int.max)]), "members.r1.name": "Ada"]))
        let draft = try #require(try store.load())
        #expect(draft.skippedKeys == ["members": "cannot read 'members': expected RowOrder, found an array"])
        #expect(draft.values == ["members.r1.name": "Ada"])

        let definition = try Guests.definition()
        let typed = DraftStore(path: scratch.file("typed.draft"), definition: definition)
        try typed.save(FormDraft(formIdentifier: definition.identifier, values: ["guests": RowOrder([RowID(Int.max)])]))
        let read = try #require(try typed.load())
        #expect(read.skippedKeys == ["guests": #"cannot read 'guests': expected RowOrder, found ["r9223372036854775807"]"#])
        let form = try Guests.form([("Ada", nil, nil)])
        form.restore(read)
        #expect(form.rows(of: "guests") == [RowID(1)])
    }

    @Test("a secret field of a row is left out of the draft, and keeps the form's value on restore")
    func secretRowFieldOmitted() throws {
        let scratch = try ScratchFolder("rows-draft-secret")
        defer { scratch.remove() }
        let store = DraftStore(path: scratch.file("s.draft"), definition: try Guests.definition())
        let form = try Guests.form([("Bob", nil, "1234")])
        let saved = try store.save(form)
        #expect(saved.secureKeys.contains("guests.r1.pin"))
        let text = try String(contentsOfFile: scratch.file("s.draft"), encoding: .utf8)
        #expect(!text.contains("1234"))
        let draft = try #require(try store.load())
        #expect(draft.omittedSecretKeys == ["guests.r1.pin"])
        let later = try Guests.form([("Bob", nil, "9999")])
        later.restore(draft)
        #expect(later[Guests.pin.scoped(in: FormScope("guests.r1"))] == "9999")
        #expect(later[Guests.name.scoped(in: FormScope("guests.r1"))] == "Bob")
    }
}
