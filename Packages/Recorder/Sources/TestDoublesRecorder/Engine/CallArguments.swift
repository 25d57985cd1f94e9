/// The arguments of one real call on their way through the engine: raw
/// scalar words from a front that sent them so, or boxed values.
///
/// Matching and recording read the arguments in place; only handlers and
/// diagnostics ask for ``values``, which boxes scalar words then.
enum CallArguments {
    case scalars(ScalarArguments)
    case boxed([Any])
    /// Boxed values the front still owns, valid only while the call is in
    /// the engine: recording copies them into the ledger, and nothing else
    /// keeps them.
    case borrowed(UnsafeBufferPointer<Any>)
    /// Boxed values the front hands over if the call is recorded: recording
    /// moves them into the ledger, leaving the front's buffer uninitialized;
    /// valid only while the call is in the engine.
    case lent(UnsafeMutableBufferPointer<Any>)

    /// The number of arguments.
    var count: Int {
        switch self {
        case .scalars(let scalars): scalars.count
        case .boxed(let values): values.count
        case .borrowed(let values): values.count
        case .lent(let values): values.count
        }
    }

    /// Argument `index`, boxed.
    func value(at index: Int) -> Any {
        switch self {
        case .scalars(let scalars): scalars.value(at: index)
        case .boxed(let values): values[index]
        case .borrowed(let values): values[index]
        case .lent(let values): values[index]
        }
    }

    /// Runs `body` with every argument, boxed, in declaration order, lent
    /// for its run: no array is made for borrowed or lent arguments.
    func withLentValues<R>(_ body: (UnsafeBufferPointer<Any>) throws -> R) rethrows -> R {
        switch self {
        case .scalars(let scalars): try scalars.values.withUnsafeBufferPointer(body)
        case .boxed(let values): try values.withUnsafeBufferPointer(body)
        case .borrowed(let values): try body(values)
        case .lent(let values): try body(UnsafeBufferPointer(values))
        }
    }

    /// Every argument, boxed, in declaration order.
    var values: [Any] {
        switch self {
        case .scalars(let scalars): scalars.values
        case .boxed(let values): values
        case .borrowed(let values): Array(values)
        case .lent(let values): Array(values)
        }
    }
}
