import FormContextCore

/// The frame around every durable file's JSON: a header line naming the kind of file, its format
/// version, the length and the CRC-32 of the payload, so a foreign, truncated or damaged file is
/// recognised before its content is trusted.
///
/// ```
/// FormContext draft format=1 length=812 crc32=3c9a41f0
/// {"fields":{…},"form":{…},…}
/// ```
enum RecordEnvelope {
    /// The format version this code writes and reads.
    static let formatVersion = 1

    /// What is wrong with a file that did not open.
    enum Problem: Error, Equatable, CustomStringConvertible {
        /// The file does not start with this kind's header: it is not one of ours. Its content is never
        /// shown.
        case foreign
        case newerFormat(Int)
        /// The header does not read: its fields are missing, malformed or out of range.
        case malformedHeader
        case truncated(announced: Int, found: Int)
        /// More bytes follow the payload the header announces.
        case extraBytes(announced: Int, found: Int)
        case checksum(stored: String, computed: String)
        case payload(String)

        var description: String {
            switch self {
            case .foreign: "not a FormContext file"
            case .newerFormat(let version): "written in format \(version); this version reads format \(RecordEnvelope.formatVersion)"
            case .malformedHeader: "damaged: its header line does not read (expected format=<n> length=<n> crc32=<8 hex digits>)"
            case .truncated(let announced, let found): "truncated: the header announces \(announced) bytes, the file holds \(found)"
            case .extraBytes(let announced, let found):
                "damaged: the header announces \(announced) bytes, the file holds \(found) (\(found - announced) more)"
            case .checksum(let stored, let computed): "damaged: the checksum is \(computed), the header says \(stored)"
            case .payload(let problem): "damaged: \(problem)"
            }
        }
    }

    /// The file's bytes: the header line, then `payload`.
    static func wrap(_ payload: [UInt8], kind: String) -> [UInt8] {
        let header = "FormContext \(kind) format=\(formatVersion) length=\(payload.count) crc32=\(CRC32.hex(CRC32.checksum(payload)))\n"
        return Array(header.utf8) + payload
    }

    /// Whether `bytes` start as a file of `kind` does, whatever follows.
    static func isOwn(_ bytes: some Collection<UInt8>, kind: String) -> Bool {
        bytes.starts(with: Array("FormContext \(kind) format=".utf8))
    }

    /// The payload of a file of `kind`, once its header, length and checksum agree.
    static func unwrap(_ bytes: [UInt8], kind: String) throws(Problem) -> [UInt8] {
        let prefix = Array("FormContext \(kind) format=".utf8)
        guard bytes.starts(with: prefix) else { throw .foreign }
        guard let newline = bytes.firstIndex(of: 0x0A) else { throw .malformedHeader }
        let fields = bytes[prefix.count..<newline].split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
        guard fields.count == 3, let version = number(fields[0]), version >= 1 else { throw .malformedHeader }
        guard version <= formatVersion else { throw .newerFormat(version) }
        let lengthPrefix = Array("length=".utf8)
        let checksumPrefix = Array("crc32=".utf8)
        guard fields[1].starts(with: lengthPrefix), let length = number(fields[1].dropFirst(lengthPrefix.count)),
            fields[2].starts(with: checksumPrefix), fields[2].count == checksumPrefix.count + 8,
            fields[2].dropFirst(checksumPrefix.count).allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) })
        else { throw .malformedHeader }
        let payload = Array(bytes[(newline + 1)...])
        guard payload.count >= length else { throw .truncated(announced: length, found: payload.count) }
        guard payload.count == length else { throw .extraBytes(announced: length, found: payload.count) }
        let stored = String(decoding: fields[2].dropFirst(checksumPrefix.count), as: UTF8.self)
        let computed = CRC32.hex(CRC32.checksum(payload))
        guard stored == computed else { throw .checksum(stored: stored, computed: computed) }
        return payload
    }

    /// A decimal number of one to eighteen ASCII digits, nothing else (no sign, no space).
    private static func number(_ digits: some Collection<UInt8>) -> Int? {
        guard (1...18).contains(digits.count), digits.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        return digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }
    }
}
