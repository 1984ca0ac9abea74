@testable import FormContextCore

extension FormContextObject {
    /// Writes every value of `values` in one batch, in key order, its secret keys made secret first,
    /// and returns the changes made: what the tests of batched writes check.
    @discardableResult
    func setAll(_ values: FormContext, origin: FormChangeOrigin = .program) -> [FormChange] {
        apply(values.sortedKeys.map { ($0, values[$0]) }, secretKeys: values.secureKeys, origin: origin) ?? []
    }
}

extension FormBridge {
    /// `model` carried into a new context and back.
    func roundTrip(_ model: Model) throws(FormBridgeError) -> Model {
        var back = model
        try write(context(from: model), into: &back)
        return back
    }
}
