/// Consumes `value` so that the optimizer cannot prove the work that produced it is unused.
///
/// The function is neither inlined nor optimized, so its argument must really be computed.
@inline(never)
@_optimize(none)
func blackHole<T>(_ value: T) {}

/// Returns `value` through an opaque call, so the optimizer cannot fold it into a constant.
@inline(never)
@_optimize(none)
func opaque<T>(_ value: T) -> T {
    value
}
