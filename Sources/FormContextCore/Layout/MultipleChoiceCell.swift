/// Any number of choices among a fixed list of options: the titles of the selected ones shown in the
/// row, and a screen of one checkmarked option per choice that a navigator's activation opens, where
/// selecting an option adds it to the selection or takes it out. A renderer with a list of checkboxes
/// reads ``Cell/selectedOptions(in:)`` and calls ``Cell/toggle(_:in:)``.
///
/// The selection is stored as a `Set` of the options' values, or, for a field of text, as the
/// selected options' values separated by a separator, in the order they were chosen: values already
/// stored keep their places, a new choice goes last (an XForm `select` answered `c`, then `a`,
/// stores `c a`, as JavaRosa keeps it). A value the options do not offer, such as one an itemset's
/// filter no longer keeps, is dropped when the selection next changes:
///
/// ```swift
/// MultipleChoiceCell("Toppings", key: FormKey<Set<String>>("toppings"), options: [
///     CellOption("Cheese", value: "cheese"), CellOption("Olives", value: "olives"),
/// ])
/// ```
public struct MultipleChoiceCell: CellContent {
    /// The cell.
    let cell: Cell

    /// Creates a choice of any number of `options`, stored as a set of their values.
    ///
    /// - Parameters:
    ///   - title: The title.
    ///   - key: The field holding the selection.
    ///   - options: The options, in the order they are offered; their values are of type `Value`.
    public init<Value: Hashable & Sendable>(_ title: String, key: FormKey<Set<Value>>, options: [CellOption]) {
        let selection = MultipleSelection(
            read: { stored in (stored?.base as? Set<Value>)?.map(AnyHashable.init) ?? [] },
            write: { chosen, form, name in
                form.userEdit(Set(chosen.compactMap { $0.base as? Value }), for: name)?.error
            })
        cell = Self.cell(title, key: key.name, options: options, selection: selection)
    }

    /// Creates a choice of any number of `options` whose values are text, stored as the selected
    /// values in the order they were chosen, separated by `separator`; no selection is stored as no
    /// value.
    ///
    /// - Parameters:
    ///   - title: The title.
    ///   - key: The field holding the selection as text.
    ///   - options: The options, in the order they are offered; their values are `String`s without
    ///     the separator.
    ///   - separator: What separates the values in the text: a space by default, as in an XForm.
    public init(_ title: String, key: FormKey<String>, options: [CellOption], separator: String = " ") {
        let selection = MultipleSelection(
            read: { stored in
                guard let text = stored?.base as? String, !separator.isEmpty else { return [] }
                return text.split(separator: separator, omittingEmptySubsequences: true).map { AnyHashable(String($0)) }
            },
            write: { chosen, form, name in
                let text = chosen.compactMap { $0.base as? String }.joined(separator: separator)
                return form.userEdit(text.isEmpty ? nil : text, for: name)?.error
            })
        cell = Self.cell(title, key: key.name, options: options, selection: selection)
    }

    /// The cell, showing the selected options' titles and opening the screen of options.
    private static func cell(_ title: String, key: String, options: [CellOption], selection: MultipleSelection) -> Cell {
        let optionCells = options.map { option in
            let toggling = CellOption(option.title, value: option.value) { form, name in
                selection.toggle(option.value, among: options, in: form, key: name)
            }
            return Cell(kind: .option, title: option.title, key: key, options: [toggling]) { values in
                .checkmark(Set(selection.read(values[key])).contains(option.value))
            }
        }
        return Cell(
            kind: .multipleChoice, title: title, key: key, options: options, selection: selection,
            destination: { Screen(title) { FormSection { CellGroup(optionCells) } } }
        ) { values in
            let chosen = Set(selection.read(values[key]))
            return .text(options.filter { chosen.contains($0.value) }.map(\.title).joined(separator: ", "))
        }
    }

    /// The cell.
    public var cells: [Cell] { [cell] }
}

/// How a multiple-choice cell reads its selection from the stored value and writes one back.
struct MultipleSelection: Sendable {
    /// The values selected, from the field's stored value, in the order they are stored.
    let read: @Sendable (AnyHashable?) -> [AnyHashable]
    /// Stores the chosen values, in the order given, as a user edit.
    let write: @Sendable (_ chosen: [AnyHashable], _ form: FormContextObject, _ key: String) -> FormControlError?

    /// Adds `value` to the selection in `form` after the values already chosen, or takes it out
    /// where it is, as a user edit. Values the options do not offer (any more) are dropped, and so
    /// is a value stored twice, the others keeping their order: what JavaRosa keeps of a select's
    /// answer when its question is shown again.
    func toggle(_ value: AnyHashable, among options: [CellOption], in form: FormContextObject, key: String) -> FormControlError? {
        let offered = Set(options.map(\.value))
        var seen: Set<AnyHashable> = []
        var chosen = read(form[key]).filter { offered.contains($0) && seen.insert($0).inserted }
        if let index = chosen.firstIndex(of: value) { chosen.remove(at: index) } else { chosen.append(value) }
        return write(chosen, form, key)
    }
}
