import Foundation
import Synchronization
import Testing

@testable import FormContextCore

/// A level whose raw value is itself a secret.
enum SecretLevel: String, Hashable, Sendable, Codable {
    case low, high
}

/// A model with a secret stored as the raw value of an enum.
struct Clearance: Hashable, Sendable, Codable {
    var level: SecretLevel = .low

    static let bridge = FormBridge<Clearance> { bridge in
        bridge.bind(FormKey<String>("level"), toRawValueOf: \.level, isSecure: true)
    }
}

/// Everything a value can be printed through, joined, to look for a secret in.
func everyOutput(of value: Any) -> String {
    var dumped = ""
    dump(value, to: &dumped)
    return [String(describing: value), String(reflecting: value), "\(value)", dumped].joined(separator: "\n")
}

/// Secrecy belongs to the key: whoever marked it secret, no output shows its text.
@Suite("Secret keys")
struct SecretKeyTests {
    static let secret = "TOPSECRET-hunter2"

    @Test("an unknown raw value of a secure binding is masked in every output of the error")
    func rawValueErrorIsMasked() throws {
        var context = Clearance.bridge.context(from: Clearance())
        context.set(Self.secret, for: "level")
        var model = Clearance()
        do {
            try Clearance.bridge.write(context, into: &model)
            Issue.record("the write succeeded")
        } catch {
            #expect(error == .unknownRawValue(key: "level", type: "SecretLevel", text: FormContext.secretMask))
            #expect(error.description == "unknown value for key 'level': '••••••' is not a raw value of SecretLevel")
            #expect(!everyOutput(of: error).contains("hunter2"))
        }
        #expect(throws: FormBridgeError.self) { try Clearance.bridge.write(Self.secret, for: "level", into: &model) }
    }

    @Test("a live binding's lastError, errors and onError never carry the secret")
    func modelBindingErrorsAreMasked() {
        let form = FormContextObject()
        let binding = ModelBinding(Clearance(), bridge: Clearance.bridge, form: form)
        let received = Mutex<[FormBridgeError]>([])
        let watch = binding.onError { error in received.withLock { $0.append(error) } }
        form.set(Self.secret, for: "level", origin: .user)
        let errors = [binding.lastError, binding.errors["level"]].compactMap { $0 } + received.withLock { $0 }
        #expect(errors.count == 3)
        for error in errors {
            #expect(!everyOutput(of: error).contains("hunter2"), "\(error)")
        }
        watch.cancel()
    }

    @Test("a live binding masks its errors for a key the form holds secret though the binding does not")
    func modelBindingMasksErrorsOfKeysTheFormHoldsSecret() {
        let plain = FormBridge<Clearance> { $0.bind(FormKey<String>("level"), toRawValueOf: \.level) }
        let form = FormContextObject()
        form.setSecure(true, for: "level")
        let binding = ModelBinding(Clearance(), bridge: plain, form: form)
        form.set(Self.secret, for: "level", origin: .user)
        let error = binding.lastError
        #expect(error == .unknownRawValue(key: "level", type: "SecretLevel", text: FormContext.secretMask))
        #expect(!everyOutput(of: binding.errors).contains("hunter2"))
    }

    /// Ways a key becomes secret in a form without its control being secure.
    enum SecretSource: String, CaseIterable, Sendable {
        case setSecure, definition, bridgeBinding
    }

    @Test("a plain control on a key the form holds secret masks the text it could not read", arguments: SecretSource.allCases)
    func parseErrorOfSecretKey(source: SecretSource) throws {
        struct Pin: Hashable, Sendable { var pin = 1234 }
        let form: FormContextObject
        var binding: ModelBinding<Pin>?
        switch source {
        case .setSecure:
            form = FormContextObject()
            form.setSecure(for: "pin")
        case .definition:
            form = FormContextObject(definition: try FormDefinition([FieldDefinition(FormKey<Int>("pin"), isSecure: true)]))
        case .bridgeBinding:
            form = FormContextObject()
            binding = ModelBinding(Pin(), bridge: FormBridge { $0.bind(FormKey<Int>("pin"), to: \.pin, isSecure: true) }, form: form)
        }
        let control = FieldControl<Int>(key: "pin", title: "PIN")
        try control.connect(to: form)
        control.text = "12345x"
        #expect(control.parseError == .unparsableText(key: "pin", text: FormContext.secretMask, expected: "Int"))
        #expect(!everyOutput(of: control.parseError as Any).contains("12345x"))
        #expect(form.context.lines().allSatisfy { !$0.contains("12345") })
        withExtendedLifetime(binding) {}
    }

    @Test("a control on a key that is not secret shows the text it could not read")
    func parseErrorOfPlainKey() throws {
        let form = FormContextObject()
        let control = FieldControl<Int>(key: "age")
        try control.connect(to: form)
        control.text = "4x"
        #expect(control.parseError == .unparsableText(key: "age", text: "4x", expected: "Int"))
    }

    @Test("dump of a field definition masks a secret default")
    func fieldDefinitionDump() throws {
        let field = FieldDefinition(FormKey<String>("password"), default: Self.secret, isSecure: true, validators: [.minLength(8)])
        #expect(!everyOutput(of: field).contains("hunter2"))
        #expect(everyOutput(of: field).contains("password"))
        let definition = try FormDefinition([field])
        #expect(!everyOutput(of: definition).contains("hunter2"))
        let plain = FieldDefinition(FormKey<String>("name"), default: "Ada")
        #expect(everyOutput(of: plain).contains("Ada"))
    }

    @Test("dump of a transaction masks the writes of secret keys")
    func transactionDump() {
        let form = FormContextObject(["name": "Ada"])
        form.setSecure(for: "password")
        form.transaction { batch in
            batch.set(Self.secret, for: "password")
            batch.set("Grace", for: "name")
            #expect(!everyOutput(of: batch).contains("hunter2"))
            #expect(everyOutput(of: batch).contains("Grace"))
        }
        #expect(form["password"] == AnyHashable(Self.secret))
    }
}
