#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The terminal on standard input and output: raw mode while the interactive demo runs, and back to
/// exactly the mode it found on every way out.
final class Terminal {
    /// What standard input read, or why it could not.
    enum Input {
        case bytes([UInt8])
        /// A signal arrived through the watcher's pipe.
        case signal(Int32)
        /// Nothing arrived within the time asked for.
        case timeout
        /// The terminal is gone (end of file) or cannot be read: why.
        case failed(String)
    }

    /// The mode the terminal was in before raw mode.
    private let original: termios
    private var isRaw = false

    /// Whether standard input and output are both a terminal.
    static var isAvailable: Bool {
        isatty(0) == 1 && isatty(1) == 1
    }

    /// The terminal on standard input, or `nil` when its mode cannot be read.
    init?() {
        var mode = termios()
        guard tcgetattr(0, &mode) == 0 else { return nil }
        original = mode
    }

    deinit {
        restore()
    }

    /// Switches to raw mode (no echo, no line editing, no signals from keys, bytes as they come),
    /// the alternate screen, a hidden cursor and bracketed paste (mode 2004: the terminal marks
    /// pasted text, so that it is read as text and not as keys).
    ///
    /// - Parameter flushing: Whether input not read yet is dropped (when the demo starts), or kept
    ///   (when it takes the terminal again after a stop).
    /// - Returns: Whether raw mode is on.
    func enterRawMode(flushing: Bool = true) -> Bool {
        var raw = original
        raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
        raw.c_cflag |= tcflag_t(CS8)
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
        withUnsafeMutableBytes(of: &raw.c_cc) { characters in
            characters[Int(VMIN)] = 1
            characters[Int(VTIME)] = 0
        }
        guard tcsetattr(0, flushing ? TCSAFLUSH : TCSANOW, &raw) == 0 else { return false }
        isRaw = true
        write("\u{1B}[?1049h\u{1B}[?25l\u{1B}[?2004h")
        return true
    }

    /// Turns bracketed paste off, leaves the alternate screen, shows the cursor and puts the terminal
    /// back in the mode it was in. Calling it again does nothing; ``enterRawMode()`` switches back.
    func restore() {
        guard isRaw else { return }
        isRaw = false
        write(ScreenDrawing.Style.reset + "\u{1B}[?2004l\u{1B}[?25h\u{1B}[?1049l")
        var mode = original
        _ = tcsetattr(0, TCSAFLUSH, &mode)
    }

    /// The terminal's columns and rows (80 by 24 when it does not say).
    var size: (width: Int, height: Int) {
        var window = winsize()
        guard ioctl(1, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0 else { return (80, 24) }
        return (Int(window.ws_col), Int(window.ws_row))
    }

    /// Writes all of `text` to standard output.
    @discardableResult
    func write(_ text: String) -> Bool {
        var bytes = Array(text.utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeMutableBytes { buffer -> Int in
                guard let start = buffer.baseAddress else { return 0 }
                return systemWrite(1, start + written, buffer.count - written)
            }
            if count < 0 {
                if errno == EINTR { continue }
                return false
            }
            written += count
        }
        return true
    }

    /// Waits for bytes on standard input or a signal on `signals`, at most `milliseconds` (forever
    /// when negative).
    func read(orSignalFrom signals: Int32, milliseconds: Int32 = -1) -> Input {
        var descriptors = [pollfd(fd: 0, events: Int16(POLLIN), revents: 0), pollfd(fd: signals, events: Int16(POLLIN), revents: 0)]
        let ready = poll(&descriptors, nfds_t(descriptors.count), milliseconds)
        if ready < 0 { return errno == EINTR ? .timeout : .failed(String(cString: strerror(errno))) }
        if ready == 0 { return .timeout }
        if descriptors[1].revents & Int16(POLLIN) != 0 {
            var signal: UInt8 = 0
            if systemRead(signals, &signal, 1) == 1 { return .signal(Int32(signal)) }
        }
        guard descriptors[0].revents != 0 else { return .timeout }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { systemRead(0, $0.baseAddress, $0.count) }
        if count > 0 { return .bytes(Array(buffer[0..<count])) }
        if count < 0 && (errno == EINTR || errno == EAGAIN) { return .timeout }
        return .failed(count == 0 ? "the terminal closed" : String(cString: strerror(errno)))
    }
}

/// The C library's `write`, under a name that the method does not hide.
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}

/// The C library's `read`, under a name that the method does not hide.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
