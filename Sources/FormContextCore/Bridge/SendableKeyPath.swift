/// A writable key path that may be shared between threads.
///
/// `@unchecked Sendable` is sound: a key path is an immutable object, and the only state it can
/// carry is the arguments of subscripts it goes through. Every path stored here is either one the
/// caller passed as `WritableKeyPath & Sendable` (so its captured arguments are `Sendable`) or the
/// result of appending two such paths, which captures nothing more than they do.
struct SendableKeyPath<Root, Value>: @unchecked Sendable {
    let path: WritableKeyPath<Root, Value>

    init(_ path: any WritableKeyPath<Root, Value> & Sendable) {
        self.path = path
    }

    private init(unchecked path: WritableKeyPath<Root, Value>) {
        self.path = path
    }

    /// This path, reached from `Parent` through `outer`.
    func prepending<Parent>(_ outer: SendableKeyPath<Parent, Root>) -> SendableKeyPath<Parent, Value> {
        SendableKeyPath<Parent, Value>(unchecked: outer.path.appending(path: path))
    }
}
