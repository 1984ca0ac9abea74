import Foundation
import Testing
import TestSupport

@testable import FormContextCore
@testable import FormContextDurability

/// The system calls that take a buffer (`write`, `read`) and the folder listing that reads a C name
/// (`d_name`): what they hand back is exactly what is on disk, across chunk boundaries and at the
/// longest name a file system allows.
@Suite("POSIX buffers")
struct POSIXBufferTests {
    @Test("a file written and read back in several chunks comes back byte for byte, and a limit one past it reads it whole")
    func roundTripAcrossChunks() throws {
        let folder = try ScratchFolder("posix-buffers")
        defer { folder.remove() }
        var random = SystemRandomNumberGenerator()
        // Sizes around the 64 KiB read chunk and its multiples, and a few seeded others.
        for size in [0, 1, 65_535, 65_536, 65_537, 3 * 65_536 + 17, Int.random(in: 1...400_000, using: &random)] {
            let bytes = (0..<size).map { _ in UInt8.random(in: 0...255, using: &random) }
            let path = folder.file("data-\(size)")
            let fd = POSIX.open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
            #expect(fd >= 0)
            #expect(POSIX.writeAll(fd, bytes) == 0)
            close(fd)
            #expect(try POSIX.readRegularFile(path, limit: size, operation: "read") == .bytes(bytes))
            #expect(try POSIX.readStart(of: path, count: size / 2, operation: "read") == .bytes(Array(bytes.prefix(size / 2))))
            if size > 0 {
                #expect(try POSIX.readRegularFile(path, limit: size - 1, operation: "read") == .tooLarge(size))
            }
        }
    }

    @Test("a folder lists every name whole, the longest a file system allows included")
    func listsLongNames() throws {
        let folder = try ScratchFolder("posix-names")
        defer { folder.remove() }
        let names = ["a", String(repeating: "n", count: 255), "é" + String(repeating: "x", count: 253)].sorted()
        for name in names {
            let fd = POSIX.open(folder.file(name), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            #expect(fd >= 0)
            close(fd)
        }
        #expect(try POSIX.list(folder.path, operation: "list") == names)
    }
}
