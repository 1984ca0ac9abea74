import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import TestSupport

/// The test forms (Tests/OpenRosaTests/Forms): `visit.xml` with `visit-media/logo.svg`, and `tally.xml`.
enum TestForms {
    static var folder: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Forms").path
    }

    static func bytes(_ name: String) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name))
    }
}

/// A multipart/form-data body as OpenRosa clients send it: the instance as `xml_submission_file`, then
/// each attachment.
struct Multipart {
    let boundary = "----formcontext-\(UUID().uuidString)"
    var body = Data()

    init(xml: Data, attachments: [(String, Data)] = []) {
        append(name: "xml_submission_file", filename: "submission.xml", type: "text/xml", data: xml)
        for (name, data) in attachments { append(name: name, filename: name, type: "application/octet-stream", data: data) }
        body.append(Data("--\(boundary)--\r\n".utf8))
    }

    private mutating func append(name: String, filename: String, type: String, data: Data) {
        body.append(Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"; filename=\"\(filename)\"\r\n".utf8))
        body.append(Data("Content-Type: \(type)\r\n\r\n".utf8))
        body.append(data)
        body.append(Data("\r\n".utf8))
    }

    var contentType: String { "multipart/form-data; boundary=\(boundary)" }
}

/// The loopback server itself: what the download and submission tests rely on.
@Suite(.enabled(if: OpenRosaServer.isAvailable, "needs python3"), .timeLimit(.minutes(1)))
struct LoopbackServerTests {
    func get(_ url: URL, openRosa: Bool = true) async throws -> (Int, Data) {
        var request = URLRequest(url: url)
        if openRosa { request.setValue("1.0", forHTTPHeaderField: "X-OpenRosa-Version") }
        let (status, data, _) = try await OpenRosaServer.exchange(request)
        return (status, data)
    }

    func post(_ multipart: Multipart, to url: URL, authorization: String? = nil) async throws -> (Int, Data, HTTPURLResponse?) {
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.setValue("1.0", forHTTPHeaderField: "X-OpenRosa-Version")
        request.setValue(multipart.contentType, forHTTPHeaderField: "Content-Type")
        if let authorization { request.setValue(authorization, forHTTPHeaderField: "Authorization") }
        request.httpBody = multipart.body
        let (status, data, response) = try await OpenRosaServer.exchange(request)
        return (status, data, response)
    }

    func instance(_ id: String, clinic: String = "North") -> Data {
        Data("<visit id=\"visit\" version=\"2026112601\"><clinic>\(clinic)</clinic><patients>3</patients><photo>register.jpg</photo><meta><instanceID>\(id)</instanceID></meta></visit>".utf8)
    }

    @Test func servesTheFormListManifestFormsAndMedia() async throws {
        let scratch = try ScratchFolder("openrosa-server")
        defer { scratch.remove() }
        let server = try OpenRosaServer(forms: TestForms.folder, submissions: scratch.path, token: "t0ken", project: 7)
        defer { server.stop() }

        let (status, list) = try await get(server.url("/formList"))
        #expect(status == 200)
        let text = String(decoding: list, as: UTF8.self)
        #expect(text.contains("<xforms xmlns=\"http://openrosa.org/xforms/xformsList\">"))
        let visit = try TestForms.bytes("visit.xml")
        #expect(text.contains("<formID>visit</formID><name>Clinic visit</name><version>2026112601</version>"))
        #expect(text.contains("<formID>tally</formID><name>Daily tally</name><version></version>"))
        #expect(text.contains("<manifestUrl>\(server.baseURL.absoluteString)/forms/visit/manifest</manifestUrl>"))
        #expect(!text.contains("/forms/tally/manifest"))

        let (formStatus, form) = try await get(server.url("/forms/visit.xml"))
        #expect(formStatus == 200 && form == visit)
        let (_, manifest) = try await get(server.url("/forms/visit/manifest"))
        #expect(String(decoding: manifest, as: UTF8.self).contains("<filename>logo.svg</filename>"))
        let (_, media) = try await get(server.url("/forms/visit/attachments/logo.svg"))
        #expect(media == (try TestForms.bytes("visit-media/logo.svg")))

        // The OpenRosa header is required; the app-user URLs need the right token.
        #expect(try await get(server.url("/formList"), openRosa: false).0 == 400)
        let (tokenStatus, tokenList) = try await get(try #require(server.tokenURL).appendingPathComponent("formList"))
        #expect(tokenStatus == 200)
        #expect(String(decoding: tokenList, as: UTF8.self).contains("/v1/key/t0ken/projects/7/forms/visit.xml"))
        #expect(try await get(server.url("/v1/key/wrong/projects/7/formList")).0 == 403)
    }

    @Test func storesSubmissionsByInstanceIDAndRefusesConflictsAndMalformedOnes() async throws {
        let scratch = try ScratchFolder("openrosa-server")
        defer { scratch.remove() }
        let server = try OpenRosaServer(forms: TestForms.folder, submissions: scratch.path)
        defer { server.stop() }
        let url = server.url("/submission")
        let photo = Data((0...255).map { UInt8($0) })
        let xml = instance("uuid:one")

        let (status, body, _) = try await post(Multipart(xml: xml, attachments: [("register.jpg", photo)]), to: url)
        #expect(status == 201)
        #expect(String(decoding: body, as: UTF8.self).contains("<OpenRosaResponse xmlns=\"http://openrosa.org/http/response\""))
        let folder = scratch.file("uuid%3Aone")
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/submission.xml")) == xml)
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/register.jpg")) == photo)

        // The same instance again with the same bytes is accepted (as ODK Central does); different bytes are a conflict.
        #expect(try await post(Multipart(xml: xml), to: url).0 == 201)
        #expect(try await post(Multipart(xml: instance("uuid:one", clinic: "South")), to: url).0 == 409)
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/submission.xml")) == xml)

        // No instanceID, XML that is not well-formed, a body that is not multipart, another form: refused.
        #expect(try await post(Multipart(xml: Data("<visit id=\"visit\"><meta/></visit>".utf8)), to: url).0 == 400)
        #expect(try await post(Multipart(xml: Data("<visit id=\"visit\"><meta>".utf8)), to: url).0 == 400)
        var broken = Multipart(xml: instance("uuid:two"))
        broken.body = broken.body.prefix(40)
        #expect(try await post(broken, to: url).0 == 400)
        let other = Data("<x id=\"elsewhere\"><meta><instanceID>uuid:three</instanceID></meta></x>".utf8)
        #expect(try await post(Multipart(xml: other), to: url).0 == 404)

        let stored = try await server.stored()
        #expect(stored.map(\.instanceID) == ["uuid:one"])
        #expect(stored.first?.files == ["register.jpg", "submission.xml"])
        #expect(stored.first?.posts == 2)
    }

    @Test func injectsFaultsAndChecksCredentials() async throws {
        let scratch = try ScratchFolder("openrosa-server")
        defer { scratch.remove() }
        let passwordFile = scratch.file("password")
        try Data("pa55word\n".utf8).write(to: URL(fileURLWithPath: passwordFile))
        let submissions = scratch.file("submissions")
        let server = try OpenRosaServer(forms: TestForms.folder, submissions: submissions, user: "ann", passwordFile: passwordFile, maxBody: 2000)
        defer { server.stop() }
        let url = server.url("/submission")
        let credentials = "Basic " + Data("ann:pa55word".utf8).base64EncodedString()

        #expect(try await post(Multipart(xml: instance("uuid:a")), to: url).0 == 401)
        #expect(try await post(Multipart(xml: instance("uuid:a")), to: url, authorization: "Basic " + Data("ann:nope".utf8).base64EncodedString()).0 == 401)

        try await server.inject([.status(500, retryAfter: 2, on: .submission)])
        let (first, _, response) = try await post(Multipart(xml: instance("uuid:a")), to: url, authorization: credentials)
        #expect(first == 500)
        #expect(response?.value(forHTTPHeaderField: "Retry-After") == "2")
        #expect(try await post(Multipart(xml: instance("uuid:a")), to: url, authorization: credentials).0 == 201)

        let big = Multipart(xml: instance("uuid:b"), attachments: [("big.bin", Data(repeating: 7, count: 3000))])
        #expect(try await post(big, to: url, authorization: credentials).0 == 413)

        try await server.inject([.storeThenDrop()])
        await #expect(throws: (any Error).self) {
            _ = try await post(Multipart(xml: instance("uuid:c")), to: url, authorization: credentials)
        }
        #expect(try await server.stored().map(\.instanceID) == ["uuid:a", "uuid:c"])

        let log = try await server.log().filter { $0.path == "/submission" }
        #expect(log.map(\.status) == [401, 401, 500, 201, 413, nil])
        #expect(log.allSatisfy { $0.openRosaVersion == "1.0" })
    }
}
