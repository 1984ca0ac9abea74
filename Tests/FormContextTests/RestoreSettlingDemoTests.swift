import Foundation
import Testing
import TestSupport

@testable import FormContextCore
@testable import FormContextDurability

/// The members demo restoring a draft whose summaries are wrong and whose order cannot be given,
/// run as a process.
@Suite("Demo: restoring the members form", .serialized)
struct RestoreSettlingDemoTests {
    @Test("a draft's summaries are computed again, and the fields of a row it cannot give are not shown")
    func membersDraft() throws {
        let folder = try ScratchFolder("members-restore")
        defer { folder.remove() }
        let path = folder.file("members.draft")
        var values: FormContext = [
            "address": "1 Row Street", "householdSize": 999, "adults": 77,
            "members": RowOrder([RowID(1), RowID(99_999_999_999_999_999)]),
            "members.r1.name": "Ada", "members.r1.age": 36, "members.r1.relationship": "self",
            "members.r2.name": "Bob", "members.r2.age": 7,
        ]
        values.setSecure(false, for: "address")
        try DraftStore(path: path).save(FormDraft(formIdentifier: "members", values: values, initialValues: values))
        let result = try DemoProcess.run(["--form", "members", "--draft", path])
        #expect(result.output.contains("householdSize: 1\n"), "\(result.output)")
        #expect(result.output.contains("adults: 1\n"), "\(result.output)")
        #expect(!result.output.contains("999"))
        #expect(!result.output.contains("members.r2"), "\(result.output)")
        #expect(!result.output.contains("Bob"), "\(result.output)")
    }
}
