import Foundation
import FormContextXForms
import Testing

// The "Checking a submission" example of Docs/XForms.md, compiled with a plain
// `import FormContextXForms` (no `@testable`), as a server imports the module, and run here: what
// it prints is checked against what the guide says it prints.

@Suite("Docs/XForms.md: the submission check example runs and prints what the guide says")
struct SubmissionCheckGuideTests {
    @Test("checking what the device sent, a tampered copy, and loading the record to edit it")
    func check() throws {
        var printed: [String] = []
        func print(_ items: Any...) { printed.append(items.map { "\($0)" }.joined(separator: " ")) }
        // --- Docs/XForms.md: Checking a submission
        let form = try XForm(
            XFormDocument(data: Data("""
                <h:html xmlns="http://www.w3.org/2002/xforms" xmlns:h="http://www.w3.org/1999/xhtml"
                        xmlns:jr="http://openrosa.org/javarosa">
                  <h:head>
                    <h:title>Plots</h:title>
                    <model>
                      <instance>
                        <data id="plots">
                          <area/><price/><cost/>
                          <meta><instanceID/></meta>
                        </data>
                      </instance>
                      <bind nodeset="/data/area" type="decimal" required="true()" jr:requiredMsg="Give the area"/>
                      <bind nodeset="/data/price" type="int" constraint=". &gt; 0" jr:constraintMsg="A price is above zero"/>
                      <bind nodeset="/data/cost" type="decimal" calculate="/data/area * /data/price"/>
                      <bind nodeset="/data/meta/instanceID" type="string" readonly="true()" jr:preload="uid"/>
                    </model>
                  </h:head>
                  <h:body>
                    <input ref="/data/area"><label>Area</label></input>
                    <input ref="/data/price"><label>Price</label></input>
                  </h:body>
                </h:html>
                """.utf8)),
            environment: .seeded(1, now: Date(timeIntervalSince1970: 0)))

        // What the device sends is accepted.
        let record = try XFormRecord(form)
        try record.set("2.5", at: "/data/area")
        try record.set("40", at: "/data/price")
        let sent = try form.document.submissionXML(for: record.instance)
        print(try form.check(submission: sent).isAccepted)

        // A copy with its area left out, a price below zero and a cost of its own.
        let tampered = String(decoding: sent, as: UTF8.self)
            .replacingOccurrences(of: "<area>2.5</area>", with: "")
            .replacingOccurrences(of: "<price>40</price>", with: "<price>-40</price>")
            .replacingOccurrences(of: "<cost>100</cost>", with: "<cost>10</cost>")
        for finding in try form.check(submission: Data(tampered.utf8)).findings {
            print(finding.kind, "-", finding)
        }

        // The record loaded again to be edited: its values and meta/instanceID as sent.
        let edited = try XFormRecord(form, loading: form.document.record(fromXML: sent))
        try edited.set("50", at: "/data/price")
        print(try edited.value(at: "/data/cost") ?? "")
        var resent = edited.instance
        let old = try resent.renewInstanceID(XFormInstanceID(environment: .seeded(2, now: Date())))
        print(old == (try record.instance.instanceID()))
        // --- end
        #expect(
            printed == [
                "true",
                "required - /data/area: Give the area",
                "constraint - /data/price: A price is above zero",
                "calculation - /data/cost: /data/cost is calculated as blank, but the submission holds \"10\"",
                "125",
                "true",
            ])
    }
}
