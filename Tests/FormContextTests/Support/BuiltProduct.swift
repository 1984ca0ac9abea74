import Foundation

/// The executables the package builds beside the test bundle, which the tests run as processes.
enum BuiltProduct {
    /// The executable `name` built beside the test bundle.
    ///
    /// - Throws: `CocoaError(.fileNoSuchFile)` naming every place looked at, when none holds it.
    static func url(named name: String) throws -> URL {
        let candidates = [
            Bundle.main.bundleURL,
            Bundle.main.bundleURL.deletingLastPathComponent(),
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
        ].map { $0.appendingPathComponent(name) }
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: candidates.map(\.path).joined(separator: ", ")])
        }
        return found
    }
}
