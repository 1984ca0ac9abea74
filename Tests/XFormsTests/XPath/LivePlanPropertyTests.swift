import Foundation
@testable import FormContextXForms
import Testing
import TestSupport

/// Expressions resolved once against a form (absolute paths, numbers, text, operators, `sum()` of
/// a repeat's field) against the same expressions evaluated as written: random expressions over
/// nodes of every type, some of them not relevant, after random values, blanks and repeat rows.
/// `FORMCONTEXT_SEED=<n>` replays one seed.
@Suite("Live plans: resolved expressions against evaluating them as written")
struct LivePlanPropertyTests {
    static let form = """
        <?xml version="1.0"?>
        <h:html xmlns="http://www.w3.org/2002/xforms" xmlns:h="http://www.w3.org/1999/xhtml">
        <h:head><h:title>plans</h:title><model>
        <instance><data id="plans">
        <a>1</a><b>2.5</b><s>abc</s><f>true</f><d>2020-01-02</d><g>4</g><n/>
        <grp><h>7</h></grp>
        <item><v>1</v><w>2</w></item><item><v>2</v><w>x</w></item>
        </data></instance>
        <bind nodeset="/data/a" type="int"/>
        <bind nodeset="/data/b" type="decimal"/>
        <bind nodeset="/data/s" type="string"/>
        <bind nodeset="/data/f" type="boolean"/>
        <bind nodeset="/data/d" type="date"/>
        <bind nodeset="/data/g" type="int" relevant="/data/a &gt; 2"/>
        <bind nodeset="/data/n" type="string" calculate="/data/a + /data/b"/>
        <bind nodeset="/data/grp" relevant="/data/s != 'off'"/>
        <bind nodeset="/data/grp/h" type="int"/>
        <bind nodeset="/data/item/v" type="int" relevant="../w != 'x'"/>
        <bind nodeset="/data/item/w" type="string"/>
        </model></h:head>
        <h:body><repeat nodeset="/data/item"><input ref="/data/item/v"/><input ref="/data/item/w"/></repeat></h:body></h:html>
        """

    static let texts: [String: [String]] = [
        "/data/a": ["", "0", "1", "3", "-4", "7"],
        "/data/b": ["", "0", "2.5", "-1.25", "3"],
        "/data/s": ["", "0", "abc", "off", "3", "2020-01-02", "true"],
        "/data/f": ["", "true", "false"],
        "/data/d": ["", "2020-01-02", "1969-12-31"],
        "/data/g": ["", "0", "5", "-2"],
        "/data/grp/h": ["", "0", "7", "-1"],
    ]
    static let operators = ["+", "-", "*", "div", "mod", "=", "!=", "<", "<=", ">", ">=", "and", "or"]
    static let leaves = ["/data/a", "/data/b", "/data/s", "/data/f", "/data/d", "/data/g", "/data/n", "/data/grp/h"]
    static let atoms = ["1", "0", "-3", "2.5", "'2'", "''", "'abc'", "'2020-01-02'", "'true'", "sum(/data/item/v)", "sum(/data/item/w)"]

    static func expression(_ depth: Int, _ random: inout SplitMix64) -> String {
        let pick = Int.random(in: 0..<10, using: &random)
        if depth == 0 || pick < 3 {
            return Bool.random(using: &random) ? leaves.randomElement(using: &random)! : atoms.randomElement(using: &random)!
        }
        if pick == 3 { return "-(\(expression(depth - 1, &random)))" }
        return "(\(expression(depth - 1, &random)) \(operators.randomElement(using: &random)!) \(expression(depth - 1, &random)))"
    }

    /// Equal values, `NaN` equal to itself.
    static func same(_ a: XPathValue<LiveNode>, _ b: XPathValue<LiveNode>) -> Bool {
        if case .number(let x) = a, case .number(let y) = b { return x == y || (x.isNaN && y.isNaN) }
        return a == b
    }

    @Test("every expression of the resolved shapes has a plan, and the plan's value, truth and stored values are the expression's")
    func plansMatchEvaluation() throws {
        let seeds: [UInt64] = ProcessInfo.processInfo.environment["FORMCONTEXT_SEED"].flatMap(UInt64.init).map { [$0] } ?? Array(1...40)
        let form = try XForm(XFormDocument(data: Data(Self.form.utf8)))
        let model = form.model
        for seed in seeds {
            var random = SplitMix64(seed: seed)
            let record = try XFormRecord(form)
            for step in 0..<30 {
                // A random change: a value (or blank), a row added or removed, a row's field.
                switch Int.random(in: 0..<10, using: &random) {
                case 0: _ = try? record.addRepeat(at: "/data/item")
                case 1: try? record.removeRepeat(at: "/data/item[1]")
                case 2, 3:
                    let rows = record.nodes.filter { $0.path.hasPrefix("/data/item[") && $0.path.hasSuffix("]") }.count
                    if rows > 0 {
                        let row = Int.random(in: 1...rows, using: &random)
                        try? record.set(["", "0", "3", "-2"].randomElement(using: &random)!, at: "/data/item[\(row)]/v")
                        try? record.set(["", "x", "2", "y"].randomElement(using: &random)!, at: "/data/item[\(row)]/w")
                    }
                default:
                    let path = Self.texts.keys.sorted().randomElement(using: &random)!
                    try? record.set(Self.texts[path]!.randomElement(using: &random)!, at: path)
                }
                let source = Self.expression(3, &random)
                let expression = try XPathExpression(source)
                let plan = try #require(LivePlan.make(expression.ast, model: model), "seed \(seed): no plan for \(source)")
                let tree = LiveTree(model: model, reader: record.object)
                let written = try expression.evaluate(in: tree, context: .primary(0, []), environment: model.environment)
                let evaluator = LivePlanEvaluator(model: model, reader: record.object)
                let planned = evaluator.value(plan)
                #expect(Self.same(planned, written), "seed \(seed), step \(step): \(source) is \(planned) by its plan, \(written) as written")
                #expect(
                    model.truth(expression, plan: plan, at: 0, rows: [], reader: record.object)
                        == model.truth(expression, at: 0, rows: [], reader: record.object),
                    "seed \(seed), step \(step): \(source) as a truth value")
                for (node, schema) in model.nodes.enumerated() where schema.isLeaf && schema.rowDepth == 0 {
                    #expect(
                        model.stored(expression, plan: plan, at: node, rows: [], reader: record.object)
                            == model.stored(expression, at: node, rows: [], reader: record.object),
                        "seed \(seed), step \(step): \(source) stored in \(schema.path)")
                }
            }
        }
    }

    @Test("paths with predicates, relative paths, repeats and other functions have no plan")
    func otherShapesHaveNoPlan() throws {
        let model = try XForm(XFormDocument(data: Data(Self.form.utf8))).model
        for source in ["/data/item/v", "/data/item[1]/v", "../a", "/data/grp", "count(/data/item)", "/data/a | /data/b", "concat(/data/a, 'x')", "sum(/data/a)", "/data/*"] {
            #expect(LivePlan.make(try XPathExpression(source).ast, model: model) == nil, "\(source) has a plan")
        }
    }
}
