#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes the demo's output to its standard output and error, reporting a failed write instead of
/// trapping.
///
/// A write can fail: standard output may be closed (`>&-`), a full device (`/dev/full`), or a pipe
/// nobody reads any more. Then a one-line error goes to standard error if that still can be written,
/// and the demo exits with ``DemoCommand/outputError``. With SIGPIPE at its default, a broken pipe
/// ends the demo by that signal, as it ends any command-line tool.
struct DemoOutput {
    /// The standard descriptors that were closed when the demo started.
    let closedDescriptors: Set<Int32>

    /// Notes which of standard input, output and error are closed, and points each at `/dev/null`,
    /// so that no file the process opens later can take its number and receive the output.
    static func claimStandardDescriptors() -> DemoOutput {
        var closed: Set<Int32> = []
        for descriptor: Int32 in [0, 1, 2] where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
            closed.insert(descriptor)
            let opened = open("/dev/null", O_RDWR)
            if opened >= 0 && opened != descriptor {
                dup2(opened, descriptor)
                close(opened)
            }
        }
        return DemoOutput(closedDescriptors: closed)
    }

    /// Writes what `outcome` printed and returns the status to exit with.
    func emit(_ outcome: DemoCommand.Outcome) -> Int32 {
        var status = outcome.status
        if let failure = write(outcome.output, to: 1) {
            status = DemoCommand.outputError
            _ = write(DemoText.joined(["error: cannot write to standard output: \(failure)"]), to: 2)
        }
        // A message that cannot be written has nowhere left to be reported; the status still tells.
        _ = write(outcome.errorOutput, to: 2)
        return status
    }

    /// Writes all of `text` to `descriptor`.
    ///
    /// - Returns: `nil` on success, otherwise why the write failed (`No space left on device`).
    func write(_ text: String, to descriptor: Int32) -> String? {
        guard !text.isEmpty else { return nil }
        if closedDescriptors.contains(descriptor) { return "it is closed" }
        var bytes = Array(text.utf8)  // mutable only for a pointer the C call takes
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeMutableBytes { buffer -> Int in
                guard let start = buffer.baseAddress else { return 0 }
                return systemWrite(descriptor, start + written, buffer.count - written)
            }
            if count < 0 {
                if errno == EINTR { continue }
                return String(cString: strerror(errno))
            }
            written += count
        }
        return nil
    }
}

/// The C library's `write`, under a name that the method `write(_:to:)` does not hide.
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}
