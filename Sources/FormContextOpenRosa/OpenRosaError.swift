/// Why a talk with an OpenRosa server, or the files it sent, failed.
///
/// The ``description`` says what was wrong and where: the URL (with an app-user token hidden and
/// without any password), the status and the server's message, the form or file name. Text from the
/// server or from a file is quoted with control characters escaped, so the message is safe to print
/// on a terminal. No password or token is ever part of it.
public struct OpenRosaError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The class of problem.
    public enum Kind: Sendable, Hashable {
        /// The server URL cannot be used: not `http` or `https`, no host, a user or password in it.
        case invalidURL
        /// Credentials (a password or an app-user token) would go over plain HTTP to a host that is not
        /// this machine: refused; use HTTPS.
        case insecureCredentials
        /// The server could not be reached, the connection was lost, or it answered something that is
        /// not HTTP.
        case network
        /// The request did not end within its deadline.
        case timedOut
        /// The server answered this HTTP status (after following redirects): 401 no or wrong
        /// credentials, 403 no right to the form (or a revoked app user), 404 no such form or file,
        /// 5xx the server failed.
        case status(Int)
        /// A redirect that is not followed: too many, without a `Location`, or from HTTPS to plain HTTP.
        case redirect
        /// A form list or manifest that is not a well-formed document of its kind (a DTD, a missing
        /// element, a hash that is not `md5:` and 32 hex digits).
        case malformedDocument
        /// A response larger than the limit, or an instance and its attachments larger than an outbox
        /// record may hold.
        case tooLarge
        /// A downloaded file whose MD5 hash is not the one the form list or manifest gives.
        case hashMismatch
        /// A form id or media file name that cannot be a file name here (a folder part, `..`, a
        /// leading dot, a control character, empty).
        case unsafeName
        /// A file or folder could not be read, written or moved, or a path is not a regular file (or
        /// not a folder) where one is expected.
        case fileSystem
        /// A file that must be replaced was not written by a download here (or was changed since): it is
        /// left as it is.
        case notOwned
        /// An instance that cannot be submitted: not UTF-8, malformed, a DTD, no `meta/instanceID` of
        /// `uuid:` and a UUID, or a `meta/deprecatedID` that is not one or is the record's own.
        case invalidInstance
        /// An attachment that cannot be sent: not a regular file, unreadable, a name a part cannot
        /// carry, a name the instance does not hold, or a name given twice.
        case invalidAttachment
        /// The outbox already holds a record with this instance id whose instance or attachments differ.
        case conflict
        /// An outbox record that was not added as an XForm record, or whose XForm parts are damaged.
        case notAnXFormRecord
        /// The outbox failed to read or write its files, or is being delivered by another process.
        case outbox
    }

    /// The class of problem.
    public var kind: Kind
    /// What was wrong and where.
    public var message: String

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - kind: The class of problem.
    ///   - message: What was wrong and where; it must hold no secret.
    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
