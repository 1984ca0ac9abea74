/// The command line as the operating system passed it: bytes, which must be UTF-8.
///
/// `CommandLine.arguments` repairs invalid UTF-8 into U+FFFD without a word, so a mistyped or hostile
/// byte would become another character; the demo reads the bytes itself and refuses such an argument.
enum DemoArguments {
    /// The arguments after the program name, as raw bytes.
    static func raw() -> [[UInt8]] {
        (1..<Int(CommandLine.argc)).map { index in
            guard let argument = CommandLine.unsafeArgv[index] else { return [] }
            var bytes: [UInt8] = []
            var position = 0
            while argument[position] != 0 {
                bytes.append(UInt8(bitPattern: argument[position]))
                position += 1
            }
            return bytes
        }
    }

    /// The arguments as strings.
    ///
    /// - Throws: ``DemoError/invalidUTF8(position:offset:byte:)`` for the first argument that is not
    ///   valid UTF-8, naming its position and the first byte where its encoding goes wrong.
    static func decode(_ raw: [[UInt8]]) throws(DemoError) -> [String] {
        try raw.enumerated().map { (index, bytes) throws(DemoError) in
            if let text = String(validating: bytes, as: UTF8.self) { return text }
            let offset = firstInvalidOffset(in: bytes)
            throw .invalidUTF8(position: index + 1, offset: offset, byte: bytes[offset])
        }
    }

    /// The offset of the first byte that does not begin a valid UTF-8 sequence.
    private static func firstInvalidOffset(in bytes: [UInt8]) -> Int {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded): offset += encoded.count
            case .error: return min(offset, bytes.count - 1)
            case .emptyInput: return max(bytes.count - 1, 0)
            }
        }
    }
}
