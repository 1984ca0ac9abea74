public import Foundation

/// A form's whole editing state, as a draft file holds it: values, initial values, which fields were
/// touched, hidden or disabled, which are secret, and the identity and version of the form's definition.
///
/// Save one with ``DraftStore/save(_:)-(FormContextObject)`` or let ``DraftAutosave`` do it; bring it
/// back with ``FormContextObject/restore(_:)``.
public struct FormDraft: Sendable, Equatable {
    /// The ``FormDefinition/identifier`` of the form the draft was saved from.
    public var formIdentifier: String
    /// The ``FormDefinition/version`` of the form the draft was saved from.
    public var formVersion: Int
    /// When the draft was saved.
    public var savedAt: Date
    /// The values; the secret keys are marked secret.
    public var values: FormContext
    /// The initial values (what the form started from or was last reset to).
    public var initialValues: FormContext
    /// The fields that had been touched.
    public var touchedKeys: Set<String>
    /// The fields that were hidden.
    var hiddenKeys: Set<String>
    /// The fields that were disabled.
    var disabledKeys: Set<String>
    /// The secret fields whose values the file does not hold (``DraftSecretPolicy/omit``); restoring
    /// leaves their values as the form has them.
    public var omittedSecretKeys: Set<String>
    /// The fields read from the file that could not be restored, with the reason for each: a field the
    /// form no longer has, or a value that no longer fits its field's type.
    public var skippedKeys: [String: String]

    /// Creates a draft.
    ///
    /// - Parameters:
    ///   - formIdentifier: The form's identifier.
    ///   - formVersion: The form's version.
    ///   - savedAt: When it was saved.
    ///   - values: The values, secret keys marked.
    ///   - initialValues: The initial values.
    ///   - touchedKeys: The touched fields.
    ///   - hiddenKeys: The hidden fields.
    ///   - disabledKeys: The disabled fields.
    ///   - omittedSecretKeys: The secret fields whose values are not held.
    ///   - skippedKeys: Fields that could not be read back, with reasons.
    init(
        formIdentifier: String = "form", formVersion: Int = 1, savedAt: Date = Date(), values: FormContext = FormContext(),
        initialValues: FormContext = FormContext(), touchedKeys: Set<String> = [], hiddenKeys: Set<String> = [],
        disabledKeys: Set<String> = [], omittedSecretKeys: Set<String> = [], skippedKeys: [String: String] = [:]
    ) {
        self.formIdentifier = formIdentifier
        self.formVersion = formVersion
        self.savedAt = savedAt
        self.values = values
        self.initialValues = initialValues
        self.touchedKeys = touchedKeys
        self.hiddenKeys = hiddenKeys
        self.disabledKeys = disabledKeys
        self.omittedSecretKeys = omittedSecretKeys
        self.skippedKeys = skippedKeys
    }

    /// The fields whose value differs from their initial value.
    ///
    /// - Complexity: O(*n*) for *n* keys.
    var dirtyKeys: Set<String> {
        Set(values.keys).union(initialValues.keys).filter { !isSameValue(values.storage[$0], initialValues.storage[$0]) }
    }

    /// The secret fields.
    var secureKeys: Set<String> { values.secureKeys.union(initialValues.secureKeys) }

    /// Every key the draft mentions.
    var allKeys: Set<String> {
        Set(values.keys).union(initialValues.keys).union(touchedKeys).union(hiddenKeys).union(disabledKeys)
            .union(secureKeys).union(omittedSecretKeys)
    }
}
