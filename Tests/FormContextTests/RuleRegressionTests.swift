import Testing

@testable import FormContext

/// Forms on which the rule engine once went wrong, each found by ``RulePropertyTests`` (the seed and
/// form named) and pinned here in its smallest shape.
@Suite("Rules: pinned regressions")
struct RuleRegressionTests {
    private static let hasChildren = FormKey<Bool>("hasChildren")
    private static let children = FormKey<Int>("children")

    /// A definition the tests know is consistent.
    private static func definition(_ fields: [FieldDefinition], groups: [FieldGroup] = [], hiddenValues: HiddenValues) throws -> FormDefinition {
        try FormDefinition(fields, groups: groups, hiddenValues: hiddenValues)
    }

    @Test("with hidden values cleared, a field hidden as the definition is attached starts without a value and clean (seed 1, form 20)")
    func clearedAtAttachIsClean() throws {
        let form = FormContextObject(
            definition: try Self.definition(
                [
                    FieldDefinition(Self.hasChildren, default: false),
                    FieldDefinition(Self.children, default: 2).visible(when: { $0[Self.hasChildren] == true }),
                ], hiddenValues: .cleared))
        #expect(form[Self.children] == nil)
        #expect(!form.isDirty)
        form[Self.hasChildren] = true
        form.reset()
        #expect(form[Self.children] == nil)
        #expect(!form.isVisible("children"))
        #expect(!form.isDirty)
    }
}
