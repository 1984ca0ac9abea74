import CMallocInfo

/// Measures heap memory through glibc's allocator statistics (the small C target `CMallocInfo`).
///
/// `mallinfo2()` reports the bytes the allocator has handed out and not had back: `uordblks` for
/// blocks in the heap arenas and `hblkhd` for large blocks it mapped on their own (dictionary tables
/// of a hundred thousand entries are such blocks). The difference before and after building a value,
/// with every temporary freed, is what that value keeps allocated, including the allocator's own
/// per-block overhead and the empty slots of hash tables. The benchmark runs on one thread, so every
/// allocation lands in the main arena that `mallinfo2()` reports.
enum MemoryMeter {
    /// Whether the allocator's statistics follow allocations: glibc 2.33 or later, with glibc's own
    /// allocator. Under a replaced allocator (ThreadSanitizer's, for one) `mallinfo2()` answers zeros.
    ///
    /// Probed once: most of a 16 MiB block must show up in the figure. (The figure is the whole
    /// process's, so other threads' frees may hide a little of it.)
    static let isAvailable: Bool = {
        guard cmallocinfo_bytes_in_use() >= 0 else { return false }
        let (probe, bytes) = retainedBytes { [UInt8](repeating: 1, count: 16 << 20) }
        return bytes >= probe.count / 2
    }()

    /// The bytes allocated and not yet freed, or -1 where the C library does not say.
    static func bytesInUse() -> Int {
        Int(cmallocinfo_bytes_in_use())
    }

    /// Builds a value and reports the bytes it keeps allocated.
    ///
    /// - Parameter build: Builds the value; temporaries it makes must be gone when it returns.
    /// - Returns: The value (keep it alive while comparing) and the bytes it holds.
    static func retainedBytes<T>(_ build: () -> T) -> (value: T, bytes: Int) {
        let before = bytesInUse()
        let value = build()
        let after = bytesInUse()
        return (value, after - before)
    }
}
