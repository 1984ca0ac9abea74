/// One option a ``ChoiceCell`` or an ``OptionList`` offers: its title and the value it stores.
public struct CellOption: Hashable, @unchecked Sendable, CustomStringConvertible {
    // `@unchecked Sendable` is sound: the box holds a `Sendable` value. The public initializer boxes
    // a `Hashable & Sendable` value; the package's own is given only the value of an option the
    // public one made (a multiple choice's toggling option). `store` is `@Sendable`; all are `let`.

    /// The text shown for the option (`When Unlocked`).
    public let title: String
    /// The value selecting the option stores in the field.
    public let value: AnyHashable
    /// Writes the value, with its own type, into a form under a key, as a user edit.
    let store: @Sendable (_ form: FormContextObject, _ key: String) -> FormControlError?

    /// Creates an option.
    ///
    /// - Parameters:
    ///   - title: The text shown.
    ///   - value: The value stored when the option is selected.
    public init<Value: Hashable & Sendable>(_ title: String, value: Value) {
        self.title = title
        self.value = AnyHashable(value)
        store = { form, key in form.userEdit(value, for: key)?.error }
    }

    /// An option whose selection does what `store` does, such as adding it to a multiple choice.
    init(_ title: String, value: AnyHashable, store: @escaping @Sendable (_ form: FormContextObject, _ key: String) -> FormControlError?) {
        self.title = title
        self.value = value
        self.store = store
    }

    /// Options are equal when their titles and values are.
    public static func == (lhs: CellOption, rhs: CellOption) -> Bool {
        lhs.title == rhs.title && lhs.value == rhs.value
    }

    /// Hashes the title and the value.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(title)
        hasher.combine(value)
    }

    /// The title.
    public var description: String { title }
}
