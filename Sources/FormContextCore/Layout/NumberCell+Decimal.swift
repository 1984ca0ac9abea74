public import Foundation

extension NumberCell {
    /// Creates a cell for an exact `Decimal`, written with a dot.
    ///
    /// - Parameters:
    ///   - title: The title.
    ///   - key: The field.
    public init(_ title: String, key: FormKey<Decimal>) {
        self.init(title, key: key, format: .decimal)
    }
}
