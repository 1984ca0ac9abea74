@testable import FormContextCore
import Foundation
import Testing

/// `NSNumber`s (as `JSONSerialization` returns them) are stored as the Swift value they hold: `Bool`
/// only for a real Boolean, `Int` for an integer (`UInt64` beyond `Int.max`), `Double` for a
/// floating-point number, `Decimal` for an `NSDecimalNumber`. One never becomes `true`.
@Suite("NSNumber at the store's door")
struct NSNumberTests {
    static let cases: [(name: String, number: NSNumber, json: String, type: String)] = [
        ("1", NSNumber(value: 1), "1", "Int"),
        ("0", NSNumber(value: 0), "0", "Int"),
        ("2", NSNumber(value: 2), "2", "Int"),
        ("-3", NSNumber(value: -3), "-3", "Int"),
        ("Int8 1", NSNumber(value: Int8(1)), "1", "Int"),
        ("UInt8 200", NSNumber(value: UInt8(200)), "200", "Int"),
        ("Int.min", NSNumber(value: Int.min), "-9223372036854775808", "Int"),
        ("UInt64.max", NSNumber(value: UInt64.max), "18446744073709551615", "UInt64"),
        ("1.5", NSNumber(value: 1.5), "1.5", "Double"),
        ("Float 0.25", NSNumber(value: Float(0.25)), "0.25", "Double"),
        ("true", NSNumber(value: true), "true", "Bool"),
        ("false", NSNumber(value: false), "false", "Bool"),
        ("decimal", NSDecimalNumber(string: "12.50"), "12.5", "Decimal"),
    ]

    @Test("a submission encodes the number it holds", arguments: cases)
    func submission(name: String, number: NSNumber, json: String, type: String) throws {
        let submission = try FormSubmission(["n": number])
        #expect(submission.json(pretty: false) == "{\"n\":\(json)}", "\(name)")
        #expect(submission["n"].map { "\(Swift.type(of: $0.base))" } == type, "\(name)")
    }

    @Test("every way in stores the Swift value", arguments: cases)
    func store(name: String, number: NSNumber, json: String, type: String) {
        let literal: FormContext = ["n": number]
        var set = FormContext()
        set.set(number, for: "n")
        let form = FormContextObject()
        form.set(number, for: "n")
        let object = FormContextObject(FormContext(["n": number]))
        form.transaction { $0.set(number, for: "m") }
        for value in [literal["n"], set["n"], FormContext(["n": number])["n"], form["n"], form["m"], object["n"]] {
            #expect(value.map { "\(Swift.type(of: $0.base))" } == type, "\(name)")
        }
    }

    @Test("numbers from JSONSerialization keep their kind")
    func jsonSerialization() throws {
        let text = #"{"b":true,"d":1.5,"f":false,"i":1,"n":-3,"z":0}"#
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        var values: [String: any Hashable & Sendable] = [:]
        for (key, value) in object {
            values[key] = try #require(value as? NSNumber)
        }
        #expect(try FormSubmission(values).json(pretty: false) == text)
        let context = FormContext(values)
        #expect(context[FormKey<Int>("i")] == 1)
        #expect(context[FormKey<Bool>("i")] == nil)
        #expect(context[FormKey<Bool>("b")] == true)
        #expect(context[FormKey<Double>("d")] == 1.5)
    }

    @Test("validators see the Swift value: a fraction in an Int field is a type error")
    func validation() throws {
        let definition = try FormDefinition([FieldDefinition(FormKey<Int>("n"), validators: [.range(0...10)])])
        #expect(definition.validate(FormContext(["n": NSNumber(value: 1)])).isValid)
        #expect(definition.validate(FormContext(["n": NSNumber(value: 11)])).lines == ["n: must be between 0 and 10"])
        #expect(definition.validate(FormContext(["n": NSNumber(value: 1.5)])).lines == ["n: expected Int, found Double"])
        #expect(definition.validate(FormContext(["n": NSNumber(value: true)])).lines == ["n: expected Int, found Bool"])
    }

    @Test("an array of numbers encodes each as the number it holds")
    func arrays() throws {
        let submission = try FormSubmission(["list": [NSNumber(value: 1), NSNumber(value: true), NSNumber(value: 2.5)]])
        #expect(submission.json(pretty: false) == #"{"list":[1,true,2.5]}"#)
    }
}
