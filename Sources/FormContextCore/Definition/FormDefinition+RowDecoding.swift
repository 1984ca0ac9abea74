import Foundation

extension FormDefinition {
    /// Whether any value the definition describes is secret: a field's, or a field's of a row.
    var hasSecrets: Bool {
        !secureKeys.isEmpty || repeatGroups.contains(where: \.holdsSecrets)
    }

    /// A field for the key of a group's summary that no field of the definition describes: its type
    /// is the summary's (`Int` for a count, `Bool` for any and all, the summed field's for a sum), so
    /// a submission's summaries read back. A summary kept in a row by a group inside it (`households.r1.memberCount`) is found the same way.
    func summaryField(_ key: String) -> FieldDefinition? {
        if let field = Self.summaryField(key, keptBy: repeatGroups, named: key) { return field }
        guard let (group, _, name) = rowField(key) else { return nil }
        return Self.summaryField(name, keptBy: group.innerGroups, named: key)
    }

    /// The field of the summary with key `key` that one of `groups` keeps, keyed `named`.
    private static func summaryField(_ key: String, keptBy groups: [RepeatGroup], named: String) -> FieldDefinition? {
        for group in groups {
            guard let summary = group.summaries.first(where: { $0.key == key }) else { continue }
            switch (summary.presentation, summary.statistic) {
            case (.count, _): return FieldDefinition(FormKey<Int>(named))
            case (.any, _), (.all, _): return FieldDefinition(FormKey<Bool>(named))
            case (.sum, .sum(_, .int)): return FieldDefinition(FormKey<Int>(named))
            case (.sum, .sum(_, .double)): return FieldDefinition(FormKey<Double>(named))
            case (.sum, .sum(_, .decimal)): return FieldDefinition(FormKey<Decimal>(named))
            case (.sum, _): return nil
            }
        }
        return nil
    }

    /// Reads the rows of `group` from JSON (an array of objects, one per row) into `context`: the
    /// group's ``RowOrder`` under its key, each field under its row's key.
    ///
    /// - Parameters:
    ///   - json: The group's JSON; `null` leaves the group without an order.
    ///   - group: The group.
    ///   - unknownKeys: What to do with a key of a row the group has no field for.
    ///   - context: Where the values go.
    ///   - secrets: Collects the keys of the rows' secret fields.
    /// - Throws: ``FormDecodingError`` naming the row by its position from 0 (`members[2].age`).
    /// - Complexity: O(*r*·*f* log *f*) for *r* rows of *f* keys.
    ///   - path: How errors name the group: its key at the top, `households[0].members` inside a row;
    ///     the group's key when `nil`.
    func decodeRows(
        _ json: JSONValue, of group: RepeatGroup, path: String? = nil, unknownKeys: UnknownKeyPolicy, into context: inout FormContext,
        secrets: inout Set<String>
    ) throws(FormDecodingError) {
        let path = path ?? group.key
        let hidesFound = group.holdsSecrets
        guard json != .null else { return }
        guard case .array(let items) = json else {
            throw .typeMismatch(key: path, expected: "an array of rows", found: hidesFound ? json.kind : json.excerpt())
        }
        var objects: [JSONObject] = []
        objects.reserveCapacity(items.count)
        for (position, item) in items.enumerated() {
            guard case .object(let members) = item else {
                throw .typeMismatch(
                    key: "\(path)[\(position)]", expected: "an object of the row's fields", found: hidesFound ? item.kind : item.excerpt())
            }
            objects.append(members)
        }
        let ids = try Self.rowIDs(of: objects, in: path)
        for (position, (members, id)) in zip(objects, ids).enumerated() {
            let prefix = group.key + "." + id.description + "."
            let names = try Self.distinctKeys(of: members, naming: { "\(path)[\(position)].\($0)" })
            for name in names where name != SubmittedJSON.rowIDMember {
                guard let member = members[name] else { continue }
                let key = prefix + name
                if let inner = group.field(name)?.repeatGroup {
                    try decodeRows(
                        member, of: inner.instanced(in: RowScope(in: group, id: id)), path: "\(path)[\(position)].\(name)",
                        unknownKeys: unknownKeys, into: &context, secrets: &secrets)
                    continue
                }
                guard let field = group.field(name) ?? Self.summaryField(name, keptBy: group.innerGroups, named: key) else {
                    switch unknownKeys {
                    case .reject: throw .unknownKey(key: "\(path)[\(position)].\(name)", found: member.kind)
                    case .ignore: continue
                    case .keepAsJSON:
                        if member != .null { context.storage[key] = AnyHashable(member) }
                        continue
                    }
                }
                do {
                    if let value = try field.decode(member) { context.storage[key] = value }
                } catch {
                    throw error.naming("\(path)[\(position)].\(name)")
                }
                if field.isSecure { secrets.insert(key) }
            }
        }
        context.storage[group.key] = AnyHashable(RowOrder(ids))
    }

    /// The ids of the rows: the one each row carries as `"$row"`, and for each row without one the
    /// smallest number no row carries (r1, r2, … when none carries one).
    ///
    /// - Throws: ``FormDecodingError/typeMismatch(key:expected:found:)`` for a `"$row"` that is not a
    ///   row id from `r1` to ``RowID/largestNumber`` (the largest a form gives), or that an earlier row
    ///   carries too.
    private static func rowIDs(of rows: [JSONObject], in group: String) throws(FormDecodingError) -> [RowID] {
        var given: [RowID?] = []
        var seen: Set<RowID> = []
        for (position, row) in rows.enumerated() {
            guard let member = row[SubmittedJSON.rowIDMember] else {
                given.append(nil)
                continue
            }
            let key = "\(group)[\(position)].\(SubmittedJSON.rowIDMember)"
            guard case .string(let text) = member, let id = RowID(text), id.isInRange else {
                throw .typeMismatch(key: key, expected: "a row id from r1 to r\(RowID.largestNumber)", found: member.excerpt())
            }
            guard seen.insert(id).inserted else {
                throw .typeMismatch(key: key, expected: "a row id no earlier row carries", found: member.excerpt())
            }
            given.append(id)
        }
        var next = 1
        return given.map { id in
            if let id { return id }
            while seen.contains(RowID(next)) { next += 1 }
            defer { next += 1 }
            return RowID(next)
        }
    }
}

extension FormDefinition {
    /// The keys of `members` in order, each a key of its own in a form.
    ///
    /// - Parameter naming: The name an error gives a key.
    /// - Throws: ``FormDecodingError/repeatedKey(key:written:)`` for two keys that a form takes for
    ///   one: the same text, its characters composed differently (`"caf\u{E9}"`, `"cafe\u{301}"`).
    static func distinctKeys(of members: JSONObject, naming: (String) -> String) throws(FormDecodingError) -> [String] {
        let keys = members.sortedKeys
        // Keys a form takes for one sort next to each other.
        for (key, next) in zip(keys, keys.dropFirst()) where key == next {
            throw .repeatedKey(key: naming(key), written: [key, next])
        }
        return keys
    }
}

extension FormDecodingError {
    /// The same error about `key` instead of the key it names.
    func naming(_ key: String) -> FormDecodingError {
        switch self {
        case .typeMismatch(_, let expected, let found): .typeMismatch(key: key, expected: expected, found: found)
        case .unknownKey(_, let found): .unknownKey(key: key, found: found)
        case .unsupportedType(_, let type): .unsupportedType(key: key, type: type)
        case .repeatedKey(_, let written): .repeatedKey(key: key, written: written)
        case .invalidJSON, .notAnObject: self
        }
    }
}
