/// The effects of a mocked function: whether calling it suspends, throws,
/// both or neither.
///
/// An effect is a phantom type: ``Spy``, ``Interaction``, ``Arrange`` and
/// ``Assert`` take one as their middle generic argument, and it selects which
/// call, stubbing and verification methods exist. The four effects are
/// ``None``, ``Throws``, ``Async`` and ``AsyncThrows``.
public protocol Effect: Sendable {}

/// A function that neither throws nor suspends.
public enum None: Effect, Sendable {}

/// A function that throws: `throws`.
public enum Throws: Effect, Sendable {}

/// A function that suspends: `async`.
public enum Async: Effect, Sendable {}

/// A function that suspends and throws: `async throws`.
public enum AsyncThrows: Effect, Sendable {}
