extension FormBridge {
    /// Writes every bound property of `model` into a live form, arrays bound with
    /// ``bindRows(_:to:under:newElement:)`` into its repeat groups.
    ///
    /// The rows the form has keep their ids by position: the first element goes into the first row,
    /// and so on, so a row that stays keeps its field state and observers. Rows beyond the array's end
    /// are removed. For a group of the form's definition, each missing row is added first with
    /// ``FormContextObject/appendRow(to:_:origin:)``, so it gets an id no row of the form ever had;
    /// rows of any other group (one inside a row, or in a form without a definition) are numbered
    /// after the largest id the group holds. The values are then written in one batch, with
    /// `origin`: each changed key notifies once, and an optional property that is `nil` removes its
    /// key. The bridge's secret keys are marked secret before any value is written.
    ///
    /// ```swift
    /// try householdBridge.fill(form, from: household)
    /// var edited = household
    /// try householdBridge.write(form.context, into: &edited)
    /// ```
    ///
    /// - Parameters:
    ///   - form: The live form.
    ///   - model: The model to read.
    ///   - origin: The origin every change carries; ``FormChangeOrigin/bridge`` by default.
    /// - Throws: ``RepeatGroupError/tooManyRows(group:maximum:)`` when an array has more elements
    ///   than its group's maximum, ``RepeatGroupError/notAnOrder(group:found:)`` when a group's key
    ///   holds another value, ``RepeatGroupError/invalidRow(group:id:)`` when it holds an order with
    ///   a row id out of range; the form is then unchanged, whichever group it is.
    /// - Returns: The changes of the batch, in the order the values were written.
    /// - Complexity: O(*n*) for *n* values stored and rows held, plus one mutation for each row added.
    @discardableResult
    public func fill(_ form: FormContextObject, from model: Model, origin: FormChangeOrigin = .bridge) throws(RepeatGroupError) -> [FormChange] {
        var missing: [(group: String, count: Int)] = []
        let groups = form.definition?.repeatGroups ?? []
        for binding in rowBindings {
            guard let group = groups.first(where: { $0.key == binding.key }) else { continue }
            let count = binding.elementCount(of: model)
            if let maximum = group.maximumCount, count > maximum { throw .tooManyRows(group: group.key, maximum: maximum) }
            if let value = form[group.key] {
                guard let order = value.base as? RowOrder else {
                    throw .notAnOrder(group: group.key, found: typeName(of: type(of: value.base)))
                }
                // An order the form refused (a row id out of range): no row can be added to it.
                if let refused = order.first(where: { !$0.isInRange }) { throw .invalidRow(group: group.key, id: refused) }
            }
            let have = form.rows(of: group.key).count
            if count > have { missing.append((group.key, count - have)) }
        }
        for (group, count) in missing {
            for _ in 0..<count { try form.appendRow(to: group, origin: origin) }
        }
        var values: [(key: String, value: AnyHashable?)] = []
        var secrets: Set<String> = []
        let orders = { (key: String) in form[key]?.base as? RowOrder }
        appendValues(of: model, under: "", orders: orders, to: &values, secrets: &secrets)
        // A group of the definition takes its removed rows' values with them; rows inside rows are
        // plain keys, removed here.
        let leaving = Self.rowsLeaving(values, orders: orders)
        if !leaving.isEmpty {
            for key in form.context.sortedKeys where Self.liesUnder(key, anyOf: leaving) { values.append((key, nil)) }
        }
        return form.apply(values, secretKeys: secrets, origin: origin) ?? []
    }
}
