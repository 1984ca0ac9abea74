/// The fields of a row given to `--add`: `name=Ada,age=36`, each typed into the row's control for
/// that field, in order (a field named twice takes its last value).
///
/// A comma followed by text without `=` belongs to the value before it, so `name=Lovelace, Ada` is
/// one field; an empty text adds a row holding the group's defaults.
struct RowFields {
    /// The fields and their texts, as given.
    var fields: [(name: String, text: String)]

    /// The text as given, for messages.
    var source: String

    /// Reads `text`, the argument after `--add <group>`.
    ///
    /// - Throws: ``DemoError/malformedRow(group:text:)`` when a field has no name, or the text does
    ///   not start with `<field>=`.
    static func parse(_ text: String, adding group: String) throws(DemoError) -> RowFields {
        var fields: [(name: String, text: String)] = []
        guard !text.isEmpty else { return RowFields(fields: [], source: text) }
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            if let equals = part.firstIndex(of: "=") {
                let name = part[..<equals]
                guard !name.isEmpty, !name.contains(where: \.isWhitespace) else { throw .malformedRow(group: group, text: text) }
                fields.append((String(name), String(part[part.index(after: equals)...])))
            } else if let last = fields.indices.last {
                fields[last].text += "," + part
            } else {
                throw .malformedRow(group: group, text: text)
            }
        }
        return RowFields(fields: fields, source: text)
    }
}
