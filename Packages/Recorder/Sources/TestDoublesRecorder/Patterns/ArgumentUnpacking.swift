/// Casts a call's boxed arguments to a leading prefix of typed values.
///
/// Inlinable so a typed handler's unpacking is specialized where it is configured.
@usableFromInline
enum ArgumentUnpacking {
    @usableFromInline
    struct Mismatch: Error {
        @usableFromInline let position: Int
        @usableFromInline let expected: Any.Type

        @usableFromInline
        init(position: Int, expected: Any.Type) {
            self.position = position
            self.expected = expected
        }
    }

    /// The first arguments as `(repeat each A)`; throws when there are too few or one has another type.
    ///
    /// A handler of a single tuple argument (`{ (pair: (Int, Int)) in }`)
    /// reaches here with the tuple's elements as its pack: the one argument,
    /// when it is exactly that tuple, is the answer.
    @inlinable
    static func unpack<each A>(
        _ arguments: [Any], as _: (repeat each A).Type = (repeat each A).self
    ) throws(Mismatch)
        -> (repeat each A)
    {
        // Through a `Result`: Swift 6.0's `withUnsafeBufferPointer` rethrows untyped errors.
        func unpackLent(_ lent: UnsafeBufferPointer<Any>) -> Result<(repeat each A), Mismatch> {
            do {
                return .success(try unpack(lent, as: (repeat each A).self))
            } catch {
                return .failure(error)
            }
        }
        return try arguments.withUnsafeBufferPointer(unpackLent).get()
    }

    /// The first arguments, lent by a call for its handler's run, as `(repeat each A)`, as the array form unpacks them.
    @inlinable
    static func unpack<each A>(
        _ arguments: UnsafeBufferPointer<Any>, as _: (repeat each A).Type = (repeat each A).self
    ) throws(Mismatch)
        -> (repeat each A)
    {
        do {
            return try unpackEach(arguments, as: (repeat each A).self)
        } catch {
            if arguments.count == 1, let whole = arguments[0] as? (repeat each A) { return whole }
            throw error
        }
    }

    @inlinable
    static func unpackEach<each A>(
        _ arguments: UnsafeBufferPointer<Any>, as _: (repeat each A).Type
    ) throws(Mismatch)
        -> (repeat each A)
    {
        var position = 0
        func next<T>(_ type: T.Type) throws(Mismatch) -> T {
            defer { position += 1 }
            return try argument(arguments, at: position, as: type)
        }
        return (repeat try next((each A).self))
    }

    /// The argument at `position` cast to `T`; a missing argument or a
    /// failed cast is a ``Mismatch`` naming the position and the type.
    @inlinable
    static func argument<T>(
        _ arguments: UnsafeBufferPointer<Any>, at position: Int, as type: T.Type
    ) throws(Mismatch) -> T {
        guard position < arguments.count else { throw Mismatch(position: position, expected: type) }
        do {
            return try BoxedCast.cast(arguments[position], to: type)
        } catch {
            throw Mismatch(position: position, expected: type)
        }
    }

    /// A handler's parameter types, worked out once when the handler is
    /// configured: a call whose first arguments have exactly these types is
    /// served without a cast that can fail.
    @usableFromInline
    struct OwnTypes {
        /// The parameter types, in order; nil when one is an existential,
        /// which no boxed argument's own type ever is.
        @usableFromInline
        let types: [Any.Type]?

        @inlinable
        init<each A>(_ types: repeat (each A).Type) {
            var all: [Any.Type] = []
            var possible = true
            for type in repeat each types {
                if !BoxedCast.canBeOwnType(type) { possible = false }
                all.append(type)
            }
            self.types = possible ? all : nil
        }

        /// Whether the first arguments' own types are exactly the parameter types, in order.
        @usableFromInline
        func match(_ arguments: UnsafeBufferPointer<Any>) -> Bool {
            guard let types, arguments.count >= types.count, let base = arguments.baseAddress else {
                return types?.isEmpty == true
            }
            for position in 0..<types.count {
                // The box's own metadata word first: equal, the value is of that type (a class instance
                // boxed as a superclass has its subclass as its own type, which the runtime gives).
                if BoxedCast.boxedType(at: base + position) == types[position] { continue }
                if BoxedCast.ownType(of: arguments[position]) != types[position] { return false }
            }
            return true
        }
    }

    /// Calls `handler` with the first arguments cast to its parameter
    /// types, each cast in place; a mismatch is a ``BehaviorMisuse`` naming
    /// the argument, and an error `handler` throws is rethrown as is.
    ///
    /// No tuple of the arguments is formed on the way, so a call looks up no
    /// tuple metadata (an unspecialized pack's tuple costs a runtime
    /// metadata lookup, several per call through `unpack`). A
    /// handler of a single tuple argument is served as that unpacking
    /// serves it. `ownTypes` are the handler's parameter types, worked out
    /// when it was configured.
    @inlinable
    static func apply<each A, Value>(
        _ arguments: UnsafeBufferPointer<Any>, to handler: (repeat each A) throws -> Value, _ ownTypes: OwnTypes,
        _ requirement: Requirement?
    ) throws -> Value {
        if ownTypes.match(arguments) {
            // Every argument is its parameter's type: the pack is formed
            // without a cast that can fail (a throwing expansion keeps each
            // element in an optional, whose metadata unspecialized code looks
            // up on every call).
            // The position is passed `inout`: a local variable `take`
            // captured and mutated was checked for exclusive access at run
            // time on every argument.
            var position = 0
            func take<T>(_: T.Type, _ position: inout Int) -> T {
                defer { position += 1 }
                return BoxedCast.unbox(arguments[position], as: T.self)
            }
            return try handler(repeat take((each A).self, &position))
        }
        return try applyCasting(arguments, to: handler, requirement)
    }

    /// ``apply(_:to:_:_:)`` for arguments of other types than the parameters'
    /// own: each cast may fail. Apart, so the fast path looks up none of the
    /// optional metadata this one needs.
    @inlinable
    static func applyCasting<each A, Value>(
        _ arguments: UnsafeBufferPointer<Any>, to handler: (repeat each A) throws -> Value, _ requirement: Requirement?
    ) throws -> Value {
        var position = 0
        func next<T>(_ type: T.Type) throws(Mismatch) -> T {
            defer { position += 1 }
            return try argument(arguments, at: position, as: type)
        }
        do {
            return try handler(repeat try next((each A).self))
        } catch let mismatch as Mismatch {
            // Only the casts throw a `Mismatch` (no code outside this module
            // can make one), and they all run before `handler` does.
            if arguments.count == 1, let whole = arguments[0] as? (repeat each A) {
                return try handler(repeat each whole)
            }
            throw BehaviorMisuse(message: describe(mismatch, arguments, requirement))
        }
    }

    /// The mismatch's text, for arguments a call lends, as the array form gives it.
    @usableFromInline
    static func describe(
        _ error: any Error, _ arguments: UnsafeBufferPointer<Any>, _ requirement: Requirement?
    ) -> String {
        describe(error, Array(arguments), requirement)
    }

    @usableFromInline
    static func describe(_ error: any Error, _ arguments: [Any], _ requirement: Requirement?) -> String {
        guard let mismatch = error as? Mismatch else { return "\(error)" }
        let name = requirement.map { $0.describeArgument(mismatch.position) } ?? "argument \(mismatch.position + 1)"
        guard mismatch.position < arguments.count else {
            return "the handler takes more arguments than the \(arguments.count) the call has"
        }
        return """
            the handler's parameter for \(name) is \(mismatch.expected), \
            but the call passed a \(type(of: arguments[mismatch.position]))
            """
    }

    /// The issue text for a selected call whose arguments an observation
    /// (`arguments()`, `stream()`) cannot type, so it leaves the call out.
    ///
    /// - Parameters:
    ///   - observation: The observation, as the text names it: `arguments()`.
    ///   - error: What unpacking threw.
    ///   - invocation: The call left out.
    static func describeRejection(_ observation: String, _ error: any Error, _ invocation: Invocation) -> String {
        "\(observation): \(describe(error, invocation.arguments, invocation.requirement)) "
            + "(call #\(invocation.number) \(invocation))"
    }
}
