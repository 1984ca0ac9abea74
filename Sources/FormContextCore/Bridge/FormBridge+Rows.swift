extension FormBridge {
    /// Binds an array of models to the rows of the repeat group `key`, each element carried by
    /// `element` under its row: element `i`'s property bound to `name` is the key `key.<id>.name`,
    /// where `<id>` is the id of the group's row at position `i`.
    ///
    /// ```swift
    /// let memberBridge = FormBridge<Member> { bridge in
    ///     bridge.bind(FormKey<String>("name"), to: \.name)
    ///     bridge.bind(FormKey<Int>("age"), to: \.age)
    /// }
    /// let householdBridge = FormBridge<Household> { bridge in
    ///     bridge.bindRows(memberBridge, to: \.members, under: "members", newElement: { Member() })
    /// }
    /// ```
    ///
    /// - A new context (``context(from:)``) holds the group's ``RowOrder`` and each element under
    ///   its row, the rows numbered r1, r2, … in the array's order.
    /// - Filling a live form (``fill(_:from:origin:)``) does the same, but the rows the form has keep
    ///   their ids by position (the first element goes into the first row, …), the rows beyond the
    ///   array's end are removed with their keys, and the new rows of a group of the form's definition
    ///   are added with ``FormContextObject/appendRow(to:_:origin:)``, so they get ids no row of the
    ///   group had.
    /// - Writing into a model (``write(_:into:)``) reads one element per row, in the order's order,
    ///   each built by `newElement` and written by `element`; properties `element` does not bind keep
    ///   `newElement`'s values; a context without the group's key holds no rows. All or nothing,
    ///   like every write. Errors name the row by its position from 0:
    ///   `wrong type for key 'members[2].age': expected Int, found String`.
    /// - `element` may bind arrays of its own with this method, nesting rows inside rows
    ///   (`members.r1.visits.r1.place`).
    ///
    /// A group key bound again replaces its earlier binding. A ``ModelBinding`` does not carry rows
    /// bindings: fill the form and read it back with the methods above.
    ///
    /// - Parameters:
    ///   - element: The bridge of one element, its keys relative to the row.
    ///   - path: The array.
    ///   - key: The group's key, used literally.
    ///   - newElement: Makes the element a row is written into; called once per row, it must return
    ///     a new element each time (not one shared instance of a class).
    public mutating func bindRows<Element>(
        _ element: FormBridge<Element>, to path: any WritableKeyPath<Model, [Element]> & Sendable, under key: String,
        newElement: @escaping @Sendable () -> Element
    ) {
        addRows(RowsBinding(key: key, path: SendableKeyPath(path), element: element, newElement: newElement))
    }

    /// The keys of the repeat groups the bridge binds arrays to, in the order they were declared.
    var groupKeys: [String] { rowBindings.map(\.key) }

    /// Adds a rows binding, replacing an earlier one of the same group.
    mutating func addRows(_ binding: any RowsBridgeBinding<Model>) {
        if binding.writesThroughReference { writesThroughReferences = true }
        if let index = rowBindings.firstIndex(where: { $0.key == binding.key }) {
            rowBindings[index] = binding
        } else {
            rowBindings.append(binding)
        }
    }

    // MARK: Values under a row

    /// Appends every value `model` stores under `prefix` to `values` (`nil` for an absent key), a
    /// group's order before its rows' values.
    ///
    /// - Parameters:
    ///   - prefix: The key of the row the model lives in, empty at the top.
    ///   - orders: The order each group holds now, by key.
    ///   - values: Where the values go.
    ///   - secrets: Collects the secret keys.
    func appendValues(
        of model: Model, under prefix: String, orders: (String) -> RowOrder?, to values: inout [(key: String, value: AnyHashable?)],
        secrets: inout Set<String>
    ) {
        for binding in bindings {
            let key = prefix.isEmpty ? binding.key : prefix + "." + binding.key
            values.append((key, binding.storedValue(of: model)))
            if binding.isSecure { secrets.insert(key) }
        }
        for binding in rowBindings {
            binding.appendValues(of: model, under: prefix, orders: orders, to: &values, secrets: &secrets)
        }
    }

    /// Writes the values `context` holds under `prefix` into `model`, directly (no copy).
    ///
    /// - Parameters:
    ///   - prefix: The key of the row the model lives in, empty at the top.
    ///   - name: How errors name that row (`members[2]`), empty at the top.
    /// - Throws: ``FormBridgeError`` naming the key as `name.key`; `model` may be written in part.
    func apply(_ context: FormContext, under prefix: String, named name: String, to model: inout Model) throws(FormBridgeError) {
        for binding in bindings {
            do {
                try binding.apply(context.storage[prefix.isEmpty ? binding.key : prefix + "." + binding.key], to: &model)
            } catch {
                throw name.isEmpty ? error : error.naming(name + "." + error.key)
            }
        }
        for binding in rowBindings {
            try binding.apply(context, under: prefix, named: name, to: &model)
        }
    }

    /// Stores `model`'s values in `context`, keeping the ids of the rows it holds by position and
    /// removing the keys of rows beyond each array's end.
    func fillWithRows(_ context: inout FormContext, from model: Model) {
        var values: [(key: String, value: AnyHashable?)] = []
        var secrets: Set<String> = []
        let orders = { (key: String) in context.storage[key]?.base as? RowOrder }
        appendValues(of: model, under: "", orders: orders, to: &values, secrets: &secrets)
        let leaving = Self.rowsLeaving(values, orders: orders)
        if !leaving.isEmpty {
            for key in Array(context.storage.keys) where Self.liesUnder(key, anyOf: leaving) {
                context.storage[key] = nil
                context.secureKeys.remove(key)
            }
        }
        for (key, value) in values { context.storage[key] = value }
        context.secureKeys.formUnion(secrets)
    }

    /// The rows (`members.r3`) that the orders among `values` leave out of the orders held now.
    static func rowsLeaving(_ values: [(key: String, value: AnyHashable?)], orders: (String) -> RowOrder?) -> Set<String> {
        var leaving: Set<String> = []
        for (key, value) in values {
            guard let order = value?.base as? RowOrder, let old = orders(key), old != order else { continue }
            let kept = Set(order)
            for id in old where !kept.contains(id) { leaving.insert(key + "." + id.description) }
        }
        return leaving
    }

    /// Whether `key` lies under one of `prefixes` (`members.r3` holds `members.r3.name`).
    static func liesUnder(_ key: String, anyOf prefixes: Set<String>) -> Bool {
        let utf8 = key.utf8
        return utf8.indices.contains { index in
            utf8[index] == UInt8(ascii: ".") && prefixes.contains(String(decoding: utf8[..<index], as: UTF8.self))
        }
    }
}
