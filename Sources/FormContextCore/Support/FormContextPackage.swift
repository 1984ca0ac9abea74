/// Facts about this package as a whole.
public enum FormContextPackage {
    /// The package's version, following Semantic Versioning (see `CHANGELOG.md`); the one place it is
    /// kept. `ContextDemo --version` prints it.
    public static let version = "0.1.0"
}
