import Testing

@testable import FormContextXForms

/// Reading expressions: what parses, to what tree, and the exact message for what does not.
@Suite struct XPathParserTests {
    @Test(arguments: [
        "/data/a", "../b", ".", "..", "/", "//v", "/data/item[2]/v", "/data/item[v > 1][last()]/v", "@id",
        "instance('c')/root/item[name = current()/../name]/value", "jr:choice-name(/data/x, 'a')",
        "-1 - -2", "1 div 2 mod 3 * 4", "a and b or not(c)", "(1 + 2) * 3", "count(/a | /b)",
        "/data/orx:meta/orx:instanceID", "child::a/parent::node()", "a-b", "a - b", "*", "/data/*", "text()",
        "selected(${x}, 'a')".replacingOccurrences(of: "${x}", with: "/data/x"), ".5 + 5.", "\"it's\"", "\"quoted\"",
        "if(/data/age >= 18, 'adult', 'minor')", "date-time('2020-01-01')", "descendant-or-self::node()/v",
    ])
    func parses(_ source: String) throws {
        let expression = try XPathExpression(source)
        #expect(expression.source == source)
    }

    @Test(arguments: [
        ("if(/data/a, 1", "expected ')', found the end at 14 in \"if(/data/a, 1\""),
        ("foo(1)", "unknown function 'foo' at 1 in \"foo(1)\""),
        ("1 + bar()", "unknown function 'bar' at 5 in \"1 + bar()\""),
        ("pow(2)", "pow() takes 2 arguments, found 1 at 1 in \"pow(2)\""),
        ("indexed-repeat(/a, /b)", "indexed-repeat() takes 3, 5 or 7 arguments, found 2 at 1 in \"indexed-repeat(/a, /b)\""),
        ("concat('a'", "expected ')', found the end at 11 in \"concat('a'\""),
        ("'open", "string literal not closed at 1 in \"'open\""),
        ("1 +", "expected an expression, found the end at 4 in \"1 +\""),
        ("/data/a]", "expected end of expression, found ']' at 8 in \"/data/a]\""),
        ("a # b", "unexpected character '#' at 3 in \"a # b\""),
        ("a ! b", "unexpected character '!' at 3 in \"a ! b\""),
        ("nope::a", "unknown axis 'nope' at 1 in \"nope::a\""),
        ("$var", "variables are not supported at 1 in \"$var\""),
        ("/data/a[", "expected an expression, found the end at 9 in \"/data/a[\""),
        ("1.5e3", "expected end of expression, found 'e3' at 4 in \"1.5e3\""),
        ("/data/", "expected a node name, found the end at 7 in \"/data/\""),
        ("'it''s'", "expected end of expression, found 's' at 5 in \"'it''s'\""),
    ])
    func syntaxErrorsNameThePosition(_ source: String, _ message: String) {
        let error = #expect(throws: XPathError.self) { try XPathExpression(source) }
        #expect(error?.description == message)
        #expect(error?.position != nil)
    }

    @Test func deepNestingIsAnErrorNotACrash() {
        let deep = String(repeating: "(", count: 10_000) + "1" + String(repeating: ")", count: 10_000)
        let error = #expect(throws: XPathError.self) { try XPathExpression(deep) }
        #expect(error?.reason == "expression nests deeper than 200 levels")
        let negations = String(repeating: "-", count: 10_000) + "1"
        #expect(throws: XPathError.self) { try XPathExpression(negations) }
        let predicates = String(repeating: "a[", count: 5_000) + "1" + String(repeating: "]", count: 5_000)
        #expect(throws: XPathError.self) { try XPathExpression(predicates) }
    }

    @Test func operatorNamesAndStarDependOnWhatCameBefore() throws {
        // `div` after an operand is division; at the start of a step it is an element's name.
        #expect(try XPathExpression("div div div").ast == .binary(.div, .path(Self.child("div")), .path(Self.child("div"))))
        #expect(try XPathExpression("* * *").ast == .binary(.times, .path(Self.any), .path(Self.any)))
        #expect(try XPathExpression("a-b").ast == .path(Self.child("a-b")))
        #expect(try XPathExpression("a - b").ast == .binary(.minus, .path(Self.child("a")), .path(Self.child("b"))))
    }

    @Test func precedenceFollowsXPath() throws {
        #expect(
            try XPathExpression("1 or 2 and 3 = 4 < 5 + 6 * -7").ast
                == .binary(
                    .or, .number(1),
                    .binary(
                        .and, .number(2),
                        .binary(
                            .equal, .number(3),
                            .binary(.less, .number(4), .binary(.plus, .number(5), .binary(.times, .number(6), .negate(.number(7)))))
                        ))))
    }

    static func child(_ name: String) -> XPathLocationPath {
        XPathLocationPath(isAbsolute: false, steps: [XPathStep(axis: .child, test: .name(name), predicates: [])])
    }

    static let any = XPathLocationPath(isAbsolute: false, steps: [XPathStep(axis: .child, test: .any, predicates: [])])
}
