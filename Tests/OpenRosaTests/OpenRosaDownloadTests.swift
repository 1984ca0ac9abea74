import Foundation
import Testing
import TestSupport
@testable import FormContextOpenRosa
import FormContextXForms

/// The form list, form and media downloads and the credentials, against the loopback server.
@Suite(.enabled(if: OpenRosaServer.isAvailable, "needs python3"), .timeLimit(.minutes(1)))
struct OpenRosaDownloadTests {
    static let password = "Pa55-Secret-91x7"
    static let token = "Tok3nSecretAbCdEf0123"

    /// A scratch folder with `server-forms` (a copy of the test forms the server serves) and `pulled`.
    struct Setup {
        let scratch: ScratchFolder
        var serverForms: String { scratch.file("server-forms") }
        var pulled: String { scratch.file("pulled") }
        var submissions: String { scratch.file("submissions") }

        init() throws {
            scratch = try ScratchFolder("openrosa-pull")
            try FileManager.default.copyItem(atPath: TestForms.folder, toPath: scratch.file("server-forms"))
            try FileManager.default.createDirectory(atPath: scratch.file("pulled"), withIntermediateDirectories: false)
        }

        func bytes(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }
    }

    func client(_ server: OpenRosaServer, credentials: OpenRosaCredentials? = nil) throws -> OpenRosaClient {
        OpenRosaClient(endpoint: try OpenRosaEndpoint(url: server.baseURL, credentials: credentials), timeout: .seconds(20))
    }

    @Test func listsTheFormsAndDownloadsAFormWithItsMediaOnce() async throws {
        let setup = try Setup()
        defer { setup.scratch.remove() }
        let server = try OpenRosaServer(forms: setup.serverForms, submissions: setup.submissions)
        defer { server.stop() }
        let client = try client(server)

        let forms = try await client.formList()
        #expect(forms.map(\.formID).sorted() == ["tally", "visit"])
        let visit = try #require(forms.first { $0.formID == "visit" })
        #expect(visit.name == "Clinic visit" && visit.version == "2026112601")
        #expect(visit.hash == "md5:" + XFormDigest.md5.hex(try TestForms.bytes("visit.xml")))
        #expect(forms.first { $0.formID == "tally" }?.manifestURL == nil)
        #expect(forms.first { $0.formID == "tally" }?.version == nil)
        #expect(try await client.formList(formID: "tally").map(\.formID) == ["tally"])

        let download = try await client.download(visit, into: setup.pulled)
        #expect(download.formFile == setup.pulled + "/visit.xml")
        #expect(download.mediaFolder == setup.pulled + "/visit-media")
        #expect(download.downloaded == ["visit.xml", "logo.svg"])
        #expect(setup.bytes(setup.pulled + "/visit.xml") == (try TestForms.bytes("visit.xml")))
        #expect(setup.bytes(setup.pulled + "/visit-media/logo.svg") == (try TestForms.bytes("visit-media/logo.svg")))
        #expect(setup.scratch.names("pulled") == [".visit.pulled", "visit-media", "visit.xml"])

        // Held with the same hashes: nothing but the manifest is fetched again.
        let before = try await server.log().count
        let again = try await client.download(visit, into: setup.pulled)
        #expect(again.isUnchanged)
        let requests = try await server.log().dropFirst(before).filter { !$0.path.hasPrefix("/control/") }
        #expect(requests.map(\.path) == ["/forms/visit/manifest"])

        // Every request carried the OpenRosa headers.
        let all = try await server.log().filter { !$0.path.hasPrefix("/control/") }
        #expect(all.allSatisfy { $0.openRosaVersion == "1.0" && $0.date?.hasSuffix(" GMT") == true && $0.acceptLanguage != nil })

        // A changed media file is fetched alone.
        try Data("<svg xmlns=\"http://www.w3.org/2000/svg\"/>".utf8).write(to: URL(fileURLWithPath: setup.serverForms + "/visit-media/logo.svg"))
        let update = try await client.download(visit, into: setup.pulled)
        #expect(update.downloaded == ["logo.svg"])
        #expect(setup.bytes(setup.pulled + "/visit-media/logo.svg") == Data("<svg xmlns=\"http://www.w3.org/2000/svg\"/>".utf8))
    }

    @Test(arguments: [OpenRosaServer.Route.form, .media])
    func aWrongHashWritesNothing(route: OpenRosaServer.Route) async throws {
        let setup = try Setup()
        defer { setup.scratch.remove() }
        let server = try OpenRosaServer(forms: setup.serverForms, submissions: setup.submissions)
        defer { server.stop() }
        let client = try client(server)
        let visit = try #require(try await client.formList().first { $0.formID == "visit" })

        try await server.inject([.corrupt(on: route)])
        do {
            _ = try await client.download(visit, into: setup.pulled)
            Issue.record("a corrupted \(route) was taken")
        } catch {
            #expect(error.kind == .hashMismatch)
            #expect(error.description.contains("nothing was written"))
        }
        #expect(setup.scratch.names("pulled").isEmpty)
    }

    @Test(arguments: [OpenRosaServer.Route.formList, .manifest, .form, .media])
    func anAnswerCutShortIsNamedSoAndWritesNothing(route: OpenRosaServer.Route) async throws {
        let setup = try Setup()
        defer { setup.scratch.remove() }
        let server = try OpenRosaServer(forms: setup.serverForms, submissions: setup.submissions)
        defer { server.stop() }
        let client = try client(server)
        let visit = try #require(try await client.formList().first { $0.formID == "visit" })

        try await server.inject([.cut(on: route)])
        do {
            if route == .formList {
                _ = try await client.formList()
            } else {
                _ = try await client.download(visit, into: setup.pulled)
            }
            Issue.record("an answer cut short was taken")
        } catch {
            #expect(error.kind == .network, "\(error)")
            #expect(error.description.contains("the answer was cut short: "), "\(error)")
            #expect(error.description.contains(" bytes of "), "\(error)")
        }
        #expect(setup.scratch.names("pulled").isEmpty)
    }

    @Test func aFailedUpdateLeavesWhatWasThere() async throws {
        let setup = try Setup()
        defer { setup.scratch.remove() }
        let server = try OpenRosaServer(forms: setup.serverForms, submissions: setup.submissions)
        defer { server.stop() }
        let client = try client(server)
        let visit = try #require(try await client.formList().first { $0.formID == "visit" })
        _ = try await client.download(visit, into: setup.pulled)
        let held = setup.bytes(setup.pulled + "/visit-media/logo.svg")
        let record = setup.bytes(setup.pulled + "/.visit.pulled")

        try Data("<svg/>".utf8).write(to: URL(fileURLWithPath: setup.serverForms + "/visit-media/logo.svg"))
        for fault in [OpenRosaServer.Fault.corrupt(on: .media), .drop(on: .media), .status(500, on: .media)] {
            try await server.inject([fault])
            await #expect(throws: OpenRosaError.self) { _ = try await client.download(visit, into: setup.pulled) }
            #expect(setup.bytes(setup.pulled + "/visit-media/logo.svg") == held)
            #expect(setup.bytes(setup.pulled + "/.visit.pulled") == record)
            #expect(setup.scratch.names("pulled") == [".visit.pulled", "visit-media", "visit.xml"])
        }
    }

    @Test func whatAKilledDownloadLeftIsRemovedByTheNextOne() async throws {
        let setup = try Setup()
        defer { setup.scratch.remove() }
        let server = try OpenRosaServer(forms: setup.serverForms, submissions: setup.submissions)
        defer { server.stop() }
        let client = try client(server)
        let visit = try #require(try await client.formList().first { $0.formID == "visit" })
        // Int32.max - 1 is no process: a download that was killed.
        let fileManager = FileManager.default
        let dead = setup.pulled + "/.formcontext-pull-2147483646-k1"
        let deadWithOther = setup.pulled + "/.formcontext-pull-2147483646-k2"
        let live = setup.pulled + "/.formcontext-pull-\(getpid())-k3"
        for folder in [dead, deadWithOther, live] {
            try fileManager.createDirectory(atPath: folder, withIntermediateDirectories: false)
            for name in ["form.xml", "media-0", "old-media-12"] { try Data(name.utf8).write(to: URL(fileURLWithPath: folder + "/" + name)) }
        }
        try Data("mine".utf8).write(to: URL(fileURLWithPath: deadWithOther + "/notes.txt"))
        try Data("{}".utf8).write(to: URL(fileURLWithPath: setup.pulled + "/.visit.pulled.2147483646-k4.tmp"))
        try Data("{}".utf8).write(to: URL(fileURLWithPath: setup.pulled + "/.tally.pulled.2147483646-k5.tmp"))

        _ = try await client.download(visit, into: setup.pulled)
        // Compared as sets: the live process id sorts before or after the other names depending on its digits.
        #expect(Set(setup.scratch.names("pulled")) == [
            ".formcontext-pull-2147483646-k2", ".formcontext-pull-\(getpid())-k3", ".tally.pulled.2147483646-k5.tmp", ".visit.pulled",
            "visit-media", "visit.xml",
        ])
        #expect(setup.scratch.names("pulled/.formcontext-pull-2147483646-k2") == ["notes.txt"])
        #expect(setup.scratch.names("pulled/.formcontext-pull-\(getpid())-k3") == ["form.xml", "media-0", "old-media-12"])
    }

    @Test func aFileThatADownloadDidNotWriteIsNotReplaced() async throws {
        let setup = try Setup()
        defer { setup.scratch.remove() }
        let server = try OpenRosaServer(forms: setup.serverForms, submissions: setup.submissions)
        defer { server.stop() }
        let client = try client(server)
        let tally = try #require(try await client.formList().first { $0.formID == "tally" })
        let mine = Data("<mine/>".utf8)
        try mine.write(to: URL(fileURLWithPath: setup.pulled + "/tally.xml"))
        do {
            _ = try await client.download(tally, into: setup.pulled)
            Issue.record("a file of someone else's was replaced")
        } catch {
            #expect(error.kind == .notOwned)
        }
        #expect(setup.bytes(setup.pulled + "/tally.xml") == mine)
        #expect(setup.scratch.names("pulled") == ["tally.xml"])

        // A symbolic link where the form goes is not followed.
        try FileManager.default.removeItem(atPath: setup.pulled + "/tally.xml")
        try FileManager.default.createSymbolicLink(atPath: setup.pulled + "/tally.xml", withDestinationPath: setup.scratch.file("elsewhere"))
        await #expect(throws: OpenRosaError.self) { _ = try await client.download(tally, into: setup.pulled) }
        #expect(!FileManager.default.fileExists(atPath: setup.scratch.file("elsewhere")))
    }

    @Test func redirectsAreFollowedAndCredentialsStayWithTheirOrigin() async throws {
        let setup = try Setup()
        defer { setup.scratch.remove() }
        let passwordFile = setup.scratch.file("password")
        try Data(Self.password.utf8).write(to: URL(fileURLWithPath: passwordFile))
        let server = try OpenRosaServer(forms: setup.serverForms, submissions: setup.submissions, user: "ann", passwordFile: passwordFile)
        defer { server.stop() }
        let other = try OpenRosaServer(forms: setup.serverForms, submissions: setup.scratch.file("other-submissions"))
        defer { other.stop() }
        let client = try client(server, credentials: OpenRosaCredentials(user: "ann", password: Self.password))

        try await server.inject([.redirect(307, on: .formList), .redirect(308, to: other.url("/forms/visit.xml").absoluteString, on: .form)])
        let visit = try #require(try await client.formList().first { $0.formID == "visit" })
        let download = try await client.download(visit, into: setup.pulled)
        #expect(download.downloaded == ["visit.xml", "logo.svg"])

        let paths = try await server.log().filter { !$0.path.hasPrefix("/control/") }
        #expect(paths.map(\.path) == ["/formList", "/moved/formList", "/forms/visit/manifest", "/forms/visit.xml", "/forms/visit/attachments/logo.svg"])
        #expect(paths.allSatisfy { $0.authorization != nil })
        let elsewhere = try await other.log().filter { !$0.path.hasPrefix("/control/") }
        #expect(elsewhere.map(\.path) == ["/forms/visit.xml"])
        #expect(elsewhere.allSatisfy { $0.authorization == nil })
    }

    @Test func withoutCredentialsA401SaysSoAndNoErrorHoldsASecret() async throws {
        let setup = try Setup()
        defer { setup.scratch.remove() }
        let passwordFile = setup.scratch.file("password")
        try Data(Self.password.utf8).write(to: URL(fileURLWithPath: passwordFile))
        let server = try OpenRosaServer(
            forms: setup.serverForms, submissions: setup.submissions, user: "ann", passwordFile: passwordFile, token: Self.token, project: 7)
        defer { server.stop() }
        var descriptions: [String] = []

        let anonymous = try client(server)
        do {
            _ = try await anonymous.formList()
            Issue.record("a 401 was taken")
        } catch {
            #expect(error.kind == .status(401))
            #expect(error.description.contains("asks for credentials"))
            descriptions.append(error.description)
        }
        let wrong = try client(server, credentials: OpenRosaCredentials(user: "ann", password: Self.password + "-not"))
        do {
            _ = try await wrong.formList()
            Issue.record("wrong credentials were taken")
        } catch {
            #expect(error.kind == .status(401))
            descriptions.append(error.description)
        }
        let right = try client(server, credentials: OpenRosaCredentials(user: "ann", password: Self.password))
        #expect(try await right.formList().count == 2)

        // The app-user URL: the token is the credential; a wrong one is 403.
        let tokenClient = OpenRosaClient(endpoint: try OpenRosaEndpoint(url: try #require(server.tokenURL)))
        let visit = try #require(try await tokenClient.formList().first { $0.formID == "visit" })
        #expect(visit.downloadURL.path.hasPrefix("/v1/key/\(Self.token)/projects/7/"))
        #expect(try await tokenClient.download(visit, into: setup.pulled).downloaded.count == 2)
        let badToken = OpenRosaClient(endpoint: try OpenRosaEndpoint(url: server.url("/v1/key/\(Self.token)x/projects/7")))
        do {
            _ = try await badToken.formList()
            Issue.record("a wrong token was taken")
        } catch {
            #expect(error.kind == .status(403))
            descriptions.append(error.description)
        }
        try await server.inject([.corrupt(on: .form)])
        try FileManager.default.removeItem(atPath: setup.pulled)
        try FileManager.default.createDirectory(atPath: setup.pulled, withIntermediateDirectories: false)
        do {
            _ = try await tokenClient.download(visit, into: setup.pulled)
        } catch {
            #expect(error.kind == .hashMismatch)
            descriptions.append(error.description)
        }
        #expect(descriptions.count == 4)
        let encoded = Data("ann:\(Self.password)".utf8).base64EncodedString()
        for text in descriptions + [String(describing: tokenClient), String(reflecting: right)] {
            #expect(!text.contains(Self.password) && !text.contains(Self.token) && !text.contains(encoded), "\(text)")
        }
    }

    @Test func aServerThatCannotBeReachedIsANetworkError() async throws {
        // A port nothing listens on: the server started and stopped.
        let scratch = try ScratchFolder("openrosa-pull")
        defer { scratch.remove() }
        let server = try OpenRosaServer(submissions: scratch.path)
        server.stop()
        let unreachable = try client(server)
        await #expect(throws: OpenRosaError(.network, "the form list at \"\(server.baseURL.absoluteString)/formList\": cannot connect to the server")) {
            _ = try await unreachable.formList()
        }
    }
}
