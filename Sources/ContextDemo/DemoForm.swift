import FormContext
import Foundation

/// A control the demo can type text into, whatever its value type.
protocol DemoTextInput: AnyObject, Sendable {
    var key: String { get }
    var text: String { get set }
    var parseError: FormControlError? { get }
    func connect(to form: FormContextObject) throws(FormControlError)
}

extension FieldControl: DemoTextInput {}

/// One of the forms the demo can fill and submit.
struct DemoForm: Sendable {
    /// How `--add` types a row's fields: the fields by name, and the controls of one row, given the
    /// row's key prefix (`members.r2.`).
    struct RowControls: Sendable {
        let fields: [String]
        let make: @Sendable (_ prefix: String) -> [any DemoTextInput]
    }

    /// What a form may depend on besides its own fields.
    struct Setup: Sendable {
        /// The day calculations take as today (`--today`; the current date by default).
        var today: Date
    }

    /// The name given to `--form`.
    let name: String
    /// A one-line summary for `--help`.
    let summary: String
    /// The fields the form calculates: they have no control, and `--set` refuses them.
    var calculatedKeys: [String] = []
    /// The controls of a new row, by repeat group, for `--add`.
    var rowControls: [String: RowControls] = [:]
    /// The form's screens, as `--interactive` shows them.
    let screen: Screen
    /// Builds the live form with its default values and one connected control per field.
    let make: @Sendable (Setup) throws -> (FormContextObject, [any DemoTextInput])
    /// Turns the form's active values into the submission; the values as they are by default.
    var submit: @Sendable (FormContext) throws(FormBridgeError) -> FormContext = { $0 }

    /// The forms the demo knows, the default first.
    static let all: [DemoForm] = [.settings, .contact, .profile, .household, .members, .survey]

    /// The form used when `--form` is not given.
    static var `default`: DemoForm { all[0] }

    /// The form called `name`, if any.
    static func named(_ name: String) -> DemoForm? {
        all.first { $0.name == name }
    }

    /// The contact form of the original form-context example: first and last name.
    static let contact = DemoForm(name: "contact", summary: "first and last name (the original example)", screen: contactScreen) { _ in
        let form = FormContextObject(definition: try contactDefinition(), values: ["firstname": "Hello", "lastname": "World"])
        let controls: [any DemoTextInput] = [
            FieldControl<String>(key: "firstname", title: "First name"),
            FieldControl<String>(key: "lastname", title: "Last name"),
        ]
        for control in controls { try control.connect(to: form) }
        return (form, controls)
    }
}

/// The plan a profile subscribes to, for the demo's single-choice field.
enum Plan: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    case free, pro, team

    var description: String { rawValue }
}

extension DemoForm {
    /// A profile with one field of every control kind: text, secret text, integer, decimal, date, switch, choice.
    static let profile = DemoForm(
        name: "profile", summary: "one field of every kind: text, secret, number, date, switch, choice", screen: profileScreen
    ) { _ in
        let form = FormContextObject(definition: try profileDefinition())
        let controls: [any DemoTextInput] = [
            FieldControl<String>(key: "name", title: "Name", text: "Ada Lovelace"),
            FieldControl<String>(key: "password", title: "Password", text: "analytical", isSecure: true),
            FieldControl<Int>(key: "age", title: "Age", value: 36),
            FieldControl<Decimal>(key: "balance", title: "Balance", value: Decimal(string: "12.50")),
            FieldControl<Date>(key: "birthday", title: "Birthday", date: Date(timeIntervalSince1970: -4_861_728_000)),
            FieldControl<Bool>(key: "newsletter", title: "Newsletter", isOn: false),
            FieldControl<Plan>(key: "plan", title: "Plan", selection: .free),
        ]
        for control in controls { try control.connect(to: form) }
        return (form, controls)
    }
}

extension DemoForm {
    /// The contact form's fields: both names required, at most 40 characters.
    static func contactDefinition() throws -> FormDefinition {
        try FormDefinition([
            FieldDefinition(FormKey<String>("firstname"), validators: [.required(), .maxLength(40)]),
            FieldDefinition(FormKey<String>("lastname"), validators: [.required(), .maxLength(40)]),
        ])
    }

    /// The profile form's fields: a required name of letters, a password of at least 8 characters,
    /// an age between 0 and 150.
    static func profileDefinition() throws -> FormDefinition {
        try FormDefinition([
            FieldDefinition(FormKey<String>("name"), validators: [
                .required(),
                .pattern("[\\p{L}][\\p{L} .'-]*", message: "must be letters, spaces, dots, apostrophes or hyphens"),
            ]),
            FieldDefinition(FormKey<String>("password"), isSecure: true, validators: [.required(), .minLength(8)]),
            FieldDefinition(FormKey<Int>("age"), validators: [.range(0...150)]),
            FieldDefinition(FormKey<Decimal>("balance")),
            FieldDefinition(FormKey<Date>("birthday")),
            FieldDefinition(FormKey<Bool>("newsletter")),
            FieldDefinition(FormKey<Plan>("plan")),
        ])
    }
}
