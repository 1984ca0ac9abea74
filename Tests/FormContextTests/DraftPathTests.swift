import Foundation
import Testing
import TestSupport

@testable import FormContextCore
@testable import FormContextDurability

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A draft is a regular file the store wrote: anything else at its path is refused, never read past its
/// first bytes, replaced, moved or removed.
@Suite("Drafts: what a draft path may be")
struct DraftPathTests {
    /// What is at `path`, for checking it was left as it was.
    static func describe(_ path: String) -> String {
        var status = stat()
        guard lstat(path, &status) == 0 else { return "nothing" }
        let kind = FileKind(mode: status.st_mode)
        switch kind {
        case .symbolicLink:
            return "link to " + ((try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "?")
        case .regular:
            let bytes = FileManager.default.contents(atPath: path).map { [UInt8]($0) } ?? []
            return "file of \(bytes.count) bytes, CRC-32 \(CRC32.hex(CRC32.checksum(bytes)))"
        default:
            return "\(kind) \(status.st_ino)"
        }
    }

    /// Loads, saves and discards through a store at `path`; each must refuse with `problem`, leaving
    /// the path and its folder as they were.
    static func expectRefused(_ path: String, in folder: ScratchFolder, problem: String, limit: Int = DraftStore.defaultMaximumFileSize) throws {
        let before = describe(path)
        let names = folder.names()
        let store = DraftStore(path: path, definition: try Survey.definition(), maximumFileSize: limit)
        let expected = DraftError.notADraft(path: path, problem: problem)
        #expect(throws: expected) { try store.load() }
        #expect(throws: expected) { try store.save(FormContextObject(definition: try Survey.definition(), values: ["name": "Ada"])) }
        #expect(throws: expected) { try store.discard() }
        #expect(describe(path) == before)
        #expect(folder.names() == names)
        #expect(expected.description == "'\(path)' is not a draft file: \(problem); it was left as it is")
    }

    @Test("a FIFO is refused at once, without waiting for a writer", .timeLimit(.minutes(1)))
    func fifo() throws {
        let folder = try ScratchFolder("draft-path")
        defer { folder.remove() }
        let path = folder.file("survey.draft")
        #expect(mkfifo(path, 0o600) == 0)
        try Self.expectRefused(path, in: folder, problem: "it is a FIFO (named pipe)")
    }

    @Test("a symbolic link is refused, wherever it leads: its target is neither read nor shown")
    func symbolicLinks() throws {
        let folder = try ScratchFolder("draft-path")
        defer { folder.remove() }
        let secret = folder.file("passwd")
        try Data("root:x:0:0:root:/root:/bin/bash\n".utf8).write(to: URL(fileURLWithPath: secret))
        let path = folder.file("survey.draft")
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: secret)
        try Self.expectRefused(path, in: folder, problem: "it is a symbolic link")
        #expect(FileManager.default.contents(atPath: secret) == Data("root:x:0:0:root:/root:/bin/bash\n".utf8))

        // A link to a good draft is a link too.
        let real = folder.file("real.draft")
        try DraftStore(path: real).save(FormContextObject(["a": 1]))
        let link = folder.file("link.draft")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: real)
        try Self.expectRefused(link, in: folder, problem: "it is a symbolic link")
    }

    @Test("a link to an endless device is refused before any read", .timeLimit(.minutes(1)))
    func endlessDevice() throws {
        let folder = try ScratchFolder("draft-path")
        defer { folder.remove() }
        let path = folder.file("survey.draft")
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "/dev/zero")
        try Self.expectRefused(path, in: folder, problem: "it is a symbolic link")
    }

    @Test("a folder at the draft's path is refused")
    func folderAtPath() throws {
        let folder = try ScratchFolder("draft-path")
        defer { folder.remove() }
        let path = folder.file("survey.draft")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        try Self.expectRefused(path, in: folder, problem: "it is a folder")
    }

    @Test("a device node is refused, not renamed aside and replaced", .enabled(if: getuid() == 0, "creating a device node needs root"))
    func deviceNode() throws {
        let folder = try ScratchFolder("draft-path")
        defer { folder.remove() }
        let path = folder.file("survey.draft")
        // The same device as /dev/null: character device 1, 3.
        #expect(mknod(path, S_IFCHR | 0o600, dev_t(259)) == 0)
        try Self.expectRefused(path, in: folder, problem: "it is a character device")
    }

    @Test("a file larger than the limit is refused unread")
    func tooLarge() throws {
        let folder = try ScratchFolder("draft-path")
        defer { folder.remove() }
        let path = folder.file("survey.draft")
        #expect(FileManager.default.createFile(atPath: path, contents: Data("FormContext draft format=1 ".utf8)))
        #expect(truncate(path, 2 << 20) == 0)
        try Self.expectRefused(path, in: folder, problem: "it holds 2097152 bytes, more than the limit of 1048576", limit: 1 << 20)
    }

    @Test("a file that is not a draft is refused, and its content is never shown", arguments: [
        ("root:x:0:0:root:/root:/bin/bash\n\u{1B}[2J", "it is not a FormContext draft"),
        ("FormContext record format=1 length=2 crc32=00000000\n{}", "it is not a FormContext draft"),
        ("", "it is empty"),
    ])
    func foreignFile(content: String, problem: String) throws {
        let folder = try ScratchFolder("draft-path")
        defer { folder.remove() }
        let path = folder.file("survey.draft")
        try Data(content.utf8).write(to: URL(fileURLWithPath: path))
        try Self.expectRefused(path, in: folder, problem: problem)
        do {
            _ = try DraftStore(path: path).load()
        } catch {
            #expect(!error.description.contains("root") && !error.description.contains("\u{1B}"))
        }
    }

    @Test("an empty path is refused")
    func emptyPath() throws {
        let store = DraftStore(path: "")
        let expected = DraftError.notADraft(path: "", problem: "the path is empty")
        #expect(throws: expected) { try store.load() }
        #expect(throws: expected) { try store.save(FormContextObject(["a": 1])) }
        #expect(throws: expected) { try store.discard() }
        #expect(expected.description == "the draft path is empty")
    }

    @Test("a draft moved aside never lands on another file, even a dangling link")
    func moveAsideNeverReplaces() throws {
        let folder = try ScratchFolder("draft-path")
        defer { folder.remove() }
        let path = folder.file("survey.draft")
        try DraftStore(path: path).save(FormContextObject(["a": 1]))
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        bytes[bytes.count - 2] ^= 0x01
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let taken = path + ".unreadable-20231114T221320Z"
        try FileManager.default.createSymbolicLink(atPath: taken, withDestinationPath: folder.file("nowhere"))
        do {
            _ = try DraftStore(path: path, environment: ManualSleep().environment).load()
            Issue.record("a damaged draft must be reported")
        } catch {
            guard case .unreadable(_, _, let movedTo) = error else { throw error }
            #expect(movedTo == taken + "-2")
        }
        #expect(Self.describe(taken) == "link to " + folder.file("nowhere"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: taken + "-2")) == Data(bytes))
    }

    @Test("only temporary files named exactly as the store names them are cleaned up")
    func strictTemporaryNames() throws {
        let folder = try ScratchFolder("draft-path")
        defer { folder.remove() }
        let store = DraftStore(path: folder.file("d.draft"))
        try store.save(FormContextObject(["a": 1]))
        let dead = ".d.draft.2147483647-abc.tmp"
        let others = [".d.draft.2147483647-my notes.tmp", ".d.draft.2147483647-ABC.tmp", ".d.draft.2147483647.tmp", ".d.draft.x-abc.tmp",
                      ".d.draft.2147483647-abc-def.tmp"]
        for name in [dead] + others { try Data("someone's".utf8).write(to: URL(fileURLWithPath: folder.file(name))) }
        #expect(try store.load()?.values == ["a": 1])
        #expect(folder.names() == (others + ["d.draft"]).sorted())
    }

    @Test("a header that names no sensible format is damaged, not read", arguments: [
        "FormContext draft format=-7 length=2 crc32=%@\n{}", "FormContext draft format=0 length=2 crc32=%@\n{}",
        "FormContext draft format=+1 length=2 crc32=%@\n{}", "FormContext draft format=1 length=-2 crc32=%@\n{}",
        "FormContext draft format=1  length=2 crc32=%@\n{}", "FormContext draft format=1 length=2 crc32=%@ \n{}",
        "FormContext draft format=1 length=2 crc32=%@",
    ])
    func malformedHeaders(template: String) {
        let file = Array(template.replacingOccurrences(of: "%@", with: CRC32.hex(CRC32.checksum(Array("{}".utf8)))).utf8)
        #expect(throws: RecordEnvelope.Problem.malformedHeader) { try RecordEnvelope.unwrap(file, kind: "draft") }
    }

    @Test("a file longer than its header announces is damaged, not truncated")
    func extraBytes() {
        let file = RecordEnvelope.wrap(Array("{}".utf8), kind: "draft") + Array("xyz".utf8)
        #expect(throws: RecordEnvelope.Problem.extraBytes(announced: 2, found: 5)) { try RecordEnvelope.unwrap(file, kind: "draft") }
        #expect(RecordEnvelope.Problem.extraBytes(announced: 2, found: 5).description == "damaged: the header announces 2 bytes, the file holds 5 (3 more)")
    }
}
