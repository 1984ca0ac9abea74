/// An array property of a model bound to the rows of a repeat group: the group's key holds the
/// ``RowOrder``, and each element is written and read under its row by the element's own bridge.
protocol RowsBridgeBinding<Model>: Sendable {
    associatedtype Model

    /// The group's key, with any scope prefixes already joined.
    var key: String { get }
    /// The array property, untyped.
    var keyPath: AnyKeyPath { get }
    /// Whether writing the array goes through a class reference.
    var writesThroughReference: Bool { get }

    /// Appends the group's values for `model` to `values`: the order, then each row's values.
    ///
    /// - Parameters:
    ///   - prefix: The key of the row the model lives in (`members.r2`), empty at the top.
    ///   - orders: The order each group holds now, by key, so rows keep their ids by position.
    ///   - values: Where the values go, an order before the values of its rows.
    ///   - secrets: Collects the keys whose values are secret.
    func appendValues(
        of model: Model, under prefix: String, orders: (String) -> RowOrder?, to values: inout [(key: String, value: AnyHashable?)],
        secrets: inout Set<String>)
    /// Writes the rows `context` holds under `prefix` into the array of `model`.
    ///
    /// - Parameters:
    ///   - prefix: The key of the row the model lives in, empty at the top.
    ///   - name: How errors name that row (`members[2]`), empty at the top.
    /// - Throws: ``FormBridgeError`` naming the row by position (`members[2].age`); `model` may then
    ///   be written in part, so callers write into a copy or check first.
    func apply(_ context: FormContext, under prefix: String, named name: String, to model: inout Model) throws(FormBridgeError)
    /// The number of elements the array of `model` holds.
    func elementCount(of model: Model) -> Int
    /// Checks the array of `model` against its group among `groups` (none: nothing to check), and its
    /// elements' arrays against the groups inside the rows; `row` is `nil` for a row not added yet.
    func checkRows(
        of model: Model, inRowAt row: String?, named name: String, groups: [RepeatGroup], form: FormContextObject
    ) throws(RepeatGroupError)
    /// Adds the rows the group among `groups`, under `row`, lacks for the array of `model`, then
    /// those the groups inside its rows lack.
    func addRows(
        of model: Model, under row: String, groups: [RepeatGroup], form: FormContextObject, origin: FormChangeOrigin
    ) throws(RepeatGroupError)
    /// Throws the error ``apply(_:under:named:to:)`` would throw, without writing anything.
    func check(_ context: FormContext, under prefix: String, named name: String) throws(FormBridgeError)
    /// The same binding for a parent model that holds this one at `path`, under `scope`.
    func scoped<Parent>(in scope: FormScope, through path: SendableKeyPath<Parent, Model>) -> any RowsBridgeBinding<Parent>
}

/// The binding of one array of `Element`s, each carried by `element`.
struct RowsBinding<Model, Element>: RowsBridgeBinding {
    let key: String
    let path: SendableKeyPath<Model, [Element]>
    let element: FormBridge<Element>
    let newElement: @Sendable () -> Element

    var keyPath: AnyKeyPath { path.path }

    var writesThroughReference: Bool {
        path.path is ReferenceWritableKeyPath<Model, [Element]>
    }

    func appendValues(
        of model: Model, under prefix: String, orders: (String) -> RowOrder?, to values: inout [(key: String, value: AnyHashable?)],
        secrets: inout Set<String>
    ) {
        let group = prefix.isEmpty ? key : prefix + "." + key
        let elements = model[keyPath: path.path]
        let ids = Self.ids(count: elements.count, keeping: orders(group))
        values.append((group, AnyHashable(RowOrder(ids))))
        for (id, value) in zip(ids, elements) {
            element.appendValues(of: value, under: group + "." + id.description, orders: orders, to: &values, secrets: &secrets)
        }
    }

    func apply(_ context: FormContext, under prefix: String, named name: String, to model: inout Model) throws(FormBridgeError) {
        model[keyPath: path.path] = try elements(in: context, under: prefix, named: name)
    }

    func elementCount(of model: Model) -> Int {
        model[keyPath: path.path].count
    }

    func check(_ context: FormContext, under prefix: String, named name: String) throws(FormBridgeError) {
        _ = try elements(in: context, under: prefix, named: name)
    }

    func checkRows(
        of model: Model, inRowAt row: String?, named name: String, groups: [RepeatGroup], form: FormContextObject
    ) throws(RepeatGroupError) {
        guard let group = groups.first(where: { $0.key == key }) else { return }
        let elements = model[keyPath: path.path]
        // A group of the form is named by its key; one inside a row by the element's position.
        let groupName = name.isEmpty ? key : name + "." + key
        if let maximum = group.maximumCount, elements.count > maximum { throw .tooManyRows(group: groupName, maximum: maximum) }
        var ids: [RowID] = []
        if let row {
            let full = row.isEmpty ? key : row + "." + key
            if let value = form[full] {
                guard let order = value.base as? RowOrder else {
                    throw .notAnOrder(group: groupName, found: typeName(of: type(of: value.base)))
                }
                // An order the form refused (a row id out of range): no row can be added to it.
                if let refused = order.first(where: { !$0.isInRange }) { throw .invalidRow(group: groupName, id: refused) }
                ids = Array(order)
            }
        }
        let inner = group.innerGroups
        guard !inner.isEmpty else { return }
        for (position, value) in elements.enumerated() {
            let full = row.map { $0.isEmpty ? key : $0 + "." + key }
            let elementRow = position < ids.count ? full.map { $0 + "." + ids[position].description } : nil
            try element.checkRows(of: value, inRowAt: elementRow, named: groupName + "[\(position)]", groups: inner, form: form)
        }
    }

    func addRows(
        of model: Model, under row: String, groups: [RepeatGroup], form: FormContextObject, origin: FormChangeOrigin
    ) throws(RepeatGroupError) {
        guard let group = groups.first(where: { $0.key == key }) else { return }
        let full = row.isEmpty ? key : row + "." + key
        let elements = model[keyPath: path.path]
        var ids = Array(form.rows(of: full))
        while ids.count < elements.count { ids.append(try form.appendRow(to: full, origin: origin)) }
        let inner = group.innerGroups
        guard !inner.isEmpty else { return }
        for (id, value) in zip(ids, elements) {
            try element.addRows(of: value, under: full + "." + id.description, groups: inner, form: form, origin: origin)
        }
    }

    /// The elements the rows under `prefix` hold, in the order's order.
    func elements(in context: FormContext, under prefix: String, named name: String) throws(FormBridgeError) -> [Element] {
        let group = prefix.isEmpty ? key : prefix + "." + key
        let groupName = name.isEmpty ? key : name + "." + key
        // No order is no rows.
        guard let stored = context.storage[group] else { return [] }
        guard let order = stored.base as? RowOrder else {
            throw .typeMismatch(key: groupName, expected: "RowOrder", found: typeName(of: type(of: stored.base)))
        }
        var elements: [Element] = []
        elements.reserveCapacity(order.count)
        for (position, id) in order.enumerated() {
            var value = newElement()
            try element.apply(context, under: group + "." + id.description, named: groupName + "[\(position)]", to: &value)
            elements.append(value)
        }
        return elements
    }

    func scoped<Parent>(in scope: FormScope, through outer: SendableKeyPath<Parent, Model>) -> any RowsBridgeBinding<Parent> {
        RowsBinding<Parent, Element>(key: scope.key(key), path: path.prepending(outer), element: element, newElement: newElement)
    }

    /// The ids of `count` rows: the ids of `existing` by position, then new ids numbered after the
    /// largest of them (or, should that pass ``RowID/largestNumber``, the smallest numbers not in
    /// `existing`).
    static func ids(count: Int, keeping existing: RowOrder?) -> [RowID] {
        let existing = existing ?? RowOrder()
        var ids = Array(existing.prefix(count))
        guard ids.count < count else { return ids }
        let largest = existing.reduce(0) { Swift.max($0, $1.number) }
        if count - ids.count <= RowID.largestNumber - largest {
            ids += (0..<(count - ids.count)).map { RowID(largest + 1 + $0) }
            return ids
        }
        let taken = Set(existing)
        var next = 1
        while ids.count < count {
            if !taken.contains(RowID(next)) { ids.append(RowID(next)) }
            next += 1
        }
        return ids
    }
}
