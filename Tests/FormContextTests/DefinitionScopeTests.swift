@testable import FormContextCore
import Testing

@testable import ContextDemo

@Suite("Scoped form definitions")
struct DefinitionScopeTests {
    /// A definition written for a nested model: a name, a password and its confirmation.
    static let account: FormDefinition = {
        try! FormDefinition(
            [
                FieldDefinition(FormKey<String>("name"), default: "ada", validators: [.required(), .maxLength(5)]),
                FieldDefinition(FormKey<String>("password"), isSecure: true, validators: [.required()]),
                FieldDefinition(FormKey<String>("confirm"), isSecure: true, validators: [
                    .equals("password"), .custom("notName", message: "must differ from the name", dependsOn: ["name"]) { value, values in
                        value != values[FormKey<String>("name")]
                    }.warning(),
                ]),
            ],
            validators: [
                FormValidator("complete", message: "name and password are both needed") { values in
                    values.contains("name") == values.contains("password")
                },
            ])
    }()

    @Test("every key, default, secret and dependency moves under the prefix")
    func keysMove() {
        let scoped = Self.account.scoped(in: FormScope("user"))
        #expect(scoped.keys == ["user.name", "user.password", "user.confirm"])
        #expect(scoped.defaults == ["user.name": "ada"])
        #expect(scoped.secureKeys == ["user.password", "user.confirm"])
        #expect(scoped.field("user.confirm")?.dependencies == ["user.password", "user.name"])
        #expect(scoped.position(of: "user.password") == 1)
        #expect(scoped.field("name") == nil)
    }

    @Test("the root scope changes nothing")
    func rootScope() {
        #expect(Self.account.scoped(in: .root).keys == Self.account.keys)
        #expect(Self.account.scoped(in: FormScope("")).keys == Self.account.keys)
    }

    @Test("a scoped definition reports the same issues as the original, on the scoped keys")
    func sameIssuesScoped() {
        let values: FormContext = ["name": "adalovelace", "password": "x", "confirm": "adalovelace"]
        var scopedValues = FormContext()
        for key in values.sortedKeys { scopedValues.set(values[FormKey<String>(key)], for: "user." + key) }

        let original = Self.account.validate(values)
        let scoped = Self.account.scoped(in: FormScope("user")).validate(scopedValues)
        #expect(original.lines == ["name: must be at most 5 characters", "confirm: must match password"])
        #expect(scoped.lines == ["user.name: must be at most 5 characters", "user.confirm: must match password"])
        #expect(scoped.warnings.map(\.description) == ["user.confirm: must differ from the name"])
        #expect(scoped.firstInvalidKey == "user.name")
    }

    @Test("validators read their fields inside the scope, not the parent's fields of the same name")
    func readsStayInScope() {
        let scoped = Self.account.scoped(in: FormScope("user"))
        let values: FormContext = [
            "password": "outer", "name": "outer",
            "user.name": "ada", "user.password": "inner", "user.confirm": "inner",
        ]
        #expect(scoped.validate(values) == ValidationReport())
    }

    @Test("scopes nest two levels deep")
    func twoLevels() {
        let nested = Self.account.scoped(in: FormScope("user")).scoped(in: FormScope("team"))
        #expect(nested.keys == ["team.user.name", "team.user.password", "team.user.confirm"])
        let report = nested.validate(["team.user.name": "ada", "team.user.password": "a", "team.user.confirm": "b"])
        #expect(report.lines == ["team.user.confirm: must match password"])
        #expect(Self.account.scoped(in: FormScope("team").appending("user")).keys == nested.keys)
    }

    @Test("a scoped form-level validator sees the scope's values without the prefix")
    func formLevelInScope() {
        let scoped = Self.account.scoped(in: FormScope("user"))
        #expect(scoped.validate(["user.name": "ada"]).formErrors.map(\.message) == ["name and password are both needed"])
        #expect(scoped.validate(["user.name": "ada", "password": "not in scope"]).formErrors.count == 1)
        #expect(scoped.validate(["user.name": "ada", "user.password": "p", "user.confirm": "p"]).isValid)
    }

    @Test("merging puts a scoped definition beside the parent's fields; shared keys are refused")
    func merging() throws {
        let parent = try FormDefinition([FieldDefinition(FormKey<String>("team"), validators: [.required()])])
        let whole = try parent.merging(Self.account.scoped(in: FormScope("user")))
        #expect(whole.keys == ["team", "user.name", "user.password", "user.confirm"])
        #expect(whole.validate(["user.name": "ada", "user.password": "p", "user.confirm": "q"]).lines == [
            "team: is required", "user.confirm: must match password",
        ])
        #expect(throws: FormDefinitionError.duplicateKey("team")) { try parent.merging(parent) }
    }

    @Test("a live form validates scoped fields, including asynchronous validators")
    func liveScoped() async throws {
        let taken = try FormDefinition([
            FieldDefinition(FormKey<String>("login"), asyncValidators: [
                AsyncValidator("available") { login in login == "root" ? "is taken" : nil },
            ]),
        ])
        let form = FormContextObject(definition: taken.scoped(in: FormScope("user")), options: ValidationOptions(mode: .onChange))
        form.set("root", for: "user.login", origin: .user)
        await form.waitForValidation()
        #expect(form.errors(for: "user.login").map(\.description) == ["user.login: is taken"])
        form.set("ada", for: "user.login", origin: .user)
        await form.waitForValidation()
        #expect(form.errors(for: "user.login").isEmpty)
    }

    @Test("the demo's settings are validated by the hotspot definition, scoped like its bridge")
    func settingsDefinition() {
        #expect(Settings.definition.keys == Settings.bridge.keys.sorted { lhs, rhs in
            Settings.definition.position(of: lhs)! < Settings.definition.position(of: rhs)!
        })
        #expect(Set(Settings.definition.keys) == Set(Settings.bridge.keys))
        #expect(Settings.definition.validate(Settings.bridge.context(from: Settings())).isValid)
        var values = Settings.bridge.context(from: Settings())
        values.set("", for: "hotspot.networkName")
        values.set("Sometimes", for: "hotspot.showPreview")
        #expect(Settings.definition.validate(values).lines == [
            "hotspot.networkName: is required", "hotspot.showPreview: must be one of Always, When Unlocked, Never",
        ])
    }
}
