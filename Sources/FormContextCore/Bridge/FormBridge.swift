/// A typed, two-way map between the keys of a form and the properties of a model.
///
/// Each binding pairs a ``FormKey`` with a writable key path of `Model`. The bridge makes a
/// ``FormContext`` from a model (``context(from:)``), fills a live form from a model
/// (``fill(_:from:origin:)``), and writes a context back into a model; nested models bind under a
/// key prefix (``bind(_:to:under:)``), so `Settings.hotspot.password` is the key `hotspot.password`.
///
/// ```swift
/// let bridge = FormBridge<Hotspot> { bridge in
///     bridge.bind(FormKey<Bool>("isEnabled"), to: \.isEnabled)
///     bridge.bind(FormKey<String>("password"), to: \.password, isSecure: true)
///     bridge.bind(FormKey<String>("showPreview"), toRawValueOf: \.showPreview)
/// }
/// var context = bridge.context(from: Hotspot())
/// context.set("secret", for: "password")
/// var hotspot = Hotspot()
/// try bridge.write(context, into: &hotspot)
/// ```
///
/// Writing is all or nothing: if any key is missing or holds the wrong type, the model and every
/// object it reaches through a key path are left exactly as they were, and the error names the key,
/// the expected type and the found type.
///
/// - Optional properties map to absent keys: `nil` removes the key, an absent key reads as `nil`.
/// - Enums are stored either as themselves (`bind(_:to:isSecure:)`) or as their raw value
///   (`bind(_:toRawValueOf:isSecure:)`), chosen per binding.
/// - An array of models maps to the rows of a repeat group (``bindRows(_:to:under:newElement:)``),
///   each element carried by a bridge of its own.
///
/// A bridge is a `Sendable` value: declare it once (a `static let`) and share it.
///
/// ## Performance
/// Filling and writing cost one key-path access, one hash-table operation and one cast per
/// binding; key prefixes are joined once, when the bridge is declared.
public struct FormBridge<Model>: Sendable {
    var bindings: [any BridgeBinding<Model>] = []
    var indexByKey: [String: Int] = [:]
    /// The array properties bound to repeat groups, in the order they were declared.
    var rowBindings: [any RowsBridgeBinding<Model>] = []
    /// For each binding, the key paths that reach its property: the property's own path, and the
    /// path of every nested model it lives in (`\Settings.hotspot` for `hotspot.password`).
    var reachingPaths: [[ModelPath]] = []
    /// The bindings each of those paths reaches, so a change through one path finds them in O(1).
    var bindingsByPath: [ModelPath: [Int]] = [:]
    /// Whether some binding writes through a class reference, so a write must check every value first.
    var writesThroughReferences = false

    /// Creates a bridge with no bindings.
    init() {}

    /// Creates a bridge and declares its bindings in `declare`.
    ///
    /// - Parameter declare: Adds the bindings to the bridge it is given.
    public init(_ declare: (inout FormBridge<Model>) -> Void) {
        declare(&self)
    }

    /// The bound keys, in the order they were declared; the groups arrays are bound to are in
    /// the keys of the groups bound with ``bindRows(_:to:under:newElement:)``.
    ///
    /// - Complexity: O(*n*) for *n* bindings.
    var keys: [String] { bindings.map(\.key) }

    /// The keys whose values are secret.
    ///
    /// - Complexity: O(*n*) for *n* bindings.
    var secureKeys: Set<String> { Set(bindings.lazy.filter(\.isSecure).map(\.key)) }

    /// The name of the type each key stores (`Bool`, `String`), by key.
    ///
    /// For a raw-value binding this is the raw value's type; for an optional one, the wrapped type.
    ///
    /// - Complexity: O(*n*) for *n* bindings.
    var storedTypes: [String: String] {
        Dictionary(bindings.map { ($0.key, $0.expected) }, uniquingKeysWith: { _, last in last })
    }

    /// The number of bindings.
    var count: Int { bindings.count }

    /// Adds `binding`, replacing an earlier binding of the same key.
    ///
    /// - Parameters:
    ///   - binding: The binding.
    ///   - reaching: The paths of the nested models the property lives in, outermost first; the
    ///     property's own path is added here.
    mutating func add(_ binding: any BridgeBinding<Model>, reaching: [ModelPath] = []) {
        if binding.writesThroughReference { writesThroughReferences = true }
        let paths = reaching + [ModelPath(binding.keyPath)]
        if let index = indexByKey[binding.key] {
            bindings[index] = binding
            reachingPaths[index] = paths
            bindingsByPath = [:]
            for (index, paths) in reachingPaths.enumerated() {
                for path in paths { bindingsByPath[path, default: []].append(index) }
            }
        } else {
            indexByKey[binding.key] = bindings.count
            for path in paths { bindingsByPath[path, default: []].append(bindings.count) }
            bindings.append(binding)
            reachingPaths.append(paths)
        }
    }

    /// The positions of the bindings whose property `path` reaches: the property itself, or a nested
    /// model holding bound properties; `nil` when `path` is neither.
    ///
    /// - Complexity: O(1) to find them.
    func bindings(reachedBy path: AnyKeyPath) -> [Int]? {
        bindingsByPath[ModelPath(path)]
    }
}

/// A key path into a model, as a `Sendable`, hashable value.
struct ModelPath: Hashable, @unchecked Sendable {
    // `@unchecked Sendable` is sound for the reason given on `SendableKeyPath`: every path stored
    // here was passed in as `Sendable` or appended from two such paths.
    let path: AnyKeyPath

    init(_ path: AnyKeyPath) {
        self.path = path
    }

    /// This path, reached from a parent model through `outer`.
    func prepending(_ outer: AnyKeyPath) -> ModelPath {
        ModelPath(outer.appending(path: path) ?? path)
    }
}
