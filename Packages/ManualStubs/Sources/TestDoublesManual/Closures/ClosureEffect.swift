import TestDoublesRecorder

/// The effects of a doubled closure type, as a type: the third generic
/// argument of ``EffectfulClosureDouble`` and ``ClosureCallPattern``.
///
/// The effect decides which outcomes a pattern offers: only throwing
/// closures get `thenThrow`, only async closures get `thenSuspend()` and
/// the other timing controls.
public protocol ClosureEffectKind: Sendable {
    /// The effects of the closure type.
    static var requirementEffects: RequirementEffects { get }
    /// The name of the double type for this effect, such as `AsyncClosureDouble`.
    static var doubleName: String { get }
}

/// An effect that can throw.
public protocol ThrowingClosureEffectKind: ClosureEffectKind {
    /// The error type the closure throws; `any Error` for an untyped `throws`.
    associatedtype Failure: Error
}

/// An effect that is async.
public protocol AsyncClosureEffectKind: ClosureEffectKind {}

/// A synchronous effect that can throw: `(Input) throws(Failure) -> Output`.
public protocol SyncThrowingClosureEffectKind: ThrowingClosureEffectKind {}

/// An async effect that can throw: `(Input) async throws(Failure) -> Output`.
public protocol AsyncThrowingClosureEffectKind: ThrowingClosureEffectKind, AsyncClosureEffectKind {}

/// The effects a doubled closure can have.
public enum ClosureEffect {
    /// `(Input) -> Output`.
    public enum Sync: ClosureEffectKind {
        /// No effects.
        public static var requirementEffects: RequirementEffects { .none }
        /// `ClosureDouble`.
        public static var doubleName: String { "ClosureDouble" }
    }

    /// `(Input) throws(Failure) -> Output`; `Failure` is `any Error` for an untyped `throws`.
    public enum Throwing<Failure: Error>: SyncThrowingClosureEffectKind {
        /// `throws`.
        public static var requirementEffects: RequirementEffects { .throws }
        /// `ThrowingClosureDouble`, or `TypedThrowingClosureDouble` for a concrete error type.
        public static var doubleName: String {
            Failure.self == (any Error).self ? "ThrowingClosureDouble" : "TypedThrowingClosureDouble"
        }
    }

    /// `(Input) async -> Output`.
    public enum Async: AsyncClosureEffectKind {
        /// `async`.
        public static var requirementEffects: RequirementEffects { .async }
        /// `AsyncClosureDouble`.
        public static var doubleName: String { "AsyncClosureDouble" }
    }

    /// `(Input) async throws(Failure) -> Output`; `Failure` is `any Error` for an untyped `throws`.
    public enum AsyncThrowing<Failure: Error>: AsyncThrowingClosureEffectKind {
        /// `async throws`.
        public static var requirementEffects: RequirementEffects { .asyncThrows }
        /// `AsyncThrowingClosureDouble`, or `AsyncTypedThrowingClosureDouble` for a concrete error type.
        public static var doubleName: String {
            Failure.self == (any Error).self ? "AsyncThrowingClosureDouble" : "AsyncTypedThrowingClosureDouble"
        }
    }
}
