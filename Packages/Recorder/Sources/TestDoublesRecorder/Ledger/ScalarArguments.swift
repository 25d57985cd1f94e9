/// The arguments of one call as raw words: at most ``capacity`` arguments,
/// each a ``ScalarKind``.
///
/// A front whose requirement takes only such arguments passes them to
/// ``InvocationRecorder/dispatch(_:scalars:)`` in this form: the call is then
/// recorded and matched without allocating, and each argument is boxed only
/// when something asks for it as `Any` (a matcher, a handler, a ledger read).
public struct ScalarArguments: Sendable {
    /// The most arguments a value holds.
    public static let capacity = 2

    let first: UInt64
    let second: UInt64
    /// The kinds' raw values: the first argument's in the low byte, the
    /// second's in the high byte; 0 where there is no argument.
    let kinds: UInt16

    /// No arguments.
    public init() {
        first = 0
        second = 0
        kinds = 0
    }

    /// One argument.
    ///
    /// - Parameters:
    ///   - kind: The argument's kind.
    ///   - word: A word whose low bytes hold the argument.
    public init(_ kind: ScalarKind, _ word: UInt64) {
        first = kind.normalized(word)
        second = 0
        kinds = UInt16(kind.rawValue)
    }

    /// Two arguments, in declaration order.
    ///
    /// - Parameters:
    ///   - firstKind: The first argument's kind.
    ///   - firstWord: A word whose low bytes hold the first argument.
    ///   - secondKind: The second argument's kind.
    ///   - secondWord: A word whose low bytes hold the second argument.
    public init(_ firstKind: ScalarKind, _ firstWord: UInt64, _ secondKind: ScalarKind, _ secondWord: UInt64) {
        first = firstKind.normalized(firstWord)
        second = secondKind.normalized(secondWord)
        kinds = UInt16(firstKind.rawValue) | UInt16(secondKind.rawValue) << 8
    }

    init(first: UInt64, second: UInt64, kinds: UInt16) {
        self.first = first
        self.second = second
        self.kinds = kinds
    }

    /// The number of arguments.
    public var count: Int {
        kinds == 0 ? 0 : kinds >> 8 == 0 ? 1 : 2
    }

    /// The kind of argument `index`.
    func kind(at index: Int) -> ScalarKind {
        ScalarKind(rawValue: UInt8(truncatingIfNeeded: index == 0 ? kinds : kinds >> 8))!
    }

    /// Argument `index`, boxed.
    func value(at index: Int) -> Any {
        kind(at: index).value(from: index == 0 ? first : second)
    }

    /// Every argument, boxed, in declaration order.
    var values: [Any] {
        switch count {
        case 0: []
        case 1: [value(at: 0)]
        default: [value(at: 0), value(at: 1)]
        }
    }
}
