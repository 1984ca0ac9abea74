extension FormBridge {
    /// Stores every bound property of `model` in `context`, and marks the secret keys secure.
    ///
    /// An optional property that is `nil` removes its key. Keys the bridge does not bind are left
    /// as they are. An array bound with ``bindRows(_:to:under:newElement:)`` stores its group's order
    /// and each element under its row: rows `context` already holds keep their ids by position, new
    /// rows are numbered after the largest id, and the keys of rows beyond the array's end go.
    ///
    /// - Parameters:
    ///   - context: The context to write into.
    ///   - model: The model to read.
    /// - Complexity: O(*n*) for *n* bindings, counting each element's bindings once per element;
    ///   when rows go, plus a pass over the context's keys.
    func fill(_ context: inout FormContext, from model: Model) {
        guard rowBindings.isEmpty else {
            fillWithRows(&context, from: model)
            return
        }
        for binding in bindings {
            context.storage[binding.key] = binding.storedValue(of: model)
            if binding.isSecure { context.secureKeys.insert(binding.key) }
        }
    }

    /// A new context holding every bound property of `model`.
    ///
    /// - Parameter model: The model to read.
    /// - Returns: The context, with the secret keys marked secure.
    /// - Complexity: O(*n*) for *n* bindings.
    public func context(from model: Model) -> FormContext {
        var context = FormContext()
        context.storage.reserveCapacity(bindings.count)
        fill(&context, from: model)
        return context
    }

    /// Writes the value of every bound key of `context` into `model`, all or nothing.
    ///
    /// Either every property is written, or, on an error, nothing is: not `model`, and not any object
    /// `model` reaches through a key path (a class model, a class-typed property on the way, a
    /// class-typed child bound with ``bind(_:to:under:)``). Where a key path goes through a class, every
    /// value is checked (present, of the right type, a known raw value) before any property is
    /// assigned; otherwise the values are written into a copy of the model, assigned at the end. A write
    /// that succeeds assigns through those references, so every holder of such an object sees the new
    /// values.
    ///
    /// - Parameters:
    ///   - context: The values to write.
    ///   - model: The model to update.
    /// - Throws: ``FormBridgeError/missingValue(key:expected:)`` when a key of a non-optional
    ///   property is absent, ``FormBridgeError/typeMismatch(key:expected:found:)`` when a value has
    ///   the wrong type, ``FormBridgeError/unknownRawValue(key:type:text:)`` when a raw value names
    ///   no case. Errors are checked in declaration order, arrays of rows after the other bindings;
    ///   a row's field is named by the row's position from 0 (`members[2].age`).
    /// - Complexity: O(*n*) for *n* bindings.
    public func write(_ context: FormContext, into model: inout Model) throws(FormBridgeError) {
        if writesThroughReferences {
            // A copy would not protect an object reached through a reference: check every value, then
            // assign. Applying a checked value cannot fail, since decoding depends on the value alone;
            // a group's rows are checked by building its elements, which are new.
            for binding in bindings {
                try binding.check(context.storage[binding.key])
            }
            for binding in rowBindings {
                try binding.check(context, under: "", named: "")
            }
            try apply(context, under: "", named: "", to: &model)
            return
        }
        // Only values on every path: a copy takes the writes, and the model changes only if all succeed.
        var updated = model
        for binding in bindings {
            try binding.apply(context.storage[binding.key], to: &updated)
        }
        for binding in rowBindings {
            try binding.apply(context, under: "", named: "", to: &updated)
        }
        model = updated
    }

    /// `model` with the value of every bound key of `context` written into it.
    ///
    /// - Parameters:
    ///   - model: The starting model (for example the defaults).
    ///   - context: The values to write.
    /// - Returns: The updated model.
    /// - Throws: ``FormBridgeError``, as ``write(_:into:)`` does.
    /// - Complexity: O(*n*) for *n* bindings.
    func model(from context: FormContext, startingFrom model: Model) throws(FormBridgeError) -> Model {
        var updated = model
        try write(context, into: &updated)
        return updated
    }

    /// The value the property bound to `key` is stored as, or `nil` (unbound key, or absent value).
    ///
    /// - Parameters:
    ///   - key: A bound key.
    ///   - model: The model to read.
    /// - Returns: The stored form of the property.
    func storedValue(for key: String, of model: Model) -> AnyHashable? {
        guard let index = indexByKey[key] else { return nil }
        return bindings[index].storedValue(of: model)
    }

    /// Whether `key` is bound.
    ///
    /// - Parameter key: A key, with any scope prefix.
    /// - Returns: `true` if a binding stores a property under `key`.
    func binds(_ key: String) -> Bool {
        indexByKey[key] != nil
    }

    /// What copies the property bound to `key` from one model (the second argument) into another;
    /// `nil` for an unbound key.
    func sync(of key: String) -> (@Sendable (inout Model, Model) -> Void)? {
        guard let index = indexByKey[key] else { return nil }
        let binding = bindings[index]
        return { target, source in binding.copyProperty(from: source, into: &target) }
    }

    /// Writes the one value `stored` into the property bound to `key`.
    ///
    /// - Parameters:
    ///   - stored: The value as a context holds it; `nil` for an absent key.
    ///   - key: The key.
    ///   - model: The model to update; unchanged when this throws.
    /// - Returns: Whether `model` changed: `false` for an unbound key or a value the property
    ///   already has.
    /// - Throws: ``FormBridgeError``, as ``write(_:into:)`` does.
    @discardableResult
    public func write(_ stored: AnyHashable?, for key: String, into model: inout Model) throws(FormBridgeError) -> Bool {
        guard let index = indexByKey[key] else { return false }
        let binding = bindings[index]
        try binding.check(stored)
        if isSameValue(binding.storedValue(of: model), stored) { return false }
        try binding.apply(stored, to: &model)
        return true
    }
}
