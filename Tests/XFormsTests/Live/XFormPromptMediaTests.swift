import Foundation
@testable import FormContextXForms
import Testing

/// Prompts carry a question's help text and its label's media as the form gives them.
@Suite("XForm prompts: help and media")
struct XFormPromptMediaTests {
    static func record() throws -> XFormRecord {
        try XFormRecord(XForm(XFormDocument(data: Data("""
            <h:html xmlns="http://www.w3.org/2002/xforms" xmlns:h="http://www.w3.org/1999/xhtml" xmlns:jr="http://openrosa.org/javarosa">
              <h:head>
                <h:title>Animals</h:title>
                <model>
                  <itext>
                    <translation lang="en" default="true()">
                      <text id="/data/pet:label">
                        <value>Pet</value>
                        <value form="image">jr://images/cat.png</value>
                        <value form="audio">jr://audio/cat.mp3</value>
                      </text>
                      <text id="/data/pet:help"><value>The one at home</value></text>
                    </translation>
                    <translation lang="fr">
                      <text id="/data/pet:label">
                        <value>Animal</value>
                        <value form="image">jr://images/chat.png</value>
                      </text>
                      <text id="/data/pet:help"><value>Celui de la maison</value></text>
                    </translation>
                  </itext>
                  <instance><data id="animals"><pet/><age/></data></instance>
                </model>
              </h:head>
              <h:body>
                <input ref="/data/pet">
                  <label ref="jr:itext('/data/pet:label')"/>
                  <hint>A name</hint>
                  <help ref="jr:itext('/data/pet:help')"/>
                </input>
                <input ref="/data/age"><label>Age <output value="/data/pet"/></label><help>In years</help></input>
              </h:body>
            </h:html>
            """.utf8))))
    }

    @Test("help is rendered in the record's language; media by form, falling back to the default language")
    func helpAndMedia() throws {
        let record = try Self.record()
        var prompts = try record.prompts()
        #expect(prompts.map(\.help) == ["The one at home", "In years"])
        #expect(prompts.map(\.hint) == ["A name", nil])
        #expect(prompts[0].media == ["image": "jr://images/cat.png", "audio": "jr://audio/cat.mp3"])
        #expect(prompts[1].media.isEmpty)
        try record.setLanguage("fr")
        prompts = try record.prompts()
        #expect(prompts[0].label == "Animal")
        #expect(prompts[0].help == "Celui de la maison")
        #expect(prompts[0].media == ["image": "jr://images/chat.png", "audio": "jr://audio/cat.mp3"])
    }
}
