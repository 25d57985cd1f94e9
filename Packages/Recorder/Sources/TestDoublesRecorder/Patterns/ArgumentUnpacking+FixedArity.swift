extension ArgumentUnpacking {
    /// Calls a handler of one parameter with the call's first argument, as
    /// ``apply(_:to:_:_:)`` does for a parameter pack, without one.
    ///
    /// Unspecialized code of a parameter pack (a handler configured in
    /// generic code, or any pack the optimizer leaves generic) forms each
    /// element by copying the box and then the value out of it. An argument
    /// boxed as exactly the parameter's type is read where its box keeps it
    /// (``BoxedCast/project(_:as:)``); any other goes through the casting
    /// path, with the same answers and the same mismatch issue.
    @inlinable
    static func apply<A, Value>(
        _ arguments: UnsafeBufferPointer<Any>, toUnary handler: (A) throws -> Value, _ requirement: Requirement?
    ) throws -> Value {
        if arguments.count >= 1, let base = arguments.baseAddress, BoxedCast.boxedType(at: base) == A.self {
            return try handler(BoxedCast.project(base, as: A.self).pointee)
        }
        return try applyCasting(arguments, to: handler, requirement)
    }

    /// Calls a handler of two parameters with the call's first two
    /// arguments, as ``apply(_:toUnary:_:)`` does for one.
    @inlinable
    static func apply<A, B, Value>(
        _ arguments: UnsafeBufferPointer<Any>, toBinary handler: (A, B) throws -> Value, _ requirement: Requirement?
    ) throws -> Value {
        if arguments.count >= 2, let base = arguments.baseAddress, BoxedCast.boxedType(at: base) == A.self,
            BoxedCast.boxedType(at: base + 1) == B.self
        {
            return try handler(
                BoxedCast.project(base, as: A.self).pointee, BoxedCast.project(base + 1, as: B.self).pointee)
        }
        return try applyCasting(arguments, to: handler, requirement)
    }

    /// ``apply(_:toUnary:_:)`` for arguments in memory the caller alone
    /// reads and writes during the call: an argument its box keeps inline
    /// is lent to the handler without a copy (see
    /// ``BoxedCast/withValue(inPlace:as:_:)``), the same value. The
    /// arguments may be ``WideArgument`` markers (a one-hold lane that lends
    /// wide values): one of exactly the parameter's type is read at its
    /// address, any other as a real `Any` of its value; and
    /// ``DeferredArgument`` markers (a one-hold lane that lends escaping
    /// closures as their words): the first argument's value is made for
    /// this run alone, lent to the handler in place, and destroyed once it
    /// returns, so the ledger keeps the marker.
    ///
    /// Always inlined: its caller (``ScalarHandler/make(unary:_:)``'s
    /// closure) is a thin wrapper, and a call between them cost a frame
    /// (and a merged function that took this one as a parameter) per call.
    @inlinable
    @inline(__always)
    static func apply<A, Value>(
        inPlace arguments: UnsafeMutableBufferPointer<Any>, toUnary handler: (A) throws -> Value,
        _ requirement: Requirement?
    ) throws -> Value {
        if arguments.count >= 1, let base = arguments.baseAddress {
            if BoxedCast.boxedType(at: base) == A.self {
                return try BoxedCast.withValue(inPlace: base, as: A.self, handler)
            }
            // A wide value lent by address (``WideArgument``), of exactly the parameter's type: read where it is.
            if let value = WideArgument.address(at: base, of: A.self) { return try handler(value.pointee) }
            // A closure lent as its words (``DeferredArgument``): made for this run, out of line.
            if DeferredArgument.isMarker(base) { return try apply(made: arguments, toUnary: handler, requirement) }
        }
        return try WideArgument.withValues(lentIn: arguments) {
            try applyCasting(UnsafeBufferPointer($0), to: handler, requirement)
        }
    }

    /// ``apply(inPlace:toUnary:_:)`` for a first argument that is a
    /// ``DeferredArgument`` marker: its value, made for this run
    /// (``DeferredArgument/makeForRun(at:into:)``), of exactly the
    /// parameter's type is lent to the handler in place; any other is cast,
    /// with every marker made. The value goes back to its maker once the
    /// run returns, which reuses it for a later run if the handler kept none.
    ///
    /// Never inlined: inlined, its code made every typed handler's frame
    /// larger, a few instructions a call on every other lane.
    @inlinable
    @inline(never)
    static func apply<A, Value>(
        made arguments: UnsafeMutableBufferPointer<Any>, toUnary handler: (A) throws -> Value,
        _ requirement: Requirement?
    ) throws -> Value {
        // Made here for this run and handed back to its maker as this returns (which reuses it for a later
        // run if the handler kept none); lent in place.
        let marker = arguments.baseAddress.unsafelyUnwrapped
        return try withUnsafeTemporaryAllocation(of: Any.self, capacity: 1) { slot in
            let made = slot.baseAddress.unsafelyUnwrapped
            DeferredArgument.makeForRun(at: marker, into: made)
            defer { DeferredArgument.endRun(of: made, madeAt: marker) }
            if BoxedCast.boxedType(at: made) == A.self {
                return try BoxedCast.withValue(inPlace: made, as: A.self, handler)
            }
            return try DeferredArgument.withValues(lentIn: arguments) {
                try applyCasting(UnsafeBufferPointer($0), to: handler, requirement)
            }
        }
    }

    /// ``apply(_:toBinary:_:)`` for arguments in memory the caller alone
    /// reads and writes during the call, as ``apply(inPlace:toUnary:_:)`` lends one
    /// (always inlined, as that one is); ``WideArgument`` and
    /// ``DeferredArgument`` markers among them are read as real `Any`s of
    /// their values, made for this run alone.
    @inlinable
    @inline(__always)
    static func apply<A, B, Value>(
        inPlace arguments: UnsafeMutableBufferPointer<Any>, toBinary handler: (A, B) throws -> Value,
        _ requirement: Requirement?
    ) throws -> Value {
        if arguments.count >= 2, let base = arguments.baseAddress, BoxedCast.boxedType(at: base) == A.self,
            BoxedCast.boxedType(at: base + 1) == B.self
        {
            return try BoxedCast.withValue(inPlace: base, as: A.self) { first in
                try BoxedCast.withValue(inPlace: base + 1, as: B.self) { second in try handler(first, second) }
            }
        }
        // Closures lent as their words (``DeferredArgument``): read as real `Any`s made for this run, as
        // boxed arguments are read.
        if arguments.count >= 2, let base = arguments.baseAddress,
            DeferredArgument.isMarker(base) || DeferredArgument.isMarker(base + 1)
        {
            return try apply(made: arguments, toBinary: handler, requirement)
        }
        // Wide values lent by address (``WideArgument``) are read as real `Any`s, made for this run.
        return try WideArgument.withValues(lentIn: arguments) {
            try applyCasting(UnsafeBufferPointer($0), to: handler, requirement)
        }
    }

    /// ``apply(inPlace:toBinary:_:)`` for arguments among which are
    /// ``DeferredArgument`` markers: read as real `Any`s made for this run,
    /// as boxed arguments are read; never inlined, as
    /// ``apply(made:toUnary:_:)`` is not.
    @inlinable
    @inline(never)
    static func apply<A, B, Value>(
        made arguments: UnsafeMutableBufferPointer<Any>, toBinary handler: (A, B) throws -> Value,
        _ requirement: Requirement?
    ) throws -> Value {
        try DeferredArgument.withValues(lentIn: arguments) {
            try apply(UnsafeBufferPointer($0), toBinary: handler, requirement)
        }
    }
}
