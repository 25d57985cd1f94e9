extension Stub {
    /// Whether a getter throws, and what: a hint the runtime cannot read
    /// from Swift's metadata.
    ///
    /// Swift records whether a getter (of a property or a subscript) is
    /// `async`, but not whether it throws: the accessor's symbol and
    /// descriptor spell only the storage type. Construction reads it from the
    /// DWARF of a linked conformer's witness when that conformer was built
    /// with debug information; otherwise a `get throws` getter needs a hint,
    /// and an `async` getter without one fails closed. The hint fixes only
    /// the calling convention; `when`, `then*` and `verify` work as usual.
    ///
    /// ```swift
    /// protocol Inbox {
    ///     var unread: Int { get throws }
    ///     var latest: Message { get async throws(InboxError) }
    /// }
    /// let inbox = try Stub<any Inbox>(getterEffects: .throwing, .typedThrowing(InboxError.self))
    /// inbox.when { try $0.unread }.thenThrow(Offline())
    /// ```
    public enum GetterEffect: Sendable, Hashable, CustomStringConvertible {
        /// `get` or `get async`: the getter does not throw.
        case nonthrowing
        /// `get throws` or `get async throws`: the getter throws any `Error`.
        case throwing
        /// `get throws(E)` or `get async throws(E)`: the getter throws `E`,
        /// whose type fixes where the error travels.
        case typedThrowing(any Error.Type)

        /// The effect as a getter declares it (`get`, `get throws`, `get throws(E)`).
        public var description: String {
            switch self {
            case .nonthrowing: return "get"
            case .throwing: return "get throws"
            case .typedThrowing(let error): return "get throws(\(String(reflecting: error)))"
            }
        }

        /// Whether two hints give the same effect (typed hints: the same error type).
        ///
        /// - Parameters:
        ///   - lhs: A hint.
        ///   - rhs: Another hint.
        /// - Returns: Whether they are the same.
        public static func == (lhs: Self, rhs: Self) -> Bool {
            switch (lhs, rhs) {
            case (.nonthrowing, .nonthrowing), (.throwing, .throwing): return true
            case (.typedThrowing(let left), .typedThrowing(let right)):
                return ObjectIdentifier(left) == ObjectIdentifier(right)
            default: return false
            }
        }

        /// Hashes the effect (typed hints: by error type).
        ///
        /// - Parameter hasher: The hasher.
        public func hash(into hasher: inout Hasher) {
            switch self {
            case .nonthrowing: hasher.combine(0)
            case .throwing: hasher.combine(1)
            case .typedThrowing(let error):
                hasher.combine(2)
                hasher.combine(ObjectIdentifier(error))
            }
        }

        /// The thrown shape the hint gives the requirement.
        var thrown: ThrownShape {
            switch self {
            case .nonthrowing: return .none
            case .throwing: return .untyped
            case .typedThrowing(let error): return .typed(error)
            }
        }
    }

    /// The getter effects of the getters one protocol declares, for
    /// compositions and inherited protocols: no need to know the order in
    /// which Swift flattens the protocol graph.
    ///
    /// ```swift
    /// let store = try Stub<any Cache & Store>(
    ///     getterEffectsByProtocol: .effects(declaredBy: (any Store).self, .throwing))
    /// ```
    public struct ProtocolGetterEffects: @unchecked Sendable {
        /// The protocol's existential type (a metatype: immutable).
        let protocolType: Any.Type
        let effects: [GetterEffect]

        /// The effects of the getters `protocolType` itself declares, in declaration order.
        ///
        /// - Parameters:
        ///   - protocolType: The protocol, as its existential type: `(any Store).self`.
        ///   - firstEffect: The hint of the protocol's first getter.
        ///   - additionalEffects: One hint per further getter the protocol
        ///     declares (property getters and subscript getters, settable ones
        ///     included), in declaration order.
        /// - Returns: The hints of that protocol.
        public static func effects(
            declaredBy protocolType: Any.Type, _ firstEffect: GetterEffect, _ additionalEffects: GetterEffect...
        ) -> Self {
            Self(protocolType: protocolType, effects: [firstEffect] + additionalEffects)
        }

        /// The effects of the getters `protocolType` itself declares, in declaration order.
        ///
        /// - Parameters:
        ///   - protocolType: The protocol, as its existential type: `(any Store).self`.
        ///   - effects: One hint per getter the protocol declares, in declaration order.
        /// - Returns: The hints of that protocol.
        public static func effects(declaredBy protocolType: Any.Type, _ effects: [GetterEffect]) -> Self {
            Self(protocolType: protocolType, effects: effects)
        }
    }
}
