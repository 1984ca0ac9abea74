extension FormContextObject {
    /// The value of a typed field as a person edits it: never `nil`, and every write is a user edit.
    ///
    /// This is the accessor a user interface binds to. With `@Bindable var form`, SwiftUI turns
    /// `$form[edit: name, default: ""]` into a `Binding<String>` that a `TextField` takes; a
    /// `Toggle` binds a `FormKey<Bool>`, a `Picker` a `FormKey` of an enumeration, a `DatePicker` a
    /// `FormKey<Date>`, and so on for any value type.
    ///
    /// ```swift
    /// let name = FormKey<String>("name")
    /// form[edit: name, default: ""] = "Ada"      // a change with origin .user
    /// let path = \FormContextObject.[edit: name, default: ""]
    /// // ReferenceWritableKeyPath<FormContextObject, String>, what @Bindable makes a Binding of
    /// ```
    ///
    /// - Reading returns the value under `key`, or `defaultValue` when the key is absent **or holds
    ///   a value of another type** (a text field bound to `FormKey<String>` shows `""` over a stored
    ///   `Int`; use ``FormReader/value(for:)`` to tell a wrong type from an absence). Observation
    ///   tracks `key` only, so a view that reads it is invalidated by writes to `key` and nothing else.
    /// - Writing stores the new value with origin ``FormChangeOrigin/user``, so validation modes,
    ///   dirty tracking and subscribers see a person's edit. Writing a value equal to the current one
    ///   changes nothing. Writing `defaultValue` to an absent key **stores it**: the key then holds
    ///   the value the control shows, and the change is announced like any other. The first edit of
    ///   a key that holds another type replaces that value. A read-only field
    ///   (``FieldState/isReadOnly``) is not written: it keeps its value, which reading shows; a
    ///   control bound here reads ``fieldState(for:)`` to show that it cannot be edited.
    ///
    /// - Parameters:
    ///   - key: The typed field key.
    ///   - defaultValue: What reading answers when the key holds no value of type `Value`.
    /// - Complexity: O(1) on average for a read; a write costs what ``set(_:for:origin:)`` costs.
    public subscript<Value>(edit key: FormKey<Value>, default defaultValue: Value) -> Value {
        get { self[key] ?? defaultValue }
        // The change is not returned: none is made for it.
        set { userEditTakingNoChange(newValue, for: key.name) }
    }
}
