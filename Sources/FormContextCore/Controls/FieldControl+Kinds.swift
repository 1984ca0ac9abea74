public import Foundation

extension FieldControl where Value == String {
    /// Creates a text field.
    ///
    /// - Parameters:
    ///   - key: The field key.
    ///   - title: The label.
    ///   - text: The starting text, or `nil` for none.
    ///   - isSecure: Whether this is a password field, masked in every description.
    public convenience init(key: String, title: String = "", text: String? = nil, isSecure: Bool = false) {
        self.init(key: key, title: title, value: text, format: .text, isSecure: isSecure)
    }
}

extension FieldControl where Value == Bool {
    /// Creates a switch.
    ///
    /// - Parameters:
    ///   - key: The field key.
    ///   - title: The label.
    ///   - isOn: The starting state, or `nil` for none.
    public convenience init(key: String, title: String = "", isOn: Bool? = nil) {
        self.init(key: key, title: title, value: isOn, format: .bool)
    }

    /// Whether the switch is on (`false` when it has no value). Setting it is a user edit.
    var isOn: Bool {
        get { value ?? false }
        set { value = newValue }
    }

    /// Flips the switch, as a user edit.
    func toggle() {
        isOn.toggle()
    }
}

extension FieldControl where Value: CaseIterable & Sendable {
    /// Creates a single choice among the cases of `Value`.
    ///
    /// - Parameters:
    ///   - key: The field key.
    ///   - title: The label.
    ///   - selection: The starting choice, or `nil` for none.
    public convenience init(key: String, title: String = "", selection: Value? = nil) {
        self.init(key: key, title: title, value: selection, format: .choice)
    }

    /// Every option, in declaration order.
    var options: [Value] { Array(Value.allCases) }

    /// Selects `option`, as a user edit.
    func select(_ option: Value) {
        value = option
    }

    /// Whether `option` is the current choice.
    func isSelected(_ option: Value) -> Bool {
        value == option
    }
}

extension FieldControl where Value == Int {
    /// Creates a whole-number field read from text.
    public convenience init(key: String, title: String = "", value: Int? = nil) {
        self.init(key: key, title: title, value: value, format: .integer)
    }
}

extension FieldControl where Value == Double {
    /// Creates a decimal-number field read from text into a `Double`.
    public convenience init(key: String, title: String = "", value: Double? = nil) {
        self.init(key: key, title: title, value: value, format: .number)
    }
}

extension FieldControl where Value == Decimal {
    /// Creates an exact decimal field read from text into a `Decimal`.
    public convenience init(key: String, title: String = "", value: Decimal? = nil) {
        self.init(key: key, title: title, value: value, format: .decimal)
    }
}

extension FieldControl where Value == Date {
    /// Creates a date field read from ISO 8601 text.
    public convenience init(key: String, title: String = "", date: Date? = nil) {
        self.init(key: key, title: title, value: date, format: .iso8601)
    }
}
