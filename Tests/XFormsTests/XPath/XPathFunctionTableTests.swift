import Foundation
import TestSupport
import Testing

@testable import FormContextXForms

/// Docs/XForms.md's function table says what the evaluator has: every function it evaluates is
/// named there, and every name there marked supported is one it evaluates.
@Suite struct XPathFunctionTableTests {
    /// The names in backquotes in the first column of the "## Functions" table, with their status.
    static func documented() throws -> [(name: String, status: String)] {
        let guide = try String(contentsOf: DocSnippet.packageRoot.appendingPathComponent("Docs/XForms.md"), encoding: .utf8)
        let section = try #require(guide.components(separatedBy: "\n## Functions\n").dropFirst().first)
        let rows = section.components(separatedBy: "\n## ")[0].split(separator: "\n").filter { $0.hasPrefix("| `") }
        return rows.flatMap { row in
            let cells = row.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            let names = cells[1].split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
            return names.map { ($0, cells[2]) }
        }
    }

    @Test("every function the evaluator has is in the guide's table as supported, and the table names no other")
    func tableMatchesEvaluator() throws {
        let documented = try Self.documented()
        let supported = Set(documented.filter { $0.status == "supported" }.map(\.name))
        let evaluated = Set(XPathFunction.allCases.map(\.rawValue))
        // XPath 1.0's functions the specification leaves out are named in the sentence after the table.
        let outsideSpecification: Set<String> = ["substring", "floor", "ceiling", "last", "name", "local-name"]
        #expect(evaluated.subtracting(outsideSpecification).subtracting(supported).sorted() == [])
        #expect(supported.subtracting(evaluated).sorted() == [])
        #expect(documented.filter { $0.status != "supported" }.map(\.name).filter { XPathFunction(named: $0) != nil } == [])
    }
}
