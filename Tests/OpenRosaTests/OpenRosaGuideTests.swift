import Foundation
import FormContextOpenRosa
import TestSupport
import Testing

// The examples of Docs/OpenRosa.md, compiled with a plain `import FormContextOpenRosa` (no `@testable`),
// as an app imports the module, and run here against the loopback server: what they print is checked
// against what the guide says they print.

@Suite("Docs/OpenRosa.md: the guide's examples run and print what it says", .enabled(if: OpenRosaServer.isAvailable, "needs python3"))
struct OpenRosaGuideTests {
    @Test("endpoints for ODK Central's app users and for any server")
    func endpoints() throws {
        var printed: [String] = []
        func print(_ items: Any...) { printed.append(items.map { "\($0)" }.joined(separator: " ")) }
        let token = "lSpAIeksRu1CNZs7!qjAot2T17dPzkrw9B4iTtpj7OoIJBmXvnHM8z8Ka4QPEjR7"
        let password = "correct horse battery staple"
        // --- Docs/OpenRosa.md: Connecting
        let central = try OpenRosaEndpoint(url: URL(string: "https://central.example.org/v1/key/\(token)/projects/7")!)
        let aggregate = try OpenRosaEndpoint(
            url: URL(string: "https://aggregate.example.org")!,
            credentials: OpenRosaCredentials(user: "collector", password: password))
        print(central)
        print(aggregate)
        print(aggregate.formListURL)
        // --- end
        #expect(printed == [
            "https://central.example.org/v1/key/…/projects/7",
            "https://aggregate.example.org with Basic credentials (password hidden)",
            "https://aggregate.example.org/formList",
        ])
    }

    @Test("downloading every form of the list")
    func downloading() async throws {
        let scratch = try ScratchFolder("openrosa-guide")
        defer { scratch.remove() }
        let server = try OpenRosaServer(forms: TestForms.folder, submissions: scratch.file("submissions"))
        defer { server.stop() }
        let serverURL = server.baseURL
        let formsFolder = scratch.file("forms")
        try FileManager.default.createDirectory(atPath: formsFolder, withIntermediateDirectories: false)
        var printed: [String] = []
        func print(_ items: Any...) { printed.append(items.map { "\($0)" }.joined(separator: " ")) }
        // --- Docs/OpenRosa.md: Downloading forms
        let client = OpenRosaClient(endpoint: try OpenRosaEndpoint(url: serverURL))
        for form in try await client.formList() {
            let download = try await client.download(form, into: formsFolder)
            print(form.formID, form.version ?? "-", download.downloaded)
        }
        // --- end
        for form in try await client.formList() {
            let download = try await client.download(form, into: formsFolder)
            print(form.formID, download.isUnchanged)
        }
        #expect(printed == [
            #"tally - ["tally.xml"]"#,
            #"visit 2026112601 ["visit.xml", "logo.svg"]"#,
            "tally true",
            "visit true",
        ])
    }

    @Test("a refused request says what its status means")
    func errors() async throws {
        let scratch = try ScratchFolder("openrosa-guide")
        defer { scratch.remove() }
        try Data("secret".utf8).write(to: URL(fileURLWithPath: scratch.file("password")))
        let server = try OpenRosaServer(
            forms: TestForms.folder, submissions: scratch.file("submissions"), user: "ann", passwordFile: scratch.file("password"))
        defer { server.stop() }
        let serverURL = server.baseURL
        var printed: [String] = []
        func print(_ items: Any...) { printed.append(items.map { "\($0)" }.joined(separator: " ")) }
        // --- Docs/OpenRosa.md: Errors
        do {
            _ = try await OpenRosaClient(endpoint: try OpenRosaEndpoint(url: serverURL)).formList()
        } catch {
            print(error.kind)
            print(error)
        }
        // --- end
        #expect(printed == [
            "status(401)",
            "the form list at \"\(serverURL.absoluteString)/formList\": HTTP 401, the server asks for credentials (give "
                + "OpenRosaCredentials, or use an app-user URL): \"Could not authenticate with the provided credentials.\"",
        ])
    }
}
