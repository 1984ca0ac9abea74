import Testing

@testable import FormContextXForms

/// `indexed-repeat` and `position` over repeats inside repeats, as the specification describes them.
@Suite struct XPathRepeatTests {
    typealias E = MemoryTree.Element

    /// Two outer rows, each with inner rows, each with third-level rows; every leaf names its place.
    static func nested() -> MemoryTree {
        func inner(_ o: Int, _ i: Int) -> E {
            E("r2", [E("in2", "\(o).\(i)")] + (1...2).map { t in E("r3", [E("in3", "\(o).\(i).\(t)")]) })
        }
        return MemoryTree(E("data", [
            E("r1", [E("in1", "1")] + (1...3).map { inner(1, $0) }),
            E("r1", [E("in1", "2")] + (1...2).map { inner(2, $0) }),
            E("i", "2", type: .number), E("j", "1", type: .number),
        ]))
    }

    @Test(arguments: [
        ("indexed-repeat(/data/r1/in1, /data/r1, 2)", "data", "2"),
        ("indexed-repeat(/data/r1/r2/in2, /data/r1, 1, /data/r1/r2, 3)", "data", "1.3"),
        ("indexed-repeat(/data/r1/r2/in2, /data/r1/r2, 3, /data/r1, 1)", "data", "1.3"),
        ("indexed-repeat(/data/r1/r2/r3/in3, /data/r1, /data/i, /data/r1/r2, /data/j, /data/r1/r2/r3, 2)", "data", "2.1.2"),
        ("indexed-repeat(/data/r1/r2/in2, /data/r1, 2, /data/r1/r2, 3)", "data", ""),
        // Relative paths resolve from the context node, as in a bind inside the repeat.
        ("indexed-repeat(../in2, ../../../r1, 2, ../../r2, position(..))", "data/r1[1]/r2[2]/r3[1]", "2.2"),
        ("indexed-repeat(/data/r1/r2/r3/in3, /data/r1, position(../..), /data/r1/r2, position(..), /data/r1/r2/r3, 1)",
         "data/r1[2]/r2[2]/in2", "2.2.1"),
        ("concat(position(../..), '-', position(..))", "data/r1[2]/r2[1]/r3[2]/in3", "1-2"),
        ("count(/data/r1/r2/r3)", "data", "10"),
        ("count(../r2)", "data/r1[1]/in1", "3"),
    ])
    func nestedRepeats(_ source: String, _ context: String, _ expected: String) throws {
        #expect(try Fixture.string(source, at: context, in: Self.nested()) == expected)
    }

    @Test func aRepeatThatDoesNotHoldTheFieldIsNamed() {
        let error = #expect(throws: XPathError.self) {
            try Fixture.string("indexed-repeat(/data/r1/in1, /data/r1/r2, 1)", in: Self.nested())
        }
        #expect(error?.reason == "indexed-repeat(): parameter 2 must be a parent of the field in parameter 1")
        let notAPath = #expect(throws: XPathError.self) { try Fixture.string("indexed-repeat('x', /data/r1, 1)", in: Self.nested()) }
        #expect(notAPath?.reason == "indexed-repeat(): parameter 1 must be a path to a field")
    }
}
