/// How a record is split into `POST`s when the whole would be over the server's
/// `X-OpenRosa-Accept-Content-Length`, as the Form Submission API recommends: each `POST` carries the
/// instance and as many of the attachments, in their order, as keep it within the size; an attachment
/// too large for any `POST` goes in one of its own with the instance.
enum SubmissionPlan {
    /// The attachments of each `POST`, by position, in order; every attachment exactly once.
    ///
    /// - Parameters:
    ///   - record: The record.
    ///   - attachments: The positions of the attachments to send; all of them by default.
    ///   - maximumSize: The server's recommended largest body, or `nil` when it gave none.
    /// - Returns: One list of positions per `POST`; a single empty list when there are no attachments.
    /// - Complexity: O(*n*²) for *n* attachments, each body measured without being built.
    static func posts(for record: OpenRosaRecord, attachments: [Int]? = nil, maximumSize: Int?) -> [[Int]] {
        let all = attachments ?? Array(record.attachments.indices)
        guard let maximumSize, !all.isEmpty, MultipartBody.size(of: record, attachments: all, isIncomplete: false) > maximumSize else {
            return [all]
        }
        var posts: [[Int]] = []
        var current: [Int] = []
        for position in all {
            // Every part is measured as if more followed it: the marker's few bytes are counted in.
            if !current.isEmpty, MultipartBody.size(of: record, attachments: current + [position], isIncomplete: true) > maximumSize {
                posts.append(current)
                current = []
            }
            current.append(position)
        }
        posts.append(current)
        return posts
    }
}
