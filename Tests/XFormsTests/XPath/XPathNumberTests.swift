import Testing

@testable import FormContextXForms
import TestSupport

/// Numbers written as JavaRosa writes them, and read as it reads them.
@Suite struct XPathNumberTests {
    /// JavaRosa's results for these expressions stored in a string node (`NaN` it stores as blank).
    @Test(arguments: [
        ("3000000000", "3000000000"), ("1 div 0", "Infinity"), ("-1 div 0", "-Infinity"), ("0 div 0", "NaN"),
        ("0.1 + 0.2", "0.30000000000000004"), ("0.0001", "1.0E-4"), ("1 div 3", "0.3333333333333333"),
        ("10000000", "10000000"), ("12345678.5", "1.23456785E7"), ("-0", "0"), ("7 div 2", "3.5"), ("-7 mod 2", "-1"),
        ("0.000123", "1.23E-4"), ("123456789012.5", "1.234567890125E11"), ("-0.001", "-0.001"), ("1 div 3 * 3", "1"),
        ("100 div 3", "33.333333333333336"), ("2 div 3 * 3", "2"), ("1.5 + 2.25", "3.75"), ("5 mod 0", "NaN"),
        ("5.5 mod 2", "1.5"), ("-5.5 mod 2", "-1.5"), ("true() + 1", "2"), ("'5' * '2'", "10"), ("- - 2", "2"),
        ("1 - -1", "2"), ("-/data/i7", "-7"), ("/data/i7 * -1 + 0.5", "-6.5"), ("/data/i7 mod 3", "1"),
        ("sum(/data/item/v) div count(/data/item)", "0.875"), ("string(number('x'))", "NaN"),
    ])
    func javaRosaWritesNumbersSo(_ source: String, _ expected: String) throws {
        #expect(try Fixture.string(source) == expected)
    }

    /// Java's `Double.toString` for doubles drawn by `java.util.Random`, printed by Java 17.
    @Test(arguments: [
        (-5.388288701271031e+240, "-5.388288701271031E240"), (2.3819758679498493e+118, "2.3819758679498493E118"),
        (42041401.16502296, "4.204140116502296E7"), (1.7646290341360933e+84, "1.7646290341360933E84"),
        (-60534412909027.17, "-6.053441290902717E13"), (-3.9457381640294095e-112, "-3.9457381640294095E-112"),
        (0.730519863614471, "0.730519863614471"), (-411741.5903237741, "-411741.5903237741"), (86.691, "86.691"),
        (0.4485983912283127, "0.4485983912283127"), (1977123.432245299, "1977123.432245299"), (18.09, "18.09"),
        (0.21924450192488787, "0.21924450192488787"), (91.356, "91.356"), (0.001, "0.001"), (9999999.5, "9999999.5"),
        (0.0, "0.0"), (-0.0, "-0.0"),
    ])
    func javaDoubleToString(_ value: Double, _ expected: String) {
        #expect(XPathNumber.javaString(value) == expected)
    }

    /// Any finite double reads back from its text as the same double, in Java's layout: plain from
    /// 10⁻³ up to 10⁷, `d.dddE±n` outside.
    @Test func textReadsBackAsTheSameNumber() {
        var random = SplitMix64(seed: 11)
        for _ in 0..<5_000 {
            let value = Double(bitPattern: random.next())
            guard value.isFinite else { continue }
            let text = XPathNumber.string(value)
            let back = text.contains("E") ? Double(text.replacingOccurrences(of: "E", with: "e")) : Double(text)
            #expect(back == value, "\(value) as \(text)")
            let plain = abs(value) >= 1e-3 && abs(value) < 1e7 || value == value.rounded(.towardZero) && abs(value) < 9.2e18
            #expect(text.contains("E") == !plain, "\(value) as \(text)")
        }
    }

    @Test(arguments: [
        ("12", 12.0), (" 12 ", 12), ("-.5", -0.5), ("5.", 5), ("\t3\n", 3), ("1e3", .nan), ("+5", .nan), ("", .nan),
        ("-", .nan), ("1-2", .nan), ("Infinity", .nan), ("NaN", .nan), ("0x10", .nan), ("1,5", .nan),
    ])
    func textToNumber(_ text: String, _ expected: Double) {
        let found = XPathNumber.parse(text)
        #expect(found == expected || found.isNaN && expected.isNaN)
    }
}
