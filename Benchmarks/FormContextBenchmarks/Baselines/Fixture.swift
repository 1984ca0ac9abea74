import FormContext

/// The keys and values every scenario and baseline uses, so both sides do the same work.
///
/// Keys are `field-0` … `field-99999`: at most 15 bytes of UTF-8, so Swift stores them inline with
/// no heap allocation, as it does most real field names. Values are short strings, also stored inline.
enum Fixture {
    /// The keys of a form of `count` fields.
    static func keys(_ count: Int) -> [String] {
        (0..<count).map { "field-\($0)" }
    }

    /// The value every field starts with.
    static let initialValue: any Hashable & Sendable = "initial"

    /// Two values that alternate, so that every write changes the field.
    static let alternatingValues: [any Hashable & Sendable] = ["Ada", "Grace"]

    /// `value` in an `AnyHashable`, as a plain dictionary stores it.
    static func boxed(_ value: any Hashable & Sendable) -> AnyHashable {
        AnyHashable(value)
    }

    /// A context of `keys`, each holding ``initialValue``.
    static func context(_ keys: [String]) -> FormContext {
        var context: FormContext = [:]
        for key in keys { context.set(initialValue, for: key) }
        return context
    }

    /// A plain dictionary of `keys`, each holding ``initialValue``.
    static func dictionary(_ keys: [String]) -> [String: AnyHashable] {
        var dictionary: [String: AnyHashable] = [:]
        for key in keys { dictionary[key] = AnyHashable(initialValue) }
        return dictionary
    }

    /// A form of `keys` with one `observe(key)` subscription per field, each counting its calls on
    /// `counter` and reading the new value.
    static func observedForm(_ keys: [String], counter: CallCounter) -> (FormContextObject, [FormSubscription]) {
        let form = FormContextObject(context(keys))
        let subscriptions = keys.map { field in
            form.observe(field) { change in
                counter.tick()
                blackHole(change.newValue)
            }
        }
        return (form, subscriptions)
    }

    /// The seed's pattern over `keys`: one subscriber per field, each counting its calls on `counter`
    /// and re-reading its own value from the whole published dictionary on every change.
    static func seedForm(_ keys: [String], counter: CallCounter) -> PublishedDictionaryForm {
        let form = PublishedDictionaryForm(dictionary(keys))
        for field in keys {
            form.subscribe { [unowned form] in
                counter.tick()
                blackHole(form.values[field])
            }
        }
        return form
    }
}

extension Fixture {
    /// A definition of `fields` and `validators`; the benchmark's own definitions are consistent, so
    /// one that fails to build is a mistake in the benchmark.
    static func definition(_ fields: [FieldDefinition], validators: [FormValidator] = []) -> FormDefinition {
        do {
            return try FormDefinition(fields, validators: validators)
        } catch {
            fatalError("a benchmark definition does not build: \(error)")
        }
    }
}
