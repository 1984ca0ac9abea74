import FormContext
import TestSupport

/// A random form with rules, described as data so that the live form, the server-side evaluation and
/// the test's oracle run the same rules: integer fields, some calculated from earlier ones, some shown,
/// enabled or required by conditions, some under groups shown or enabled together.
///
/// The rules form a graph without cycles: a calculation and a visibility rule read only fields that
/// come before their own (a visibility rule may also read any field nobody calculates, when hidden
/// values are kept), and a group's rules read only fields before the group's first. Enabled and
/// required rules read any field: nothing reads what they decide.
struct RandomRuleForm: CustomStringConvertible {
    /// A condition: the expression is greater than the threshold.
    struct Condition: CustomStringConvertible {
        let expression: RuleExpression
        let threshold: Int

        func holds(_ lookup: (String) -> Int?) -> Bool { expression.evaluate(lookup) > threshold }

        var description: String { "\(expression) > \(threshold)" }
    }

    struct Field {
        let key: String
        var defaultValue: Int?
        /// The calculation's value is the expression modulo 5, absent when that is 4.
        var calculation: RuleExpression?
        var visible: Condition?
        var enabled: Condition?
        var required: Condition?
    }

    struct Group {
        let prefix: String
        /// The positions of its fields.
        let members: Range<Int>
        var visible: Condition?
        var enabled: Condition?
    }

    var fields: [Field] = []
    var groups: [Group] = []
    var hiddenValues = HiddenValues.kept

    /// A calculation's result from its expression's value.
    static func calculated(_ value: Int) -> Int? {
        let result = ((value % 5) + 5) % 5
        return result == 4 ? nil : result
    }

    /// The fields that nobody calculates, which a user may edit.
    var inputKeys: [String] { fields.filter { $0.calculation == nil }.map(\.key) }

    /// The definition the live form and the server run.
    func definition() throws -> FormDefinition {
        let definitions = fields.map { field in
            var definition = FieldDefinition(FormKey<Int>(field.key), default: field.defaultValue)
            if let calculation = field.calculation {
                definition = definition.calculated { values in Self.calculated(calculation.evaluate { values[FormKey<Int>($0)] }) }
            }
            if let visible = field.visible { definition = definition.visible { values in visible.holds { values[FormKey<Int>($0)] } } }
            if let enabled = field.enabled { definition = definition.enabled { values in enabled.holds { values[FormKey<Int>($0)] } } }
            if let required = field.required { definition = definition.required { values in required.holds { values[FormKey<Int>($0)] } } }
            return definition
        }
        let fieldGroups = groups.map { group in
            var fieldGroup = FieldGroup(group.prefix)
            if let visible = group.visible { fieldGroup = fieldGroup.visible { values in visible.holds { values[FormKey<Int>($0)] } } }
            if let enabled = group.enabled { fieldGroup = fieldGroup.enabled { values in enabled.holds { values[FormKey<Int>($0)] } } }
            return fieldGroup
        }
        return try FormDefinition(definitions, groups: fieldGroups, hiddenValues: hiddenValues)
    }

    var description: String {
        var lines = ["hidden values \(hiddenValues)"]
        for field in fields {
            var parts = [field.key + (field.defaultValue.map { " = \($0)" } ?? "")]
            if let calculation = field.calculation { parts.append("calc \(calculation)") }
            if let visible = field.visible { parts.append("visible \(visible)") }
            if let enabled = field.enabled { parts.append("enabled \(enabled)") }
            if let required = field.required { parts.append("required \(required)") }
            lines.append(parts.joined(separator: "; "))
        }
        for group in groups {
            var parts = ["group \(group.prefix) \(group.members)"]
            if let visible = group.visible { parts.append("visible \(visible)") }
            if let enabled = group.enabled { parts.append("enabled \(enabled)") }
            lines.append(parts.joined(separator: "; "))
        }
        return lines.joined(separator: "\n")
    }
}

extension RandomRuleForm {
    /// A random form drawn from `generator`.
    static func random(using generator: inout SplitMix64) -> RandomRuleForm {
        var form = RandomRuleForm()
        form.hiddenValues = Int.random(in: 0..<3, using: &generator) == 0 ? .cleared : .kept
        let count = Int.random(in: 3...14, using: &generator)
        // Groups: up to two ranges of fields that do not overlap, the second maybe nested in the first.
        var ranges: [(prefix: String, members: Range<Int>)] = []
        for _ in 0..<Int.random(in: 0...2, using: &generator) where count > 3 {
            let start = Int.random(in: 1..<(count - 1), using: &generator)
            let end = Int.random(in: (start + 1)...count, using: &generator)
            if let outer = ranges.first, outer.members.contains(start), end <= outer.members.upperBound {
                ranges.append((outer.prefix + ".n", start..<end))
            } else if !ranges.contains(where: { $0.members.overlaps(start..<end) }) {
                ranges.append(("g\(ranges.count)", start..<end))
            }
        }
        func key(_ index: Int) -> String {
            let prefixes = ranges.filter { $0.members.contains(index) }.map(\.prefix)
            return (prefixes.max { $0.count < $1.count }.map { $0 + "." } ?? "") + "f\(index)"
        }
        let keys = (0..<count).map(key)
        func condition(reading readable: [String]) -> Condition {
            Condition(
                expression: .random(reading: readable, depth: 2, using: &generator), threshold: Int.random(in: -1...2, using: &generator))
        }
        for index in 0..<count {
            var field = Field(key: keys[index])
            let earlier = Array(keys[..<index])
            if index > 0, Int.random(in: 0..<10, using: &generator) < 4 {
                field.calculation = .random(reading: earlier, depth: 3, using: &generator)
            } else if !Bool.random(using: &generator) || index == 0 {
                field.defaultValue = Int.random(in: 0...3, using: &generator)
            }
            form.fields.append(field)
        }
        let uncalculated = form.inputKeys
        for index in 0..<count {
            let earlier = Array(keys[..<index])
            if index > 0, Int.random(in: 0..<10, using: &generator) < 3 {
                var readable = earlier
                if form.hiddenValues == .kept { readable += uncalculated.filter { $0 != keys[index] && !earlier.contains($0) } }
                form.fields[index].visible = condition(reading: readable)
            }
            if Int.random(in: 0..<10, using: &generator) < 2 { form.fields[index].enabled = condition(reading: keys) }
            if Int.random(in: 0..<10, using: &generator) < 2 { form.fields[index].required = condition(reading: keys) }
        }
        for range in ranges {
            var group = Group(prefix: range.prefix, members: range.members)
            let before = Array(keys[..<range.members.lowerBound])
            if Int.random(in: 0..<4, using: &generator) > 0 { group.visible = condition(reading: before) }
            if Int.random(in: 0..<3, using: &generator) == 0 { group.enabled = condition(reading: before) }
            form.groups.append(group)
        }
        return form
    }
}
