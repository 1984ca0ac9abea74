import FormContextCore

/// Whether a draft file holds the values of secret fields (passwords).
public enum DraftSecretPolicy: String, Hashable, Sendable, CaseIterable {
    /// Secret values are left out of the file (the default): a restored form keeps the secret values
    /// it has, and the draft lists the keys in ``FormDraft/omittedSecretKeys``.
    case omit
    /// Secret values are written into the file in clear text, readable by whoever can read the file
    /// (it is created readable by its owner only). Choose it only where the device protects its files.
    case include
}
