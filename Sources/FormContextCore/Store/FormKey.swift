import Synchronization

/// A field name together with the type of value stored under it.
///
/// A `FormKey` lets call sites read a ``FormContext``, a ``FormContextObject`` or any other
/// ``FormReader`` without casts. Writes take the key's ``name``:
///
/// ```swift
/// let age = FormKey<Int>("age")
/// var context: FormContext = [:]
/// context.set(42, for: age.name)
/// let years: Int? = context[age]   // 42
/// ```
///
/// A live form's typed, writable accessor is ``FormContextObject/subscript(edit:default:)``, whose
/// writes are user edits.
///
/// Keys are literal: a dot in a name is an ordinary character, never a path separator.
public struct FormKey<Value: Hashable & Sendable>: Hashable, Sendable, CustomStringConvertible {
    /// The field name the value is stored under.
    public let name: String

    /// Creates a key for the field called `name`.
    ///
    /// - Parameter name: The field name, used literally.
    public init(_ name: String) {
        self.name = name
    }

    /// The name of the value type, as used in error messages.
    static var valueTypeName: String { typeName(of: Value.self) }

    /// The key as `name: Type`, for example `age: Int`.
    public var description: String { "\(name): \(Self.valueTypeName)" }
}

/// The short name of a type, as shown in error messages (`Int`, `String`, `ShowPreview`).
///
/// Naming a type reflects on it, which costs far more than looking the name up, so each type's name
/// is made once.
@usableFromInline
func typeName(of type: Any.Type) -> String {
    TypeNames.shared.name(of: type)
}

/// The names of the types asked about so far.
final class TypeNames: Sendable {
    static let shared = TypeNames()
    private let names = Mutex<[ObjectIdentifier: String]>([:])

    /// The name of `type`, made the first time it is asked for.
    func name(of type: Any.Type) -> String {
        let id = ObjectIdentifier(type)
        if let name = names.withAnnotatedLock({ $0[id] }) { return name }
        let name = String(describing: type)
        names.withAnnotatedLock { $0[id] = name }
        return name
    }
}
