import Foundation
@testable import FormContextXForms
import Testing

/// Reading an XForm's parts: instances, binds, actions, itext and body controls, each as written.
@Suite("XForm documents")
struct XFormDocumentTests {
    static let form = #"""
        <?xml version="1.0" encoding="UTF-8"?>
        <h:html xmlns="http://www.w3.org/2002/xforms" xmlns:h="http://www.w3.org/1999/xhtml"
            xmlns:jr="http://openrosa.org/javarosa" xmlns:odk="http://www.opendatakit.org/xforms"
            xmlns:orx="http://openrosa.org/xforms">
          <h:head>
            <h:title>Households &amp; members</h:title>
            <model odk:xforms-version="1.0.0">
              <itext>
                <translation lang="English (en)" default="true()">
                  <text id="/data/name:label"><value>Name</value><value form="short">N</value></text>
                  <text id="/data/age:label"><value>Age of <output value=" /data/name "/></value>
                    <value form="image">jr://images/age.png</value></text>
                  <text id="/data/age:constraintMsg"><value>Too old</value></text>
                </translation>
                <translation lang="Français (fr)">
                  <text id="/data/name:label"><value>Nom</value></text>
                  <text id="/data/age:label"><value>Âge de <output value=" /data/name "/></value></text>
                  <text id="/data/age:constraintMsg"><value>Trop vieux</value></text>
                </translation>
              </itext>
              <instance>
                <data id="households" orx:version="2026-11">
                  <name>Ann</name>
                  <age/>
                  <colour>red</colour>
                  <members jr:template="">
                    <first/>
                    <pet>cat</pet>
                  </members>
                  <members><first/><pet>dog</pet></members>
                  <meta><instanceID/></meta>
                </data>
              </instance>
              <instance id="colours">
                <root><item><name>red</name><label>Red</label></item><item><name>blue</name><label>Blue</label></item></root>
              </instance>
              <bind nodeset="/data/name" type="string" required="true()" jr:requiredMsg="A name, please"/>
              <bind nodeset="/data/age" type="int" relevant=" /data/name != ''" constraint=". &lt; 120"
                  jr:constraintMsg="jr:itext('/data/age:constraintMsg')" readonly="false()"/>
              <bind nodeset="/data/members/first" type="string" calculate="concat('#', position(..))" odk:note="kept"/>
              <bind nodeset="/data/meta/instanceID" type="string" readonly="true()" jr:preload="uid" jr:preloadParams="x"/>
              <setvalue event="odk-instance-first-load" ref="/data/colour" value="'blue'"/>
              <odk:setgeopoint event="odk-instance-first-load odk-new-repeat" ref="/data/age"/>
            </model>
          </h:head>
          <h:body>
            <input ref="/data/name" appearance="w2"><label ref="jr:itext('/data/name:label')"/>
              <hint>Write <output value="/data/colour"/> too</hint>
              <setvalue event="xforms-value-changed" ref="/data/age">7</setvalue>
            </input>
            <input ref="/data/age"><label ref="jr:itext('/data/age:label')"/></input>
            <select1 ref="/data/colour" appearance="minimal"><label>Colour</label>
              <item><label>Red</label><value>red</value></item>
              <item><label ref="jr:itext('blue')"/><value>blue</value></item>
            </select1>
            <select ref="/data/colour"><label>Colours</label>
              <itemset nodeset="instance('colours')/root/item[name != 'x']"><value ref="name"/><label ref="label"/></itemset>
            </select>
            <trigger ref="/data/name"><label>OK?</label></trigger>
            <range ref="/data/age" start="1" end="10" step="0.5"><label>Age</label></range>
            <upload ref="/data/name" mediatype="image/*"><label>Photo</label></upload>
            <group ref="/data/members" appearance="field-list"><label>Members</label>
              <repeat nodeset="/data/members" jr:count=" /data/age " jr:noAddRemove="true()">
                <setvalue event="odk-new-repeat" ref="/data/members/first" value="position(..)"/>
                <input ref="first"><label>First <output value="../pet"/>!</label><help>Guidance</help></input>
              </repeat>
            </group>
            <h:p>Thanks</h:p>
          </h:body>
        </h:html>
        """#

    static func read(_ text: String, options: XFormReadOptions = XFormReadOptions()) throws(XFormReadError) -> XFormDocument {
        try XFormDocument(data: Data(text.utf8), options: options)
    }

    @Test("the primary instance keeps its names, namespaces, attributes, defaults and templates")
    func primaryInstance() throws {
        let document = try Self.read(Self.form)
        #expect(document.title == "Households & members")
        let data = document.primaryInstance
        #expect(data.name == XFormName("data", namespaceURI: XFormName.xforms))
        #expect(data.attribute("id") == "households")
        #expect(data.attribute("version", namespace: "http://openrosa.org/xforms") == "2026-11")
        #expect(data.children.map(\.name.localName) == ["name", "age", "colour", "members", "members", "meta"])
        #expect(data.children.map(\.value) == ["Ann", "", "red", "", "", ""])
        #expect(data.children.map(\.isTemplate) == [false, false, false, true, false, false])
        #expect(data.children[3].children.map(\.value) == ["", "cat"])
        #expect(data.children[4].children.map(\.value) == ["", "dog"])
        #expect(data.elementCount() == 12)
        #expect(data.elementCount(includingTemplates: false) == 9)
        #expect(data.line == 22)
    }

    @Test("secondary instances are read by id")
    func secondaryInstances() throws {
        let document = try Self.read(Self.form)
        #expect(document.secondaryInstances.map(\.id) == ["colours"])
        let colours = try #require(document.secondaryInstance("colours")?.root)
        #expect(colours.children.map { $0.children.map(\.value) } == [["red", "Red"], ["blue", "Blue"]])
        #expect(document.secondaryInstance("nope") == nil)
    }

    @Test("binds keep every expression as its source, messages, preloads and unknown attributes")
    func binds() throws {
        let binds = try Self.read(Self.form).binds
        #expect(binds.map(\.nodeset) == ["/data/name", "/data/age", "/data/members/first", "/data/meta/instanceID"])
        #expect(binds.map(\.type) == ["string", "int", "string", "string"])
        #expect(binds[0].required == "true()")
        #expect(binds[0].requiredMessage == .inline([.text("A name, please")]))
        #expect(binds[1].relevant == " /data/name != ''")
        #expect(binds[1].constraint == ". < 120")
        #expect(binds[1].readonly == "false()")
        #expect(binds[1].constraintMessage == .itext("/data/age:constraintMsg"))
        #expect(binds[2].calculate == "concat('#', position(..))")
        #expect(binds[2].attributes.contains(XFormAttribute(name: XFormName("note", prefix: "odk", namespaceURI: XFormName.odk), value: "kept")))
        #expect(binds[3].preload == "uid")
        #expect(binds[3].preloadParameters == "x")
        #expect(binds[3].constraint == nil && binds[3].calculate == nil)
    }

    @Test("actions of the model and of the body come with their events, target, value and control")
    func actions() throws {
        let actions = try Self.read(Self.form).actions
        #expect(actions.map(\.name.localName) == ["setvalue", "setgeopoint", "setvalue", "setvalue"])
        #expect(actions.map(\.events) == [
            ["odk-instance-first-load"], ["odk-instance-first-load", "odk-new-repeat"], ["xforms-value-changed"], ["odk-new-repeat"],
        ])
        #expect(actions.map(\.ref) == ["/data/colour", "/data/age", "/data/age", "/data/members/first"])
        #expect(actions.map(\.value) == ["'blue'", nil, nil, "position(..)"])
        #expect(actions[2].literal == "7")
        #expect(actions.map(\.control) == [nil, nil, "/data/name", "/data/members"])
        #expect(actions[1].name.namespaceURI == XFormName.odk)
    }

    @Test("itext gives every language, every form, and outputs inside")
    func translations() throws {
        let document = try Self.read(Self.form)
        #expect(document.translations.map(\.language) == ["English (en)", "Français (fr)"])
        #expect(document.translations.map(\.isDefault) == [true, false])
        let english = try #require(document.translation("English (en)"))
        #expect(english.texts["/data/name:label"]?.parts() == [.text("Name")])
        #expect(english.texts["/data/name:label"]?.parts("short") == [.text("N")])
        #expect(english.texts["/data/age:label"]?.parts() == [.text("Age of "), .output(" /data/name ")])
        #expect(english.texts["/data/age:label"]?.parts("image") == [.text("jr://images/age.png")])
        #expect(english.texts["/data/age:label"]?.parts("audio") == nil)
        let french = try #require(document.translation("Français (fr)"))
        #expect(french.texts["/data/age:constraintMsg"]?.parts() == [.text("Trop vieux")])
        #expect(french.texts.count == 3)
    }

    @Test("body controls keep kind, ref, labels, hints, items, itemsets, range, upload, groups and repeats")
    func body() throws {
        let body = try Self.read(Self.form).body
        #expect(body.map(\.kind) == [.input, .input, .select1, .select, .trigger, .range, .upload, .group, .other("h:p")])
        #expect(body[0].label == .itext("/data/name:label"))
        #expect(body[0].hint == .inline([.text("Write "), .output("/data/colour"), .text(" too")]))
        #expect(body[0].appearance == "w2")
        #expect(body[2].items == [XFormItem(label: .inline([.text("Red")]), value: "red"), XFormItem(label: .itext("blue"), value: "blue")])
        #expect(body[2].appearance == "minimal")
        #expect(body[3].itemset == XFormItemset(nodeset: "instance('colours')/root/item[name != 'x']", value: "name", label: .reference("label")))
        #expect(body[4].label == .inline([.text("OK?")]))
        #expect([body[5].start, body[5].end, body[5].step] == ["1", "10", "0.5"])
        #expect(body[6].mediatype == "image/*")
        let group = body[7]
        #expect(group.ref == "/data/members" && group.appearance == "field-list" && group.label == .inline([.text("Members")]))
        let repeatControl = try #require(group.children.first)
        #expect(repeatControl.kind == .repeat && repeatControl.ref == "/data/members")
        #expect(repeatControl.count == " /data/age " && repeatControl.noAddRemove == "true()")
        let first = try #require(repeatControl.children.first)
        #expect(repeatControl.children.count == 1)
        #expect(first.ref == "first" && first.label == .inline([.text("First "), .output("../pet"), .text("!")]))
        #expect(first.help == .inline([.text("Guidance")]))
        #expect(body[8].label == nil && body[8].children.isEmpty)
    }

    @Test(
        "a document that is not a readable XForm is refused naming the element and attribute",
        arguments: [
            ("<a/>", "line 1, column 3: the root element is <a>, not <h:html>"),
            ("<h:html xmlns:h='x'><h:body/></h:html>", "line 1, column 20: <h:html> has no <h:head>"),
            ("<h:html xmlns:h='x'><h:head/></h:html>", "line 1, column 28: <h:head> has no <model>"),
            ("<h:html xmlns:h='x'><h:head><model/></h:head></h:html>", "line 1, column 35: <model> has no <instance>"),
            (Snippet.model("<instance><a/><b/></instance>"), "line 1, column 45: the primary <instance> must hold exactly one root element; it holds 2"),
            (Snippet.model("<instance><a/></instance><instance><r/></instance>"), "line 1, column 70: a secondary <instance> has no id attribute"),
            (
                Snippet.model("<instance><a/></instance><instance id='x'><r/></instance><instance id='x'><r/></instance>"),
                "line 1, column 109: two <instance> elements have the id \"x\""
            ),
            (Snippet.model("<instance id='&#10;'><a/></instance><instance id='&#10;'><r/></instance><instance id='&#10;'><r/></instance>"), "line 1, column 128: two <instance> elements have the id \"\\n\""),
            (Snippet.model("<instance><a/></instance><bind type='int'/>"), "line 1, column 77: <bind> has no nodeset attribute"),
            (Snippet.model("<instance><a/></instance><setvalue ref='/a'/>"), "line 1, column 79: <setvalue> has no event attribute"),
            (Snippet.model("<instance><a/></instance><setvalue event='e'/>"), "line 1, column 80: <setvalue> has neither a ref nor a bind attribute"),
            (Snippet.model("<instance><a/></instance><itext><translation/></itext>"), "line 1, column 80: <translation> has no lang attribute"),
            (
                Snippet.model("<instance><a/></instance><itext><translation lang='en'><text/></translation></itext>"),
                "line 1, column 96: a <text> of the translation \"en\" has no id attribute"
            ),
            (
                Snippet.model("<instance><a/></instance><itext><translation lang='en'/><translation lang='en'/></itext>"),
                "line 1, column 114: two <translation> elements have the lang \"en\""
            ),
            (Snippet.body("<input><label>x</label></input>"), "line 1, column 130: <input> has neither a ref nor a bind attribute"),
            (Snippet.body("<repeat/>"), "line 1, column 131: <repeat> has no nodeset attribute"),
            (Snippet.body("<select1 ref='/a'><item><label>x</label></item></select1>"), "line 1, column 147: an <item> of <select1 ref=\"/a\"> has no <value>"),
            (Snippet.body("<select ref='/a'><itemset><value ref='v'/></itemset></select>"), "line 1, column 149: the <itemset> of <select ref=\"/a\"> has no nodeset attribute"),
            (Snippet.body("<select ref='/a'><itemset nodeset='n'><label ref='l'/></itemset></select>"), "line 1, column 161: the <itemset> of <select ref=\"/a\"> has no <value ref=...>"),
            (Snippet.body("<select ref='/a'><itemset nodeset='n'><value ref='v'/></itemset></select>"), "line 1, column 161: the <itemset> of <select ref=\"/a\"> has no <label>"),
            ("<h:html xmlns:h='x'><h:head><jr:model/></h:head></h:html>", "line 1, column 38: <jr:model> uses the prefix jr, which no xmlns declaration binds"),
            ("<h:html xmlns:h='x' jr:a='1'/>", "line 1, column 29: attribute jr:a of <h:html> uses the prefix jr, which no xmlns declaration binds"),
        ])
    func invalidForms(text: String, message: String) {
        do {
            _ = try Self.read(text)
            Issue.record("read without error: \(text)")
        } catch {
            #expect(error.description == message)
            #expect(error.kind == .invalidForm)
        }
    }

    @Test("names quoted in messages are escaped, so that no control or direction character reaches a terminal")
    func escapedMessages() {
        let error = XFormReadError(.invalidForm, "id \(Quoted.value("a\u{202E}b\u{1B}[2J\"\\"))")
        #expect(error.description == #"id "a\u{202e}b\u{1b}[2J\"\\""#)
        #expect(Quoted.value(String(repeating: "x", count: 100)) == "\"" + String(repeating: "x", count: 60) + "…\"")
    }
}

/// Small documents for the refusal tables.
enum Snippet {
    static func model(_ inside: String) -> String {
        "<h:html xmlns:h='x'><h:head><model>" + inside + "</model></h:head></h:html>"
    }

    static func body(_ inside: String) -> String {
        "<h:html xmlns:h='x' xmlns='http://www.w3.org/2002/xforms'><h:head><model><instance><a/></instance></model></h:head><h:body>"
            + inside + "</h:body></h:html>"
    }
}
