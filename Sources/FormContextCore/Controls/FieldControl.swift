public import Observation
import Synchronization

/// The model of a control bound to one field of a form: text fields, toggles, choices, numbers, dates.
///
/// A control works on its own until it is connected; then it is two-way: a user edit (setting
/// ``value`` or ``text``) is written into the form with origin ``FormChangeOrigin/user``, and any
/// change of the field in the form (a reset, a load, another control, a calculation) flows back
/// into the control.
///
/// ```swift
/// let form = FormContextObject()
/// let age = FieldControl<Int>(key: "age", title: "Age")
/// try age.connect(to: form)
/// age.text = "42"        // form["age"] is now 42
/// age.text = "4x"        // form keeps 42; age.parseError names the key and the text
/// // A read-only field (FieldDefinition.readOnly(when:)) refuses edits: the form keeps its value,
/// // the control shows it again, and parseError is FormControlError.readOnly(key: "age").
/// form.reset()           // age.value is nil again
/// ```
///
/// The control is `Observable` (``value``, ``text``, ``parseError``) and safe from any thread.
public final class FieldControl<Value: Hashable & Sendable>: Observable, Sendable {
    private struct Storage {
        var value: Value?
        var text: String
        var parseError: FormControlError?
        var form: FormContextObject?
        var subscription: FormSubscription?
    }

    /// The key of the field the control edits.
    public let key: String
    /// The label shown beside the control.
    public let title: String
    /// Whether the value is secret: a secure text field; the form masks it in every description.
    public let isSecure: Bool
    /// How the value is shown as text and read back.
    let format: FieldFormat<Value>

    private let storage: Mutex<Storage>
    private let registrar = ObservationRegistrar()

    /// Creates a control that is not yet connected to any form.
    ///
    /// - Parameters:
    ///   - key: The field key.
    ///   - title: The label.
    ///   - value: The starting value; written into the form on connection if the form has none.
    ///   - format: How the value is shown as text and read back.
    ///   - isSecure: Whether the value is secret.
    public init(key: String, title: String = "", value: Value? = nil, format: FieldFormat<Value>, isSecure: Bool = false) {
        self.key = key
        self.title = title
        self.format = format
        self.isSecure = isSecure
        storage = Mutex(Storage(value: value, text: format.format(value)))
    }

    deinit {
        let (form, subscription) = storage.withAnnotatedLock { ($0.form, $0.subscription) }
        subscription?.cancel()
        form?.unregisterControl(key: key)
    }

    // MARK: State

    /// The current value. Setting it is a user edit: it clears any parse error and is written into the form.
    public var value: Value? {
        get {
            registrar.access(self, keyPath: \.value)
            return storage.withAnnotatedLock { $0.value }
        }
        set { edit(value: newValue, text: format.format(newValue)) }
    }

    /// The value as text. Setting it parses the text: a valid text is a user edit; an invalid one
    /// leaves the value (and the form) alone and sets ``parseError``.
    public var text: String {
        get {
            registrar.access(self, keyPath: \.text)
            return storage.withAnnotatedLock { $0.text }
        }
        set {
            // Secrecy belongs to the key: the form may hold it secret though this control is not secure.
            switch format.commit(newValue, for: key, isSecret: isSecure || form?.isSecret(key) == true) {
            case .success(let parsed):
                edit(value: parsed, text: newValue)
            case .failure(let error):
                let form = storage.withAnnotatedLock {
                    $0.text = newValue
                    $0.parseError = error
                    return $0.form
                }
                form?.controlText(of: key, isPending: true)
                announce()
            }
        }
    }

    /// Why the last text did not parse, why the last edit was refused (the field is read-only:
    /// ``FormControlError/readOnly(key:)``), or why the form's value cannot be shown; `nil` when all
    /// is well.
    public var parseError: FormControlError? {
        registrar.access(self, keyPath: \.parseError)
        return storage.withAnnotatedLock { $0.parseError }
    }

    /// The form the control is connected to, if any.
    var form: FormContextObject? {
        storage.withAnnotatedLock { $0.form }
    }

    /// Whether the control is connected to a form; one that is not keeps working on its own.
    var isConnected: Bool { form != nil }

    /// Marks the field touched in the form, as when the control loses focus; a form that validates
    /// on blur (or on change) validates the field.
    public func blur() {
        form?.blur(key)
    }

    // MARK: Connecting

    /// Connects the control to `form`.
    ///
    /// If the form knows the key (it has a value, or an initial value, for it), the control shows the
    /// form's value. Otherwise the control's own value (if any) is written into the form with origin
    /// ``FormChangeOrigin/program`` and becomes the key's initial value too: a control's starting value
    /// is the field's default, so the form stays clean and ``FormContextObject/reset(keeping:origin:)`` returns
    /// to it. A secure control marks the key secret before any value is written.
    ///
    /// - Throws: ``FormControlError/alreadyConnected(key:)`` if the control is connected already;
    ///   ``FormControlError/conflictingValueType(key:existing:new:)`` if a control of another value type
    ///   is connected to the same key; ``FormControlError/typeMismatch(key:expected:found:)`` if the
    ///   form's value has another type. On any error the control stays as it was and the form unchanged.
    public func connect(to form: FormContextObject) throws(FormControlError) {
        let own = try storage.withAnnotatedLock { storage throws(FormControlError) in
            guard storage.form == nil else { throw .alreadyConnected(key: key) }
            storage.form = form
            return storage.value
        }
        do throws(FormControlError) {
            let subscription = try form.attachControl(key: key, value: own, isSecure: isSecure) { [weak self] change in
                self?.receive(change.newValue)
            }
            storage.withAnnotatedLock { $0.subscription = subscription }
        } catch {
            storage.withAnnotatedLock { $0.form = nil }
            throw error
        }
    }

    /// Disconnects the control from its form; it keeps its value and works on its own.
    public func disconnect() {
        let (form, subscription) = storage.withAnnotatedLock { storage in
            defer {
                storage.form = nil
                storage.subscription = nil
            }
            return (storage.form, storage.subscription)
        }
        subscription?.cancel()
        form?.unregisterControl(key: key)
    }

    // MARK: Internals

    private func edit(value: Value?, text: String) {
        let form = storage.withAnnotatedLock { storage in
            storage.value = value
            storage.text = text
            storage.parseError = nil
            return storage.form
        }
        announce()
        guard let refused = form?.userEdit(value, for: key) else { return }
        // A read-only field keeps its value: the control shows it again, and says why.
        storage.withAnnotatedLock { storage in
            let kept = refused.kept?.base as? Value
            storage.value = kept
            storage.text = format.format(kept)
            storage.parseError = refused.error
        }
        announce()
    }

    /// Takes a value that changed in the form.
    private func receive(_ newValue: AnyHashable?) {
        let typed = newValue?.base as? Value
        let changed = storage.withAnnotatedLock { storage in
            if let newValue, typed == nil {
                storage.parseError = .typeMismatch(
                    key: key, expected: typeName(of: Value.self), found: typeName(of: type(of: newValue.base)))
                return true
            }
            guard storage.value != typed || storage.parseError != nil else { return false }
            storage.value = typed
            storage.text = format.format(typed)
            storage.parseError = nil
            return true
        }
        if changed { announce() }
    }

    private func announce() {
        registrar.willSet(self, keyPath: \.value)
        registrar.willSet(self, keyPath: \.text)
        registrar.willSet(self, keyPath: \.parseError)
        registrar.didSet(self, keyPath: \.value)
        registrar.didSet(self, keyPath: \.text)
        registrar.didSet(self, keyPath: \.parseError)
    }
}
