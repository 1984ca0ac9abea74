import Foundation
import Testing
import TestSupport

@testable import FormContextCore
@testable import FormContextDurability

@Suite("Atomic files")
struct AtomicFileTests {
    @Test("creates and replaces a file, owner-only, leaving no temporary file")
    func writesAndReplaces() throws {
        let folder = try ScratchFolder("atomic")
        defer { folder.remove() }
        let path = folder.file("data.txt")
        try AtomicFile.write(Array("first".utf8), to: path)
        try AtomicFile.write(Array("second, longer".utf8), to: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "second, longer")
        #expect(folder.names() == ["data.txt"])
        let permissions = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(permissions == 0o600)
    }

    @Test("a missing folder is an error naming the file and the step")
    func missingFolder() throws {
        let path = "/nonexistent-\(UUID().uuidString.prefix(6))/data.txt"
        #expect(throws: FileOperationError(
            path: path, operation: "save", step: "create a temporary file", code: ENOENT, reason: "No such file or directory")
        ) { try AtomicFile.write([1], to: path) }
    }

    @Test("a failed rename leaves the target and removes the temporary file")
    func failedRename() throws {
        let folder = try ScratchFolder("atomic")
        defer { folder.remove() }
        let target = folder.file("target")
        try FileManager.default.createDirectory(atPath: target + "/inside", withIntermediateDirectories: true)
        do {
            try AtomicFile.write([1, 2, 3], to: target)
            Issue.record("a file cannot replace a folder that is not empty")
        } catch {
            #expect(error.step == "rename into place")
            #expect(error.description.hasPrefix("cannot save '\(target)': rename into place failed: "))
        }
        #expect(folder.names() == ["target"])
    }

    @Test("a full disk: a clear error, the old content intact, no temporary file", .enabled(if: TemporaryMount.isAvailable, "mounting a tmpfs needs root"))
    func fullDisk() throws {
        let mount = try TemporaryMount(sizeInKilobytes: 64)
        defer { mount.unmount() }
        let path = mount.path + "/data.txt"
        try AtomicFile.write(Array("kept".utf8), to: path)
        do {
            try AtomicFile.write([UInt8](repeating: 7, count: 1 << 20), to: path)
            Issue.record("a megabyte cannot fit in 64 KiB")
        } catch {
            #expect(error.code == ENOSPC)
            #expect(error.description == "cannot save '\(path)': \(error.step) failed: No space left on device (errno 28)")
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "kept")
        #expect(try FileManager.default.contentsOfDirectory(atPath: mount.path) == ["data.txt"])
    }

    @Test("a read-only file system stops root too: a clear error, the old content intact", .enabled(if: TemporaryMount.isAvailable, "mounting a tmpfs needs root"))
    func readOnly() throws {
        let mount = try TemporaryMount(sizeInKilobytes: 64)
        defer { mount.unmount() }
        let path = mount.path + "/data.txt"
        try AtomicFile.write(Array("kept".utf8), to: path)
        #expect(mount.makeReadOnly())
        #expect(throws: FileOperationError(
            path: path, operation: "save", step: "create a temporary file", code: EROFS, reason: "Read-only file system")
        ) { try AtomicFile.write(Array("new".utf8), to: path) }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "kept")
    }
}
