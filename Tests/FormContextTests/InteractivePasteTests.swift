import FormContext
import Foundation
import Testing
@testable import ContextDemo
import TestSupport

/// Pasted text in the interactive demo: a bracketed paste is one key holding text, whatever it
/// holds and however the reads cut it, and a long paste costs work in proportion to its length.
///
/// The seeded tests depend only on their seed; run one seed alone with
/// `FORMCONTEXT_SEED=<seed> swift test --filter InteractivePasteTests`.
@Suite("Interactive demo: pasted text")
struct InteractivePasteTests {
    static let start = KeyDecoder.pasteStart
    static let end = KeyDecoder.pasteEnd
    static let seeds: [UInt64] = {
        var seeds: [UInt64] = [1, 2, 42, 0xDEAD_BEEF]
        if let extra = ProcessInfo.processInfo.environment["FORMCONTEXT_SEED"].flatMap(UInt64.init) { seeds.append(extra) }
        return seeds
    }()

    /// The keys `chunks` make, read one after the other, with a pause after the last.
    static func keys(_ chunks: [[UInt8]], decoder: inout KeyDecoder) -> [Key] {
        var keys: [Key] = []
        for chunk in chunks { keys += decoder.decode(chunk) }
        return keys + decoder.finish()
    }

    /// Bytes with pastes in them, and the keys they make.
    static let pasteCases: [([UInt8], [Key])] = {
        let cases: [([UInt8], [Key])] = [
            (start + Array("office\rs\rq".utf8) + end, [.paste("office\ns\nq")]),
            (start + Array("a\r\nb\nc\r".utf8) + end, [.paste("a\nb\nc\n")]),
            (Array("x".utf8) + start + Array("café 🛜\t\u{3}".utf8) + end + [0x0D], [.text("x"), .paste("café 🛜\t\u{3}"), .enter]),
            (start + [0x1B, 0x5B, 0x41, 0x1B] + Array("[201".utf8) + end, [.paste("\u{1B}[A\u{1B}[201")]),
            (start + [0xFF, 0x61] + end, [.paste("\u{FFFD}a")]),
            (start + end + [0x71], [.text("q")]),
            (end, [.unknown]),
        ]
        return cases
    }()

    @Test("a bracketed paste is one key holding its text, line breaks and all", arguments: pasteCases)
    func pastes(bytes: [UInt8], keys: [Key]) {
        var decoder = KeyDecoder()
        #expect(Self.keys([bytes], decoder: &decoder) == keys)
        #expect(!decoder.isInPaste)
    }

    @Test("a paste cut anywhere by the reads, markers and characters included, is the same key")
    func pasteCutAnywhere() {
        let bytes = Array("a".utf8) + Self.start + Array("b\r\n🛜\u{1B}x".utf8) + Self.end + [0x1B, 0x5B, 0x42]
        let expected: [Key] = [.text("a"), .paste("b\n🛜\u{1B}x"), .down]
        for first in 0...bytes.count {
            for second in first...bytes.count {
                var decoder = KeyDecoder()
                let chunks = [Array(bytes[..<first]), Array(bytes[first..<second]), Array(bytes[second...])]
                #expect(Self.keys(chunks, decoder: &decoder) == expected, "cut at \(first) and \(second)")
            }
        }
    }

    @Test("pasted text goes into the text being edited, and does nothing while browsing", arguments: [false, true])
    func pasteCommands(isEditing: Bool) {
        let command = KeyCommand.of(.paste("office\ns\nq"), isEditing: isEditing)
        #expect(command == (isEditing ? .insert("office\ns\nq") : nil))
        #expect(KeyCommand.of(.paste("q"), isEditing: false) == nil)
        #expect(KeyCommand.of(.paste("s"), isEditing: false) == nil)
    }

    /// Random pasted text: letters, line breaks as a terminal sends them, multi-byte characters and
    /// escapes that end nothing.
    static func randomPaste(count: Int, using random: inout SplitMix64) -> (bytes: [UInt8], text: String) {
        let pieces: [(String, String)] = [("a", "a"), ("Z", "Z"), (" ", " "), ("\r", "\n"), ("\r\n", "\n"), ("é", "é"), ("🛜", "🛜"), ("\u{1B}[", "\u{1B}[")]
        var bytes: [UInt8] = []
        var text = ""
        var scalars = 0
        while scalars < count {
            let (sent, meant) = pieces[Int.random(in: 0..<pieces.count, using: &random)]
            bytes += Array(sent.utf8)
            text += meant
            scalars += meant.unicodeScalars.count
        }
        return (bytes, text)
    }

    @Test("a paste of 200,000 characters, read in random pieces, is decoded looking at each byte a bounded number of times",
        arguments: seeds)
    func longPasteIsLinear(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let (text, expected) = Self.randomPaste(count: 200_000, using: &random)
        let bytes = Self.start + text + Self.end
        var chunks: [[UInt8]] = []
        var position = 0
        while position < bytes.count {
            let length = min(Int.random(in: 1...4096, using: &random), bytes.count - position)
            chunks.append(Array(bytes[position..<(position + length)]))
            position += length
        }
        var decoder = KeyDecoder()
        #expect(Self.keys(chunks, decoder: &decoder) == [.paste(expected)], "seed \(seed)")
        // Every byte once, each escape's few bytes once more, and each read's held bytes once more.
        let escapes = bytes.count { $0 == 0x1B }
        let bound = bytes.count + escapes * KeyDecoder.pasteEnd.count + chunks.count * KeyDecoder.longestSequence
        #expect(decoder.bytesExamined <= bound, "seed \(seed): \(decoder.bytesExamined) looks at \(bytes.count) bytes")
    }

    @Test("a picture holds the end of a long text being edited, not all of it, and the text is committed whole")
    func longTextInSession() async throws {
        let session = try InteractiveDemoTests.session()
        for command: KeyCommand in [.activate, .next, .next, .next, .activate] {
            #expect(await session.handle(command) == nil)
        }
        #expect(session.navigator.editing?.text == "my network")
        let pasted = String(repeating: "0123456789\n", count: 20_000) + "end"
        var decoder = KeyDecoder()
        for key in Self.keys([Self.start + Array(pasted.utf8) + Self.end], decoder: &decoder) {
            let command = try #require(KeyCommand.of(key, isEditing: session.isEditing))
            #expect(await session.handle(command) == nil)
        }
        #expect(session.navigator.editing?.text == "my network" + pasted)

        // What is drawn holds the end of the text, escaped, after "…": no more than a bounded part of it.
        let picture = session.picture
        let row = try #require(picture.sections.flatMap(\.rows).first { $0.isEditing })
        #expect(row.value == "…" + DemoText.escaped(("my network" + pasted).suffix(ScreenPicture.editingTail)))
        let lines = InteractiveDemoTests.plain(session)
        #expect(lines.contains { $0.hasPrefix("> …") && $0.hasSuffix("\\nend_") }, "\(lines)")

        #expect(await session.handle(.commit) == nil)
        #expect(session.navigator.form[FormKey<String>("hotspot.networkName")] == "my network" + pasted)
    }
}
