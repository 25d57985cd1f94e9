/// Consumes a value so the optimizer cannot drop the computation that made it.
///
/// - Parameter value: The value to consume.
@inline(never) @_optimize(none)
public func blackHole<T>(_ value: T) {}

/// Returns its argument through a boundary the optimizer cannot see through.
///
/// - Parameter value: The value.
/// - Returns: `value`, unknown to the optimizer.
@inline(never) @_optimize(none)
public func opaque<T>(_ value: T) -> T { value }
