import Foundation
@testable import FormContextXForms
import Testing

/// `XMLParser` hands an element's attributes over as a dictionary; the reader puts them back in the
/// order the document writes them, which a submission keeps.
@Suite("XForm documents: attributes in the order written")
struct XFormAttributeOrderTests {
    static let xml = #"<h:html xmlns:h="http://www.w3.org/1999/xhtml" xmlns="http://www.w3.org/2002/xforms" xmlns:b="urn:b" xmlns:a="urn:a"><h:head><model><instance><!-- <fake z="1"> --><data zeta="1" id="x" b:mid='2>' alpha="3" a:last="4"><![CDATA[<cdata q="1">]]><?pi <pi y="1"?><e/></data></instance></model></h:head><h:body/></h:html>"#

    @Test("attributes keep the order they are written in, past comments, CDATA, processing instructions and quoted '>'")
    func attributeOrder() throws {
        let document = try XFormDocument(data: Data(Self.xml.utf8))
        #expect(document.primaryInstance.attributes.map(\.name.qualified) == ["zeta", "id", "b:mid", "alpha", "a:last"])
        #expect(document.primaryInstance.children.map(\.name.localName) == ["e"])
    }
}
