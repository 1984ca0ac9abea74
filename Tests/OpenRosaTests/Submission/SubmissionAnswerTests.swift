import Foundation
import FormContextDurability
import Testing
@testable import FormContextOpenRosa

/// What each status of a submission's answer means.
@Suite struct SubmissionAnswerTests {
    static func envelope(_ message: String) -> Data {
        Data(#"<OpenRosaResponse xmlns="http://openrosa.org/http/response" items="0"><message nature="error">\#(message)</message></OpenRosaResponse>"#.utf8)
    }

    static let cases: [(Int, [String: String], SubmissionAnswer)] = [
        (201, [:], .received),
        (202, [:], .received),
        (409, [:], .failed(.rejected(reason: "HTTP 409: Bad; the server holds another record under this instanceID, and not this one"))),
        (200, [:], .failed(.retry(reason: "HTTP 200: Bad; only 201 or 202 means the server received the submission (a proxy or a sign-in page may stand in between)"))),
        (204, [:], .failed(.retry(reason: "HTTP 204: Bad; only 201 or 202 means the server received the submission (a proxy or a sign-in page may stand in between)"))),
        (302, ["Location": "https://elsewhere.example/login"], .failed(.rejected(reason: #"HTTP 302: redirected to "https://elsewhere.example/login"; redirects are not followed"#))),
        (307, [:], .failed(.rejected(reason: "HTTP 307: a redirect without a Location; redirects are not followed"))),
        (400, [:], .failed(.rejected(reason: "HTTP 400: Bad"))),
        (401, [:], .failed(.retry(reason: "HTTP 401: Bad; the server wants credentials, or refused the ones given"))),
        (403, [:], .failed(.rejected(reason: "HTTP 403: Bad"))),
        (404, [:], .failed(.rejected(reason: "HTTP 404: Bad"))),
        (413, ["x-openrosa-accept-content-length": "1000"], .tooLarge(limit: 1000, reason: "HTTP 413: Bad")),
        (413, [:], .tooLarge(limit: nil, reason: "HTTP 413: Bad")),
        (429, ["Retry-After": "7"], .failed(.retry(reason: "HTTP 429: Bad", after: .seconds(7)))),
        (500, [:], .failed(.retry(reason: "HTTP 500: Bad"))),
        (503, ["Retry-After": "120"], .failed(.retry(reason: "HTTP 503: Bad", after: .seconds(120)))),
        (408, [:], .failed(.retry(reason: "HTTP 408: Bad"))),
        (422, [:], .failed(.rejected(reason: "HTTP 422: Bad"))),
        (101, [:], .failed(.retry(reason: "HTTP 101: Bad; not a status a submission is answered with"))),
    ]

    @Test(arguments: 0..<cases.count)
    func eachStatusMeansWhatTheGuideSays(_ index: Int) {
        let (status, headers, expected) = Self.cases[index]
        #expect(SubmissionAnswer.reading(status: status, body: Self.envelope("Bad"), headers: headers) == expected, "HTTP \(status)")
    }

    @Test func theServersMessageIsEscapedAndCut() {
        // XML cannot hold ESC or BEL, but it can hold C1 controls (CSI, U+009B), line breaks and
        // bidirectional overrides.
        let hostile = "ok\u{9B}31m\t\n\u{202E}evil\\" + String(repeating: "x", count: 300)
        let answer = SubmissionAnswer.reading(status: 400, body: Self.envelope(hostile), headers: [:])
        guard case .failed(.rejected(let reason, _)) = answer else {
            Issue.record("\(answer)")
            return
        }
        #expect(reason.hasPrefix(#"HTTP 400: ok\u{9b}31m\t\n\u{202e}evil\\xxx"#))
        #expect(reason.hasSuffix("x…"))
        #expect(!reason.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0.properties.generalCategory == .format })
    }

    @Test func aBodyThatIsNoEnvelopeGivesNoMessage() {
        for body in ["", "<OpenRosaResponse><message>\u{1B}[2J</message></OpenRosaResponse>", "<html><body>Sign in</body></html>", "<!DOCTYPE x [<!ENTITY a 'b'>]><OpenRosaResponse><message>&a;</message></OpenRosaResponse>", "not xml"] {
            #expect(SubmissionAnswer.reading(status: 400, body: Data(body.utf8), headers: [:]) == .failed(.rejected(reason: "HTTP 400")), "\(body)")
        }
    }

    @Test func retryAfterReadsSecondsAndDates() {
        let now = Date(timeIntervalSince1970: 1_000_000)
        #expect(SubmissionAnswer.retryAfter("30", now: now) == .seconds(30))
        #expect(SubmissionAnswer.retryAfter(OpenRosaEndpoint.httpDate(now.addingTimeInterval(90)), now: now) == .seconds(90))
        #expect(SubmissionAnswer.retryAfter(OpenRosaEndpoint.httpDate(now.addingTimeInterval(-90)), now: now) == nil)
        #expect(SubmissionAnswer.retryAfter("soon", now: now) == nil)
        #expect(SubmissionAnswer.contentLength("10485760") == 10_485_760)
        for bad in ["", "-1", "0", "1e6", "12 34", String(repeating: "9", count: 19)] { #expect(SubmissionAnswer.contentLength(bad) == nil, "\(bad)") }
    }
}
