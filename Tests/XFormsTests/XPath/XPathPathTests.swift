import Testing

@testable import FormContextXForms

/// Paths: absolute, relative, `.`, `..`, predicates, `current()`, `instance()`, and relevance.
@Suite struct XPathPathTests {
    typealias E = MemoryTree.Element

    /// Households with members; the second household is not relevant, and so neither are its members.
    /// A path selects relevant nodes only, and predicates count among those (`/data/household[2]` is
    /// the third household), while `position(node)` counts every same-named sibling, as JavaRosa's
    /// `position()` does.
    static func households() -> MemoryTree {
        MemoryTree(
            E("data", [
                E("household", [E("name", "A"), E("member", [E("age", "30", type: .number)]), E("member", [E("age", "4", type: .number)])]),
                E("household", relevant: false, [E("name", "B"), E("member", [E("age", "50", type: .number)])]),
                E("household", [E("name", "C"), E("member", [E("age", "12", type: .number)])]),
                E("selected", "C"),
                E("meta", [E("orx:instanceID", "uuid:1")]),
            ]),
            instances: ["names": E("root", [E("item", [E("label", "first"), E("key", "A")]), E("item", [E("label", "third"), E("key", "C")])])])
    }

    @Test(arguments: [
        ("/data/household[1]/name", "data", "A"),
        ("/data/household[2]/name", "data", "C"),
        ("count(/data/household)", "data", "2"),
        ("count(/data/household/member)", "data", "3"),
        ("sum(/data/household/member/age)", "data", "46"),
        ("count(//age)", "data", "3"),
        ("count(/data/household/member[age > 10])", "data", "2"),
        ("/data/household[name = /data/selected]/member/age", "data", "12"),
        ("../name", "data/household[1]/member[2]", "A"),
        ("../../selected", "data/household[3]/member", "C"),
        ("position(../..)", "data/household[3]/member/age", "3"),
        ("position(..)", "data/household[3]/member/age", "1"),
        ("count(../member)", "data/household[1]/member[1]", "2"),
        (".", "data/household[1]/member[1]/age", "30"),
        ("./../age", "data/household[1]/member[1]/age", "30"),
        (". + 1", "data/household[1]/member[2]/age", "5"),
        (".", "data/household[2]/member/age", ""),
        ("current()", "data/household[2]/member/age", ""),
        ("../../name", "data/household[2]/member/age", ""),
        ("instance('names')/root/item[key = current()/../name]/label", "data/household[3]/member", "third"),
        ("instance('names')/root/item[key = /data/selected]/label", "data", "third"),
        ("/data/meta/orx:instanceID", "data", "uuid:1"),
        ("/data/household[1]/member[last()]/age", "data", "4"),
        ("/data/household[1]/member[position() = 1]/age", "data", "30"),
        ("name(/data/*[4])", "data", "meta"),
        ("count(/data/household[1]/member | /data/household[2]/member | /data/household[1]/member)", "data", "3"),
        ("string(/data/household/member/age)", "data", "30"),
        ("/data/household[2]/member/age = 12", "data", "true"),
        ("/data/household/member/age = 50", "data", "false"),
        ("/data/household/member/age = 4", "data", "true"),
        ("/data/household/member/age > 20", "data", "true"),
        ("count(/)", "data", "1"),
        ("count(/data/household[1]/member/age/parent::member/ancestor::household)", "data", "1"),
        ("count(/data/household[1]/following-sibling::household)", "data", "1"),
        ("count(/data/household[2]/preceding-sibling::*)", "data", "1"),
        ("name(/data/household[2]/preceding-sibling::*[1])", "data", "household"),
    ])
    func path(_ source: String, _ context: String, _ expected: String) throws {
        #expect(try Fixture.string(source, at: context, in: Self.households()) == expected)
    }

    @Test func unionsComeOutInDocumentOrder() throws {
        let tree = Self.households()
        let value = try XPathExpression("/data/selected | /data/household[2]/name | /data/household[1]/name")
            .evaluate(in: tree, context: tree.node("data"))
        #expect(value == .nodes([tree.node("data/household[1]/name"), tree.node("data/household[3]/name"), tree.node("data/selected")]))
    }

    @Test func attributesAreNodes() throws {
        let tree = Fixture.tree()
        #expect(try Fixture.string("/data/group/@id", in: tree) == "g1")
        #expect(try Fixture.string("count(/data/group/@*)", in: tree) == "1")
        #expect(try Fixture.string("/data/group[@id = 'g1']/inner", in: tree) == "in")
    }

    @Test func aPredicateOrAStepOnANumberIsAnError() {
        let error = #expect(throws: XPathError.self) { try Fixture.string("(1)[1]") }
        #expect(error?.description == "a predicate or a path step needs a node-set, found a number in \"(1)[1]\"")
        #expect(throws: XPathError.self) { try Fixture.string("concat('a')/b") }
        #expect(throws: XPathError.self) { try Fixture.string("1 | /data") }
    }

    @Test func relevanceChangesWhatAPathSelects() throws {
        let tree = Self.households()
        let count = try XPathExpression("count(/data/household/member)")
        #expect(try count.evaluate(in: tree, context: tree.node("data")) == .number(3))
        tree.set(tree.node("data/household[2]"), relevant: true)
        #expect(try count.evaluate(in: tree, context: tree.node("data")) == .number(4))
        tree.set(tree.node("data/household[1]/member[2]"), relevant: false)
        #expect(try count.evaluate(in: tree, context: tree.node("data")) == .number(3))
    }
}
