/// Why a ``FormDefinition`` could not be built.
public enum FormDefinitionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A validator of the field `key` has a regular expression that does not compile.
    case invalidPattern(key: String, pattern: String)
    /// Two fields have the same key.
    case duplicateKey(String)
    /// A validator of the field `key` reads the field `dependency`, which the definition does not have.
    case unknownDependency(key: String, dependency: String)
    /// The calculation of the field `key` returns `found`, not the field's type `expected`.
    case calculationType(key: String, expected: String, found: String)
    /// Two groups have the same scope.
    case duplicateGroup(String)
    /// The repeat group `key` cannot be built as given; `problem` says why.
    case invalidRepeatGroup(key: String, problem: String)

    /// A one-line message naming the field and what is wrong with it.
    public var description: String {
        switch self {
        case .invalidPattern(let key, let pattern):
            "invalid pattern '\(pattern)' for field '\(key)'"
        case .duplicateKey(let key):
            "field '\(key)' is defined more than once"
        case .unknownDependency(let key, let dependency):
            "field '\(key)' refers to unknown field '\(dependency)'"
        case .calculationType(let key, let expected, let found):
            "the calculation of field '\(key)' returns \(found), but the field holds \(expected)"
        case .duplicateGroup(let prefix):
            "group '\(prefix)' is defined more than once"
        case .invalidRepeatGroup(let key, let problem):
            "repeat group '\(key)': \(problem)"
        }
    }
}
