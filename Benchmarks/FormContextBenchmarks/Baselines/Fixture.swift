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
        var context = FormContext()
        for key in keys { context.set(initialValue, for: key) }
        return context
    }

    /// A plain dictionary of `keys`, each holding ``initialValue``.
    static func dictionary(_ keys: [String]) -> [String: AnyHashable] {
        var dictionary: [String: AnyHashable] = [:]
        for key in keys { dictionary[key] = AnyHashable(initialValue) }
        return dictionary
    }
}
