import Foundation
import FormContextCore
@testable import FormContextXForms
import TestSupport
import Testing

/// A `select` on the record's screen, toggled at random, against a plain model of what JavaRosa
/// keeps: the chosen values in the order they were chosen (JavaRosa writes `set /data/seen rash
/// fever` back as `rash fever`), an itemset's choices as its filter keeps them, and a value the
/// filter no longer keeps dropped when the selection next changes, the others keeping their order.
///
/// `FORMCONTEXT_SEED=<n>` replays one seed.
@Suite("XForm records: select questions toggled at random")
struct XFormSelectPropertyTests {
    static let symptoms = ["fever", "cough", "rash", "aches"]
    static let cities = [("acc", "gh"), ("kum", "gh"), ("lom", "tg"), ("tam", "gh"), ("kar", "tg")]
    static let countries = ["gh", "tg", "all", ""]

    static let form = """
        <h:html xmlns="http://www.w3.org/2002/xforms" xmlns:h="http://www.w3.org/1999/xhtml">
          <h:head>
            <h:title>Trips</h:title>
            <model>
              <instance><data id="trips"><country/><seen/><cities/><visited/></data></instance>
              <instance id="cities">
                <root>
        \(cities.map { "          <item><name>\($0.0)</name><label>\($0.0.uppercased())</label><country>\($0.1)</country></item>" }.joined(separator: "\n"))
                </root>
              </instance>
              <bind nodeset="/data/seen" type="select"/>
              <bind nodeset="/data/cities" type="select"/>
              <bind nodeset="/data/visited" type="int" calculate="count-selected(/data/cities)"/>
            </model>
          </h:head>
          <h:body>
            <input ref="/data/country"><label>Country</label></input>
            <select ref="/data/seen">
              <label>Symptoms</label>
        \(symptoms.map { "      <item><label>\($0.capitalized)</label><value>\($0)</value></item>" }.joined(separator: "\n"))
            </select>
            <select ref="/data/cities">
              <label>Cities</label>
              <itemset nodeset="instance('cities')/root/item[country = /data/country or /data/country = 'all']">
                <value ref="name"/><label ref="label"/>
              </itemset>
            </select>
          </h:body>
        </h:html>
        """

    /// The cities the filter keeps for a country, in the list's order.
    static func offered(_ country: String) -> [String] {
        cities.filter { country == "all" || $0.1 == country }.map(\.0)
    }

    /// What toggling `value` leaves of a selection, as JavaRosa keeps it: values no longer offered
    /// and repeats dropped, a new value last, a chosen one taken out where it is.
    static func toggled(_ value: String, in chosen: [String], offered: [String]) -> [String] {
        var kept: [String] = []
        for old in chosen where offered.contains(old) && !kept.contains(old) { kept.append(old) }
        if let index = kept.firstIndex(of: value) { kept.remove(at: index) } else { kept.append(value) }
        return kept
    }

    @Test("random toggles, filter changes and typed answers leave what JavaRosa keeps, as XForm text")
    func randomToggles() throws {
        let seeds: [UInt64] = ProcessInfo.processInfo.environment["FORMCONTEXT_SEED"].flatMap(UInt64.init).map { [$0] } ?? Array(1...12)
        let xform = try XForm(XFormDocument(data: Data(Self.form.utf8)))
        for seed in seeds {
            var random = SplitMix64(seed: seed)
            let record = try XFormRecord(xform)
            var country = ""
            var oracle: [String: [String]] = ["seen": [], "cities": []]
            func cell(_ key: String) throws -> Cell {
                let cells = LiveScreen(try record.screen(), form: record.object).sections.flatMap(\.rows).map(\.cell)
                return try #require(cells.first { $0.key == key }, "seed \(seed)")
            }
            for step in 0..<120 {
                let key = Bool.random(using: &random) ? "seen" : "cities"
                let offered = key == "seen" ? Self.symptoms : Self.offered(country)
                switch Int.random(in: 0..<10, using: &random) {
                case 0..<6:
                    let select = try cell(key)
                    #expect(select.kind == .multipleChoice, "seed \(seed), step \(step)")
                    // The cell offers the choices the filter keeps now.
                    #expect(select.options.map { $0.value.base as? String } == offered, "seed \(seed), step \(step)")
                    guard let option = select.options.randomElement(using: &random) else { continue }
                    #expect(select.toggle(option, in: record.object) == nil)
                    oracle[key] = Self.toggled(option.value.base as! String, in: oracle[key]!, offered: offered)
                case 6..<8:
                    country = Self.countries.randomElement(using: &random)!
                    try record.set(country, at: "/data/country")
                default:
                    // An answer typed as text keeps its order, whatever the filter offers.
                    let all = key == "seen" ? Self.symptoms : Self.cities.map(\.0)
                    let typed = Array(all.shuffled(using: &random).prefix(Int.random(in: 0...3, using: &random)))
                    try record.set(typed.joined(separator: " "), at: "/data/\(key)")
                    oracle[key] = typed
                }
                for (name, chosen) in oracle {
                    let text = chosen.isEmpty ? nil : chosen.joined(separator: " ")
                    #expect(try record.value(at: "/data/\(name)") == text, "seed \(seed), step \(step)")
                    #expect(
                        try cell(name).selectedOptions(in: record.object).map { $0.value.base as? String }
                            == (name == "seen" ? Self.symptoms : Self.offered(country)).filter(chosen.contains),
                        "seed \(seed), step \(step)")
                }
                #expect(try record.value(at: "/data/visited") == String(oracle["cities"]!.count), "seed \(seed), step \(step)")
            }
            let xml = String(decoding: try xform.document.submissionXML(for: record.instance), as: UTF8.self)
            for (name, chosen) in oracle where !chosen.isEmpty {
                #expect(xml.contains("<\(name)>\(chosen.joined(separator: " "))</\(name)>"), "seed \(seed)")
            }
        }
    }
}
