extension ScalarHandler {
    /// The unboxed form of a typed handler of one parameter, without a
    /// parameter pack (see ``ArgumentUnpacking/apply(inPlace:toUnary:_:)``); nil
    /// unless `Value` is `Void` or a scalar.
    @inlinable
    static func make<Argument, Value>(
        unary handler: @escaping (Argument) throws -> Value, _ requirement: Requirement?
    ) -> ScalarHandler? {
        if Value.self == Void.self {
            return ScalarHandler(kind: nil, readsWideArguments: true, readsDeferredArguments: true) { arguments, _ in
                _ = try ArgumentUnpacking.apply(inPlace: arguments, toUnary: handler, requirement)
                return 0
            }
        }
        guard let kind = ScalarKind(Value.self) else { return nil }
        return ScalarHandler(kind: kind, readsWideArguments: true, readsDeferredArguments: true) { arguments, _ in
            word(of: try ArgumentUnpacking.apply(inPlace: arguments, toUnary: handler, requirement))
        }
    }

    /// The unboxed form of a typed handler of two parameters, as ``make(unary:_:)`` makes one of one.
    @inlinable
    static func make<First, Second, Value>(
        binary handler: @escaping (First, Second) throws -> Value, _ requirement: Requirement?
    ) -> ScalarHandler? {
        if Value.self == Void.self {
            return ScalarHandler(kind: nil, readsWideArguments: true, readsDeferredArguments: true) { arguments, _ in
                _ = try ArgumentUnpacking.apply(inPlace: arguments, toBinary: handler, requirement)
                return 0
            }
        }
        guard let kind = ScalarKind(Value.self) else { return nil }
        return ScalarHandler(kind: kind, readsWideArguments: true, readsDeferredArguments: true) { arguments, _ in
            word(of: try ArgumentUnpacking.apply(inPlace: arguments, toBinary: handler, requirement))
        }
    }
}
