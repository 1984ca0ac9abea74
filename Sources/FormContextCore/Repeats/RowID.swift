/// The identity of one row of a repeat group: given when the row is made, kept while it exists
/// (whatever rows are added, removed or moved around it), and never given to another row.
///
/// A row's fields live under keys made of the group's key, the row's id and the field's name, such
/// as `members.r3.name`, so removing or moving a row changes no other row's keys. The text form is
/// `r` followed by the number: `r3`.
public struct RowID: Hashable, Comparable, Sendable, CustomStringConvertible, LosslessStringConvertible {
    /// The row's number, from 1, in the order the form made its rows.
    let number: Int

    /// The row numbered `number`.
    ///
    /// - Parameter number: The number, from 1.
    public init(_ number: Int) {
        self.number = number
    }

    /// The row `text` names (`r3`), or `nil` unless it is `r` followed by a positive number in
    /// decimal digits with no leading zero.
    public init?(_ text: String) {
        self.init(text[...])
    }

    init?(_ text: Substring) {
        let utf8 = text.utf8
        guard utf8.count >= 2, utf8.first == UInt8(ascii: "r"), utf8.dropFirst().first != UInt8(ascii: "0"),
            utf8.dropFirst().allSatisfy({ (48...57).contains($0) }), let number = Int(text.dropFirst()), number > 0
        else { return nil }
        self.number = number
    }

    /// `r` followed by the number: `r3`.
    public var description: String { "r\(number)" }

    public static func < (lhs: RowID, rhs: RowID) -> Bool {
        lhs.number < rhs.number
    }
}
