/// Starts stubbing the calls an interaction names:
/// `when(mock.price(.any)).thenReturn(42)`.
///
/// - Parameter interaction: The interaction member's result.
/// - Returns: The arrangement to give an answer or an action to.
public func when<each Input, Eff: Effect, Output>(
    _ interaction: Interaction<repeat each Input, Eff, Output>
) -> Arrange<repeat each Input, Eff, Output> {
    Arrange(invocationMatcher: interaction.invocationMatcher, spy: interaction.spy)
}

/// Starts stubbing a getter through its unapplied interaction member:
/// `when(mock.count).thenReturn(3)`.
///
/// - Parameter interaction: The unapplied interaction member.
/// - Returns: The arrangement to give an answer or an action to.
public func when<each Input, Eff: Effect, Output>(
    _ interaction: (()) -> Interaction<repeat each Input, Eff, Output>
) -> Arrange<repeat each Input, Eff, Output> {
    when(interaction(()))
}

/// Starts stubbing the reads of a settable member.
///
/// - Parameter interaction: The settable member's interaction.
/// - Returns: The arrangement to give an answer or an action to.
public func when<each Input, Eff: Effect, Output>(
    _ interaction: SettableInteraction<repeat each Input, Eff, Output>
) -> Arrange<repeat each Input, Eff, Output> {
    when(interaction.get)
}

/// Starts stubbing the reads of a settable property through its unapplied
/// interaction member: `when(mock.name).thenReturn("x")`.
///
/// - Parameter interaction: The unapplied interaction member.
/// - Returns: The arrangement to give an answer or an action to.
public func when<each Input, Eff: Effect, Output>(
    _ interaction: (()) -> SettableInteraction<repeat each Input, Eff, Output>
) -> Arrange<repeat each Input, Eff, Output> {
    when(interaction(()).get)
}
