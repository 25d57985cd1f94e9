/// One argument matcher per parameter: the calls a stub, an action or a
/// verification applies to.
public struct InvocationMatcher<each I> {
    let matchers: (repeat ArgMatcher<each I>)

    /// Creates a matcher from one argument matcher per parameter.
    ///
    /// - Parameter matchers: The argument matchers, in parameter order.
    public init(matchers: repeat ArgMatcher<each I>) {
        self.matchers = (repeat each matchers)
    }

    /// Whether every argument matcher accepts its argument of the call.
    ///
    /// - Parameter invocation: A recorded call.
    /// - Returns: Whether the call matches.
    public func isMatchedBy(_ invocation: Invocation<repeat each I>) -> Bool {
        accepts(repeat each invocation.arguments)
    }

    /// Whether every argument matcher accepts its argument.
    func accepts(_ argument: repeat each I) -> Bool {
        var matched = true
        func check<T>(_ matcher: ArgMatcher<T>, _ value: T) {
            if matched && !matcher(value) { matched = false }
        }
        repeat check(each matchers, each argument)
        return matched
    }

    /// The sum of the argument matchers' precedences.
    public var precedence: Int {
        var total = 0
        func add<T>(_ matcher: ArgMatcher<T>) { total += matcher.precedence.value }
        repeat add(each matchers)
        return total
    }
}

extension InvocationMatcher: Sendable where repeat each I: Sendable {}
