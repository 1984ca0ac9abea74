extension FormBridge {
    /// Writes every bound property of `model` into a live form, arrays bound with
    /// ``bindRows(_:to:under:newElement:)`` into its repeat groups.
    ///
    /// The rows the form has keep their ids by position: the first element goes into the first row,
    /// and so on, so a row that stays keeps its field state and observers. Rows beyond the array's end
    /// are removed. For a group of the form's definition, at any depth (an array of an element's, bound
    /// to a group inside the element's row), each missing row is added first with
    /// ``FormContextObject/appendRow(to:_:origin:)``, outer rows before inner ones, so it gets an id
    /// no row of its group ever had; rows of any other group (in a form without a definition, or one
    /// the definition does not have) are numbered after the largest id the group holds. The values are then written in one batch, with
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
    ///   than its group's maximum (a group inside a row named by the element's position,
    ///   `residents[0].trips`), ``RepeatGroupError/notAnOrder(group:found:)`` when a group's key
    ///   holds another value, ``RepeatGroupError/invalidRow(group:id:)`` when it holds an order with
    ///   a row id out of range; the form is then unchanged, whichever group it is.
    /// - Returns: The changes of the batch, in the order the values were written.
    /// - Complexity: O(*n*) for *n* values stored and rows held, plus one mutation for each row added.
    @discardableResult
    public func fill(_ form: FormContextObject, from model: Model, origin: FormChangeOrigin = .bridge) throws(RepeatGroupError) -> [FormChange] {
        let groups = form.definition?.repeatGroups ?? []
        // Every level is checked before anything changes; then each level's missing rows are added,
        // outer rows first, so that a new row's inner rows go under the id it was given.
        try checkRows(of: model, inRowAt: "", named: "", groups: groups, form: form)
        try addRows(of: model, under: "", groups: groups, form: form, origin: origin)
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

extension FormBridge {
    /// Checks that the arrays of `model`, in the row `row` (`""` at the top, `nil` for a row not added
    /// yet), fit `groups` of the form's definition, and those of their elements the groups inside rows.
    ///
    /// - Parameters:
    ///   - row: The key of the row the model lives in; `nil` for a row the fill adds.
    ///   - name: The model's position as errors name it (`residents[0]`), empty at the top.
    func checkRows(
        of model: Model, inRowAt row: String?, named name: String, groups: [RepeatGroup], form: FormContextObject
    ) throws(RepeatGroupError) {
        for binding in rowBindings {
            try binding.checkRows(of: model, inRowAt: row, named: name, groups: groups, form: form)
        }
    }

    /// Adds to `form`, through its row operations, the rows the groups of its definition (`groups`,
    /// under `row`) lack for the arrays of `model`, and those the groups inside them lack.
    func addRows(
        of model: Model, under row: String, groups: [RepeatGroup], form: FormContextObject, origin: FormChangeOrigin
    ) throws(RepeatGroupError) {
        for binding in rowBindings {
            try binding.addRows(of: model, under: row, groups: groups, form: form, origin: origin)
        }
    }
}
