/// The interaction of a settable property or subscript: its read side, and
/// a way to build its write side with the `<-` operator.
///
/// Reads and writes are recorded by two spies; a write never counts as a read.
public struct SettableInteraction<each Input, Eff: Effect, Output> {
    /// The read interaction.
    public let get: Interaction<repeat each Input, Eff, Output>
    let makeSet: @Sendable (ArgMatcher<Output>) -> Interaction<repeat each Input, Output, None, Void>

    /// Creates a settable interaction.
    ///
    /// - Parameters:
    ///   - get: The read interaction.
    ///   - setInteraction: Builds the write interaction for a matcher of the new value.
    public init(
        get: Interaction<repeat each Input, Eff, Output>,
        setInteraction: @escaping @Sendable (ArgMatcher<Output>) -> Interaction<repeat each Input, Output, None, Void>
    ) {
        self.get = get
        self.makeSet = setInteraction
    }

    /// Creates a settable interaction whose write side is recorded by
    /// `writeSpy`, with the read side's matchers followed by the new value's.
    ///
    /// Generated mocks use it: the closure that builds the write side is
    /// formed here, over unconstrained generic parameters, so a mock whose
    /// member's types are constrained (`Key: Hashable`) captures no
    /// conformance of them in a `@Sendable` closure, which Swift 6.2+ warns
    /// about for a type that is not `SendableMetatype`.
    ///
    /// - Parameters:
    ///   - get: The read interaction.
    ///   - writeSpy: The spy that records writes.
    public init(
        get: Interaction<repeat each Input, Eff, Output>, writeSpy: Spy<repeat each Input, Output, None, Void>
    ) {
        let matchers = get.invocationMatcher.matchers
        self.init(
            get: get,
            setInteraction: { newValue in Interaction(repeat each matchers, newValue, spy: writeSpy) })
    }

    /// The write interaction for the new values a matcher accepts.
    ///
    /// - Parameter newValue: The matcher of the written value.
    /// - Returns: The write interaction.
    public func set(_ newValue: ArgMatcher<Output>) -> Interaction<repeat each Input, Output, None, Void> {
        makeSet(newValue)
    }
}

extension SettableInteraction: Sendable where repeat each Input: Sendable, Output: Sendable {}

infix operator <- : AssignmentPrecedence

/// The write interaction of a settable member: `verify(mock.x <- 7).called(1)`.
///
/// Deliberately not `@discardableResult`: a bare `mock.x <- 1` does nothing.
///
/// - Parameters:
///   - interaction: The settable member's interaction.
///   - newValue: The matcher of the written value.
/// - Returns: The write interaction.
public func <- <each Input, Eff: Effect, Output>(
    _ interaction: SettableInteraction<repeat each Input, Eff, Output>, _ newValue: ArgMatcher<Output>
) -> Interaction<repeat each Input, Output, None, Void> {
    interaction.set(newValue)
}

/// The write interaction of a settable property, from its unapplied
/// interaction member: `verify(mock.name <- "x").called(1)`.
///
/// - Parameters:
///   - interaction: The unapplied interaction member.
///   - newValue: The matcher of the written value.
/// - Returns: The write interaction.
public func <- <each Input, Eff: Effect, Output>(
    _ interaction: (()) -> SettableInteraction<repeat each Input, Eff, Output>, _ newValue: ArgMatcher<Output>
) -> Interaction<repeat each Input, Output, None, Void> {
    interaction(()).set(newValue)
}
