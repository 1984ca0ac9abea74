import Foundation

/// A fresh folder under the system's temporary folder, removed when the test is done with it.
public struct ScratchFolder {
    public let path: String

    public init(_ name: String = "scratch") throws {
        path = NSTemporaryDirectory() + "formcontext-\(name)-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    public func file(_ name: String) -> String { path + "/" + name }

    /// The names in the folder (hidden ones too), sorted.
    public func names(_ sub: String = "") -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: sub.isEmpty ? path : path + "/" + sub)) ?? []).sorted()
    }

    public func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}

/// A tiny tmpfs mounted for one test: a full disk, or a read-only file system that stops root too.
public struct TemporaryMount {
    public let path: String

    /// Whether this process may mount a tmpfs (it needs to be root, or hold the capability).
    public static let isAvailable: Bool = {
        guard let mount = try? TemporaryMount(sizeInKilobytes: 16) else { return false }
        mount.unmount()
        return true
    }()

    /// Mounts a tmpfs of `sizeInKilobytes`.
    public init(sizeInKilobytes: Int) throws {
        path = NSTemporaryDirectory() + "formcontext-mount-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        guard Self.run("/bin/mount", ["-t", "tmpfs", "-o", "size=\(sizeInKilobytes)k,mode=700", "tmpfs", path]) else {
            try? FileManager.default.removeItem(atPath: path)
            throw CocoaError(.fileWriteNoPermission)
        }
    }

    /// Makes the file system read-only: writes fail with EROFS, for root too.
    public func makeReadOnly() -> Bool {
        Self.run("/bin/mount", ["-o", "remount,ro", path])
    }

    public func unmount() {
        _ = Self.run("/bin/umount", [path])
        try? FileManager.default.removeItem(atPath: path)
    }

    private static func run(_ tool: String, _ arguments: [String]) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }
}
