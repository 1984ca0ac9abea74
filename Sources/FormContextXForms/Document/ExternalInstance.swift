internal import Foundation

/// External secondary instances: `jr://file/name.xml` (an XML document) and `jr://file/name.csv` or
/// `jr://file-csv/name.csv` (a CSV file read as JavaRosa reads it), from the media folder.
enum ExternalInstance {
    /// Reads the instance's file, or returns `nil` when no media folder was named.
    static func read(source: String, id: String, element: XFormElement, options: XFormReadOptions) throws(XFormReadError) -> XFormElement? {
        let name: String
        if source.hasPrefix("jr://file/") {
            name = String(source.dropFirst("jr://file/".count))
        } else if source.hasPrefix("jr://file-csv/") {
            name = String(source.dropFirst("jr://file-csv/".count))
        } else {
            throw XFormReadError(
                .externalInstance, "<instance id=\(Quoted.value(id))> has the src \(Quoted.value(source)); only jr://file/ and jr://file-csv/ are read",
                line: element.line, column: element.column)
        }
        // Bytes, as the file system reads the name: to `String`, a `/` or `.` followed by a combining
        // mark is another character.
        let bytes = Array(name.utf8)
        let isPlainName = bytes.first.map { $0 != UInt8(ascii: ".") } ?? false
            && !bytes.contains(where: { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "\\") || $0 == 0 })
        guard isPlainName else {
            throw XFormReadError(
                .externalInstance, "<instance id=\(Quoted.value(id))> names the file \(Quoted.value(name)); a media file name has no folder part",
                line: element.line, column: element.column)
        }
        let isCSV = name.lowercased().hasSuffix(".csv")
        guard isCSV || name.lowercased().hasSuffix(".xml") else {
            throw XFormReadError(
                .externalInstance, "<instance id=\(Quoted.value(id))> names \(Quoted.value(name)); external instances are .xml or .csv files",
                line: element.line, column: element.column)
        }
        guard let folder = options.mediaFolder else { return nil }
        let data = try BoundedFile.read(folder.appendingPathComponent(name), maximumBytes: options.maximumBytes, file: name)
        return isCSV ? try CSVInstance.read(data, file: name) : try XMLTreeReader.read(data, options: options, file: name)
    }
}

/// A CSV file as JavaRosa reads it into an instance (`CsvExternalInstance` over commons-csv's
/// default format): the first record names the columns; the delimiter is `;` when the first line
/// has one, `,` otherwise; fields may be quoted with `"` (`""` inside is a quote, and quoted fields
/// may span lines); empty lines are skipped; values keep their white space; a missing trailing
/// field reads as empty and extra fields are ignored. Each record becomes
/// `<item><column>value</column>...</item>` under `<root>`.
enum CSVInstance {
    static func read(_ data: Data, file: String) throws(XFormReadError) -> XFormElement {
        var bytes = Array(data)
        try XMLPrescan.validateUTF8(bytes, file: file)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        let text = String(decoding: bytes, as: UTF8.self)
        let firstLine = text.prefix { $0 != "\n" && $0 != "\r" && $0 != "\r\n" }
        let delimiter: Character = firstLine.contains(";") ? ";" : ","
        let records = try parse(text, delimiter: delimiter, file: file)
        guard let header = records.first else {
            throw XFormReadError(.externalInstance, "the CSV file is empty; its first line must name the columns", line: 1, file: file)
        }
        var seen: Set<String> = []
        for name in header.fields {
            guard !name.isEmpty else {
                throw XFormReadError(.externalInstance, "a column of the CSV file's header has no name", line: header.line, file: file)
            }
            guard seen.insert(name).inserted else {
                throw XFormReadError(
                    .externalInstance, "the CSV file's header names the column \(Quoted.value(name)) twice", line: header.line, file: file)
            }
        }
        let items = records.dropFirst().map { record in
            let columns = header.fields.enumerated().map { index, column in
                let value = index < record.fields.count ? record.fields[index] : ""
                return XFormElement.Content.element(
                    XFormElement(name: XFormName(column), content: value.isEmpty ? [] : [.text(value)], line: record.line, column: 1))
            }
            return XFormElement.Content.element(XFormElement(name: XFormName("item"), content: columns, line: record.line, column: 1))
        }
        return XFormElement(name: XFormName("root"), content: items, line: 1, column: 1)
    }

    struct Record {
        var fields: [String]
        var line: Int
    }

    /// Splits the text into records of fields.
    static func parse(_ text: String, delimiter: Character, file: String) throws(XFormReadError) -> [Record] {
        var records: [Record] = []
        var fields: [String] = []
        var field = ""
        var line = 1
        var recordLine = 1
        var recordIsEmpty = true
        var iterator = text.makeIterator()
        var pending: Character?
        func next() -> Character? {
            if let character = pending {
                pending = nil
                return character
            }
            return iterator.next()
        }
        func endRecord() {
            if !(recordIsEmpty && fields.isEmpty && field.isEmpty) {
                fields.append(field)
                records.append(Record(fields: fields, line: recordLine))
            }
            fields = []
            field = ""
            recordIsEmpty = true
        }
        while let character = next() {
            if recordIsEmpty && fields.isEmpty && field.isEmpty { recordLine = line }
            switch character {
            case "\"" where field.isEmpty:
                recordIsEmpty = false
                let quoteLine = line
                var closed = false
                while let inner = next() {
                    if inner == "\"" {
                        if let after = next() {
                            if after == "\"" {
                                field.append("\"")
                                continue
                            }
                            pending = after
                        }
                        closed = true
                        break
                    }
                    if inner == "\n" || inner == "\r\n" || inner == "\r" { line += 1 }
                    field.append(inner)
                }
                guard closed else {
                    throw XFormReadError(.externalInstance, "a quoted field of the CSV file is not closed", line: quoteLine, file: file)
                }
                if let after = next() {
                    if after == delimiter {
                        fields.append(field)
                        field = ""
                    } else if after == "\n" || after == "\r\n" || after == "\r" {
                        line += 1
                        endRecord()
                    } else {
                        throw XFormReadError(
                            .externalInstance, "the CSV file has text between a quoted field's closing quote and the delimiter",
                            line: line, file: file)
                    }
                }
            case delimiter:
                recordIsEmpty = false
                fields.append(field)
                field = ""
            case "\n", "\r\n", "\r":
                line += 1
                endRecord()
            default:
                recordIsEmpty = false
                field.append(character)
            }
        }
        endRecord()
        return records
    }
}
