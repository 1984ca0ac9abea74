import Foundation

/// The environment for a child process built from this package.
public enum ChildEnvironment {
    /// The test process's own environment, with LeakSanitizer's report at exit turned off.
    ///
    /// Under `swift test --sanitize=address` the children are built with AddressSanitizer too, and
    /// at exit LeakSanitizer reports what Foundation, FoundationNetworking (libcurl, URLSession) and
    /// `Process` keep for the life of a process, on stderr and with exit status 1, which the tests
    /// compare exactly. `detect_leaks=0` is appended to any `ASAN_OPTIONS` already set, so only the
    /// leak report is off: the child's memory errors are still caught and still fail the run.
    public static var variables: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        let options = environment["ASAN_OPTIONS", default: ""]
        environment["ASAN_OPTIONS"] = options.isEmpty ? "detect_leaks=0" : options + ":detect_leaks=0"
        return environment
    }
}
