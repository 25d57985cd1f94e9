import Foundation

/// A spy paired with argument matchers: what an interaction member of a
/// mock returns, and what `when`, `verify` and `verifyInOrder` take.
public struct Interaction<each Input, Eff: Effect, Output> {
    /// The calls this interaction stands for.
    public let invocationMatcher: InvocationMatcher<repeat each Input>
    /// The spy of the member.
    public let spy: Spy<repeat each Input, Eff, Output>

    /// Creates an interaction from one matcher per parameter and a spy.
    ///
    /// - Parameters:
    ///   - matchers: The argument matchers, in parameter order.
    ///   - spy: The spy of the member.
    public init(_ matchers: repeat ArgMatcher<each Input>, spy: Spy<repeat each Input, Eff, Output>) {
        self.invocationMatcher = InvocationMatcher(matchers: repeat each matchers)
        self.spy = spy
    }

    init(invocationMatcher: InvocationMatcher<repeat each Input>, spy: Spy<repeat each Input, Eff, Output>) {
        self.invocationMatcher = invocationMatcher
        self.spy = spy
    }

    /// The arguments of the recorded calls the matchers accept, in call order.
    ///
    /// - Returns: One tuple of arguments per matching call.
    public func invocations() -> [(repeat each Input)] {
        var matching: [(repeat each Input)] = []
        for invocation in spy.invocations where invocationMatcher.isMatchedBy(invocation) {
            matching.append(invocation.arguments)
        }
        return matching
    }
}

extension Interaction: Sendable where repeat each Input: Sendable {}

extension Interaction: CrossSpyVerifiable {
    /// The ID of the interaction's spy.
    public var spyID: UUID { spy.spyID }

    /// The label of the interaction's spy.
    public var methodLabel: String? { spy.methodLabel }

    /// Whether a call in the order recorder is a call of this spy, still
    /// recorded by it, that the matchers accept.
    ///
    /// - Parameter recorded: An entry of ``InvocationRecorder``.
    /// - Returns: Whether it matches.
    public func matches(_ recorded: Recorded) -> Bool {
        guard recorded.spyID == spy.spyID, recorded.methodLabel == spy.methodLabel,
            let invocation = spy.invocation(withID: recorded.invocationID)
        else { return false }
        return invocationMatcher.isMatchedBy(invocation)
    }
}
