import Foundation
import Testing
@testable import FormContextOpenRosa

/// Where credentials may go, and that no description holds a secret.
struct OpenRosaEndpointTests {
    static let password = "Secret-Pa55-7f3c"
    static let token = "Tok3n!x$AbCdEf0123456789"

    @Test(arguments: [
        ("https://central.example.org/v1/projects/7", true),
        ("http://127.0.0.1:8080", true),
        ("http://127.9.0.1", true),
        ("http://localhost:3000/odk", true),
        ("http://[::1]:9000", true),
        ("http://central.example.org/v1/projects/7", false),
        ("http://127.0.0.1.example.org", false),
        ("http://10.0.0.2", false),
    ])
    func basicCredentialsGoOverHTTPSOrToThisMachineOnly(url: String, allowed: Bool) throws {
        let credentials = OpenRosaCredentials(user: "ann", password: Self.password)
        do {
            let endpoint = try OpenRosaEndpoint(url: URL(string: url)!, credentials: credentials)
            #expect(allowed)
            #expect(endpoint.headers(for: endpoint.formListURL)["Authorization"] != nil)
        } catch {
            #expect(!allowed)
            #expect(error.kind == .insecureCredentials)
            #expect(!"\(error)".contains(Self.password))
        }
        // Without credentials any http URL is fine.
        _ = try OpenRosaEndpoint(url: URL(string: url)!)
    }

    @Test func anAppUserTokenIsACredentialAndIsHiddenEverywhere() throws {
        let url = URL(string: "https://central.example.org/v1/key/\(Self.token)/projects/7/")!
        let endpoint = try OpenRosaEndpoint(url: url)
        #expect(endpoint.token == Self.token)
        #expect(endpoint.formListURL.absoluteString.hasSuffix("/projects/7/formList"))
        #expect(endpoint.description == "https://central.example.org/v1/key/…/projects/7")
        #expect(!String(reflecting: endpoint).contains("AbCdEf"))
        var dumped = ""
        dump(endpoint, to: &dumped)
        #expect(!dumped.contains("AbCdEf") && dumped.contains("/v1/key/…/projects/7"))
        #expect(endpoint.redacted("GET \(endpoint.submissionURL.absoluteString) failed") == "GET https://central.example.org/v1/key/…/projects/7/submission failed")

        let plain = URL(string: "http://central.example.org/v1/key/\(Self.token)/projects/7")!
        #expect(throws: OpenRosaError.self) { try OpenRosaEndpoint(url: plain) }
        do {
            _ = try OpenRosaEndpoint(url: plain)
        } catch {
            #expect(error.kind == .insecureCredentials)
            #expect(!error.description.contains("AbCdEf"))
        }
    }

    @Test func credentialsGoToTheirOriginOnly() throws {
        let credentials = OpenRosaCredentials(user: "ann", password: Self.password)
        let endpoint = try OpenRosaEndpoint(url: URL(string: "https://odk.example.org/main")!, credentials: credentials)
        #expect(endpoint.headers(for: URL(string: "https://odk.example.org/main/formList")!)["Authorization"] == credentials.authorization)
        #expect(endpoint.headers(for: URL(string: "https://ODK.example.org:443/other/file.png")!)["Authorization"] != nil)
        for other in ["https://media.example.org/main/logo.png", "http://odk.example.org/main/formList", "https://odk.example.org:8443/main"] {
            #expect(endpoint.headers(for: URL(string: other)!)["Authorization"] == nil, "\(other)")
        }
        let headers = endpoint.headers(for: endpoint.formListURL, now: Date(timeIntervalSince1970: 1_297_702_095))
        #expect(headers["X-OpenRosa-Version"] == "1.0")
        #expect(headers["Date"] == "Mon, 14 Feb 2011 16:48:15 GMT")
    }

    @Test func noDescriptionHoldsThePassword() throws {
        let credentials = OpenRosaCredentials(user: "ann", password: Self.password)
        let endpoint = try OpenRosaEndpoint(url: URL(string: "http://127.0.0.1:9/")!, credentials: credentials)
        var dumped = ""
        dump(credentials, to: &dumped)
        dump(endpoint, to: &dumped)
        let encoded = Data("ann:\(Self.password)".utf8).base64EncodedString()
        for text in [credentials.description, String(reflecting: credentials), "\(credentials)", endpoint.description,
                     String(reflecting: endpoint), dumped, endpoint.redacted("echo \(Self.password) \(credentials.authorization)")] {
            #expect(!text.contains(Self.password), "\(text)")
            #expect(!text.contains(encoded), "\(text)")
        }
    }

    @Test(arguments: ["ftp://example.org", "https:///path", "https://ann:pw@example.org", "mailto:ann@example.org"])
    func unusableURLsAreRefused(url: String) {
        #expect(throws: OpenRosaError.self) { try OpenRosaEndpoint(url: URL(string: url)!) }
    }

    /// A refused URL is named without its password or token.
    @Test(arguments: [
        ("ftp://ann:s3cret@example.org/v1/key/T0KEN/projects/1", #"the server URL "ftp://ann@example.org/v1/key/…/projects/1" is not http or https"#),
        ("https://ann:s3cret@/x", #"the server URL "https://ann@/x" has no host"#),
        ("http://127.0.0.1:99999/", #"the server URL "http://127.0.0.1:99999/" has the port 99999, not one from 1 to 65535"#),
        ("https://ann:s3cret@example.org:0/", #"the server URL "https://ann@example.org:0/" has the port 0, not one from 1 to 65535"#),
    ])
    func aRefusedURLIsNamedWithoutItsSecrets(url: String, message: String) {
        #expect {
            try OpenRosaEndpoint(url: URL(string: url)!)
        } throws: { error in
            "\(error)" == message && !"\(error)".contains("s3cret") && !"\(error)".contains("T0KEN")
        }
    }

    @Test func aUserNameWithAColonIsRefused() {
        #expect(throws: OpenRosaError.self) {
            try OpenRosaEndpoint(url: URL(string: "https://example.org")!, credentials: OpenRosaCredentials(user: "a:b", password: "x"))
        }
    }
}
