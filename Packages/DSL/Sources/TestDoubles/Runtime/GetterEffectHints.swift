import TestDoublesMetadata

/// The getter effect hints a `Stub` or `Spy` was built with, independent of
/// its subject type: either one hint per getter of the whole flattened
/// protocol graph, or hints per declaring protocol.
struct GetterEffectHints: @unchecked Sendable {
    /// How the hints were given.
    enum Form {
        /// One per getter requirement, in dispatch order (bases first).
        case ordered([ThrownShape])
        /// Per protocol (its existential type), one per getter it declares.
        case byProtocol([(protocolType: Any.Type, effects: [ThrownShape])])
    }

    let form: Form

    /// A key that tells apart hints giving different blueprints of the same type.
    var cacheKey: String {
        func key(_ effects: [ThrownShape]) -> String { effects.map(\.hintKey).joined(separator: ",") }
        switch form {
        case .ordered(let effects):
            return "ordered:" + key(effects)
        case .byProtocol(let entries):
            return "byProtocol:"
                + entries.map { "\(ObjectIdentifier($0.protocolType))=\(key($0.effects))" }.joined(
                    separator: ";")
        }
    }
}

extension ThrownShape {
    /// The shape as a getter declares it: `get`, `get throws`, `get throws(E)`.
    var getterSpelling: String {
        switch self {
        case .none: return "get"
        case .untyped: return "get throws"
        case .typed(let error): return "get throws(\(String(reflecting: error)))"
        }
    }

    /// Whether both throw the same way (the same error type when typed).
    func isSame(as other: ThrownShape) -> Bool {
        switch (self, other) {
        case (.none, .none), (.untyped, .untyped): return true
        case (.typed(let lhs), .typed(let rhs)): return ObjectIdentifier(lhs) == ObjectIdentifier(rhs)
        default: return false
        }
    }

    fileprivate var hintKey: String {
        switch self {
        case .none: return "n"
        case .untyped: return "t"
        case .typed(let error): return "e\(ObjectIdentifier(error))"
        }
    }
}
