import Foundation
import Testing
@testable import FormContextOpenRosa
import TestSupport

/// The multipart body of a `POST` and the split of a record into several, against a plain reading of
/// the body and a seeded set of records and sizes.
@Suite struct MultipartSplitTests {
    static func record(xml: Data = SubmissionFixtures.instance(), sizes: [Int], random: inout SplitMix64) -> OpenRosaRecord {
        let attachments = sizes.enumerated().map { position, size in
            OpenRosaAttachment(name: "file-\(position).\(["jpg", "m4a", "bin"][position % 3])", contents: Data((0..<size).map { _ in UInt8.random(in: 0...255, using: &random) }))
        }
        return OpenRosaRecord(instanceID: "uuid:" + UUID().uuidString, deprecatedID: nil, formID: "f", instanceXML: xml, attachments: attachments)
    }

    @Test func theBodyHoldsTheInstanceAndEachAttachmentAsItsOwnPart() throws {
        var random = SplitMix64(seed: 1)
        let record = Self.record(sizes: [10, 0, 300], random: &random)
        let body = MultipartBody(record, attachments: [0, 1, 2], isIncomplete: false)
        #expect(body.contentType == "multipart/form-data; boundary=\(body.boundary)")
        let parts = try #require(SubmissionFixtures.parts(of: body.bytes, boundary: body.boundary))
        #expect(parts == [
            .init(name: "xml_submission_file", fileName: "submission.xml", contentType: "text/xml", contents: record.instanceXML),
            .init(name: "file-0.jpg", fileName: "file-0.jpg", contentType: "image/jpeg", contents: record.attachments[0].contents),
            .init(name: "file-1.m4a", fileName: "file-1.m4a", contentType: "audio/mp4", contents: Data()),
            .init(name: "file-2.bin", fileName: "file-2.bin", contentType: "application/octet-stream", contents: record.attachments[2].contents),
        ])
        #expect(MultipartBody.size(of: record, attachments: [0, 1, 2], isIncomplete: false) == body.bytes.count)
    }

    @Test func anIncompletePOSTCarriesTheMarker() throws {
        var random = SplitMix64(seed: 2)
        let record = Self.record(sizes: [5], random: &random)
        let body = MultipartBody(record, attachments: [0], isIncomplete: true)
        let parts = try #require(SubmissionFixtures.parts(of: body.bytes, boundary: body.boundary))
        #expect(parts.last == .init(name: "*isIncomplete*", fileName: nil, contentType: nil, contents: Data("yes".utf8)))
        #expect(MultipartBody.size(of: record, attachments: [0], isIncomplete: true) == body.bytes.count)
    }

    @Test func theBoundaryIsFoundInNoPart() throws {
        var random = SplitMix64(seed: 3)
        let record = Self.record(sizes: [50], random: &random)
        let taken = "FormContext-" + String(repeating: "A", count: 28)
        // A part that holds the boundary the body would otherwise use is never cut by it.
        let hostile = OpenRosaRecord(
            instanceID: record.instanceID, deprecatedID: nil, formID: nil, instanceXML: Data(("<a>--" + taken + "</a>").utf8),
            attachments: [OpenRosaAttachment(name: "x.bin", contents: Data(("\r\n--" + taken + "--\r\n").utf8))])
        #expect(MultipartBody.boundary(avoiding: [hostile.instanceXML]) != taken)
        let body = MultipartBody(hostile, attachments: [0], isIncomplete: false)
        let parts = try #require(SubmissionFixtures.parts(of: body.bytes, boundary: body.boundary))
        #expect(parts.map(\.contents) == [hostile.instanceXML, hostile.attachments[0].contents])
    }

    /// Seeded records and sizes: every attachment is sent exactly once, in order, each `POST` with
    /// the instance and within the size unless it holds a single attachment, the marker on every
    /// `POST` but the last, and what the server gathers is the record.
    @Test(arguments: 1...300 as ClosedRange<UInt64>)
    func theSplitSendsEveryAttachmentOnceWithinTheSize(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let count = Int.random(in: 0...6, using: &random)
        let sizes = (0..<count).map { _ in Int.random(in: 0...2000, using: &random) }
        let record = Self.record(sizes: sizes, random: &random)
        let maximumSize: Int? = Int.random(in: 0...4, using: &random) == 0 ? nil : Int.random(in: 100...5000, using: &random)
        let posts = SubmissionPlan.posts(for: record, maximumSize: maximumSize)
        #expect(Array(posts.joined()) == Array(record.attachments.indices))
        #expect(!posts.isEmpty)
        var gathered: [String: Data] = [:]
        for (position, post) in posts.enumerated() {
            let isLast = position == posts.count - 1
            let body = MultipartBody(record, attachments: post, isIncomplete: !isLast)
            if let maximumSize, post.count > 1 { #expect(body.bytes.count <= maximumSize, "seed \(seed)") }
            if posts.count > 1 { #expect(!post.isEmpty, "seed \(seed)") }
            let parts = try #require(SubmissionFixtures.parts(of: body.bytes, boundary: body.boundary))
            #expect(parts.first?.contents == record.instanceXML)
            #expect(parts.contains { $0.name == "*isIncomplete*" } == !isLast)
            for part in parts.dropFirst() where part.name != "*isIncomplete*" { gathered[part.name] = part.contents }
        }
        #expect(gathered == Dictionary(uniqueKeysWithValues: record.attachments.map { ($0.name, $0.contents) }))
        // One POST whenever the whole fits.
        if maximumSize.map({ MultipartBody.size(of: record, attachments: Array(record.attachments.indices), isIncomplete: false) <= $0 }) ?? true {
            #expect(posts.count == 1)
        }
        // No two neighbouring POSTs could have been one.
        if let maximumSize {
            for (left, right) in zip(posts, posts.dropFirst()) where !left.isEmpty {
                #expect(MultipartBody.size(of: record, attachments: left + [right[0]], isIncomplete: true) > maximumSize, "seed \(seed)")
            }
        }
    }
}
