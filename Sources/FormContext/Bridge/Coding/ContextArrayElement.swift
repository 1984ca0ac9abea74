/// One element of an array being encoded, whose key is decided by the first container it asks for:
/// a keyed container makes it a row of a repeat group (`members.r3`), anything else an element by
/// index (`tags.2`).
///
/// A class, so every copy of the encoder that holds it sees the key once decided.
final class ContextArrayElement {
    let storage: ContextEncodingStorage
    /// The array's key.
    let array: String
    /// The element's position in the array.
    let index: Int
    private(set) var key: String?
    private(set) var isRow = false

    init(storage: ContextEncodingStorage, array: String, index: Int) {
        self.storage = storage
        self.array = array
        self.index = index
    }

    /// The element's key, deciding it on the first call: a row when `asRow`, otherwise by index.
    func resolve(asRow: Bool) -> String {
        if let key {
            if asRow != isRow { _ = storage.elementKey(index, of: array, asRow: asRow) }
            return key
        }
        let resolved = storage.elementKey(index, of: array, asRow: asRow)
        key = resolved
        isRow = asRow
        return resolved
    }

    /// The element's coding key: the row (`r3`, at its index) or the index.
    var codingKey: ContextCodingKey {
        isRow ? ContextCodingKey(row: RowID(index + 1), position: index) : ContextCodingKey(intValue: index)
    }
}
