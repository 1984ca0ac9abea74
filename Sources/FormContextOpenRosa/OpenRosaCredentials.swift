import Foundation

/// A user name and password for HTTP Basic authentication with an OpenRosa server (ODK Central's web
/// users, ODK Aggregate, KoboToolbox, Ona).
///
/// The password is never shown: ``description``, `debugDescription` and the mirror (`dump`) say only
/// that there is one. It is sent only to the origin (scheme, host and port) of the
/// ``OpenRosaEndpoint`` it was given with, over HTTPS, or over plain HTTP to this machine only.
///
/// ```swift
/// let credentials = OpenRosaCredentials(user: "collector", password: password)
/// let server = try OpenRosaEndpoint(url: URL(string: "https://aggregate.example.org")!, credentials: credentials)
/// ```
///
/// ODK Central's app users need no credentials: their token is part of the URL (see
/// ``OpenRosaEndpoint``).
public struct OpenRosaCredentials: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The user name.
    public let user: String
    /// The password; never in any description.
    let password: String

    /// Creates credentials.
    ///
    /// - Parameters:
    ///   - user: The user name; it cannot hold a colon (Basic authentication joins the two with one).
    ///   - password: The password.
    public init(user: String, password: String) {
        self.user = user
        self.password = password
    }

    /// `Basic credentials (password hidden)`.
    public var description: String { "Basic credentials (password hidden)" }

    /// The same as ``description``.
    public var debugDescription: String { description }

    /// A mirror without the password, so that `dump` and the debugger show none.
    public var customMirror: Mirror { Mirror(self, children: ["user": user, "password": "(hidden)"]) }

    /// The `Authorization` header's value: `Basic ` and the base64 of `user:password` in UTF-8.
    var authorization: String { "Basic " + Data("\(user):\(password)".utf8).base64EncodedString() }

    /// Why these credentials cannot be used, or `nil`.
    var problem: String? {
        user.contains(":") ? "the user name holds a colon, which Basic authentication cannot carry" : nil
    }
}
