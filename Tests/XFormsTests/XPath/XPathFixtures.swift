import Foundation

@testable import FormContextXForms

/// The tree most tests read: typed leaves, a non-relevant leaf, four rows of `item`, a select's
/// value and a secondary instance of cities.
enum Fixture {
    static func tree() -> MemoryTree {
        typealias E = MemoryTree.Element
        let data = E("data", [
            E("i0", "0", type: .number), E("i7", "7", type: .number), E("s0", "0"), E("e"),
            E("d", "2020-02-29", type: .date), E("dt", "2020-02-29T13:45:30.250+02:00", type: .date),
            E("hid", "5", type: .number, relevant: false),
            E("item", [E("v", "1")]), E("item", [E("v", "2.5")]), E("item", [E("v")]), E("item", [E("v", "x")]),
            E("sel", "a b c"), E("color", "r"), E("geo", "0 0; 0 1"),
            E("group", attributes: [("id", "g1")], [E("inner", "in")]),
        ])
        let cities = E("root", [
            E("item", [E("name", "Paris"), E("country", "fr")]),
            E("item", [E("name", "Lyon"), E("country", "fr")]),
            E("item", [E("name", "Rome"), E("country", "it")]),
        ])
        let tree = MemoryTree(data, instances: ["cities": cities])
        tree.choiceLabels["/data/color"] = ["r": "Red", "g": "Green"]
        return tree
    }

    static let now = ISO8601DateFormatter().date(from: "2021-06-15T10:30:00Z")!
    static let environment = XPathEnvironment.seeded(7, now: now)

    /// Evaluates `source` at `context` (a path from the document; the root element unless given) and
    /// returns the value's text.
    static func string(_ source: String, at context: String = "data", in tree: MemoryTree = tree()) throws -> String {
        let value = try XPathExpression(source).evaluate(in: tree, context: tree.node(context), environment: environment)
        return value.string(in: tree, environment: environment)
    }
}
