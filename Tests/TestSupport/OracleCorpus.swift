public import Foundation

/// Where the oracle corpus is: `$ORACLE_CORPUS`, or `../shared/oracle-corpus` beside the package.
/// The corpus holds forms written by others: it is read where it is, never copied into the package.
public enum OracleCorpus {
    /// Whether the tests run under continuous integration (`CI` set, and not to `false` or `0`),
    /// where a missing corpus is a failure rather than a skip.
    public static let isCI = ProcessInfo.processInfo.environment["CI"].map { !$0.isEmpty && $0 != "false" && $0 != "0" } ?? false

    /// The corpus folder, or `nil` when it is not there.
    public static let folder: URL? = {
        let named = ProcessInfo.processInfo.environment["ORACLE_CORPUS"].map { URL(fileURLWithPath: $0) }
        let folder = named ?? DocSnippet.packageRoot.deletingLastPathComponent().appendingPathComponent("shared/oracle-corpus")
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder) && isFolder.boolValue ? folder : nil
    }()

    /// The forms' names (`NAME` of each `NAME.xml`), sorted; empty without the corpus.
    public static let forms: [String] = {
        guard let folder else { return [] }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".xml") }.map { String($0.dropLast(4)) }.sorted()
    }()

    /// What to say when the corpus is missing.
    public static let missing = "the oracle corpus is missing: set ORACLE_CORPUS or place it at ../shared/oracle-corpus beside the package"
}
