import TestDoublesRecorder

extension ManualStub {
    /// Answers a synchronous, non-throwing requirement: a method, a getter or
    /// a subscript getter.
    ///
    /// ```swift
    /// func isEnabled(_ flag: String, for userID: Int) -> Bool { stub.call(flag, userID) }
    /// var currency: String { stub.call() }
    /// ```
    ///
    /// - Parameters:
    ///   - args: The requirement's arguments, in declaration order.
    ///   - function: The requirement's name; leave the default `#function`.
    /// - Returns: The configured answer.
    @inlinable
    @inline(__always)
    public func call<each A, R>(_ args: repeat each A, function: String = #function) -> R {
        // `[]`, not `.none`: the literal folds to its bits, where the static
        // property was read through its lazy global's addressor on every call.
        let requirement = requirementTable.requirement(
            function, .call, effects: [], arguments: repeat (each A).self, result: R.self)
        var count = 0
        var scalarsOnly = true
        for type in repeat (each A).self {
            count += 1
            if ManualScalars.kind(of: type) == nil { scalarsOnly = false }
        }
        // Scalars (the tests fold for a concrete pack) are sent as words, two
        // or fewer, or boxed in the engine's buffer: their copies retain
        // nothing, and the buffer needs no destroying.
        if scalarsOnly {
            // Read where the table keeps it: a copy cost a retain and a release per call.
            return Requirement.withRequirement(at: requirement) {
                recorder.answer($0, dispatched: recorder.dispatchOnStack($0, stackArguments: repeat each args))
            }
        }
        // Boxed here, once, in place, and lent to the engine, which moves them
        // into the ledger or into an array. The closures below capture the
        // boxes, not the arguments: capturing an argument, or boxing it any
        // deeper, copied it again (a retain and a release per reference).
        // (Written out here rather than through `dispatch(_:_:resolve:)`:
        // passing the pack on to it copied each argument once more, 44
        // instructions on a `String` call.)
        var boxes: (repeat StackBox<each A>) = (repeat (each args) as Any)
        return withUnsafeMutablePointer(to: &boxes) { boxes in
            // A tuple of one type is laid out as an array of it.
            let base = UnsafeMutableRawPointer(boxes).assumingMemoryBound(to: Any.self)
            return Requirement.withRequirement(at: requirement) {
                recorder.answer($0, dispatched: recorder.dispatchOnStack($0, stackBoxes: base, count: count))
            }
        }
    }

    /// Answers a synchronous, throwing requirement.
    ///
    /// ```swift
    /// func price(_ item: String) throws -> Int { try stub.throwingCall(item) }
    /// ```
    ///
    /// - Parameters:
    ///   - args: The requirement's arguments, in declaration order.
    ///   - function: The requirement's name; leave the default `#function`.
    /// - Returns: The configured answer.
    /// - Throws: The configured error, or `UnstubbedCall` for a call no registration matches.
    @inlinable
    @inline(__always)
    public func throwingCall<each A, R>(_ args: repeat each A, function: String = #function) throws -> R {
        let requirement = requirementTable.requirement(
            function, .call, effects: .throws, arguments: repeat (each A).self, result: R.self)
        return try dispatch(requirement, repeat each args, throwing: (any Error).self)
    }

    /// Answers a synchronous requirement that throws only `E`.
    ///
    /// ```swift
    /// func parse(_ text: String) throws(ParseError) -> Int { try stub.throwingCall(text, throwing: ParseError.self) }
    /// ```
    ///
    /// A configured error of another type is reported as an issue and the
    /// call answers with a placeholder result.
    ///
    /// - Parameters:
    ///   - args: The requirement's arguments, in declaration order.
    ///   - throwing: The requirement's error type.
    ///   - function: The requirement's name; leave the default `#function`.
    /// - Returns: The configured answer.
    /// - Throws: The configured error.
    @inlinable
    @inline(__always)
    public func throwingCall<each A, R, E: Error>(
        _ args: repeat each A, throwing: E.Type, function: String = #function
    ) throws(E) -> R {
        let requirement = requirementTable.requirement(
            function, .call, effects: .throws, error: E.self, arguments: repeat (each A).self, result: R.self)
        return try dispatch(requirement, repeat each args, throwing: E.self)
    }

    /// Offers a call to the recorder's one-hold lanes, its arguments read
    /// as words or boxed on this stack, and gives `resolve` what came of it
    /// with the requirement, read where the table keeps it (a copy cost a
    /// retain and a release per call): what `call` does, for the throwing
    /// forms. Receiving the pack here copies each argument that holds a
    /// reference once more than `call`, which boxes its own parameters;
    /// still about a quarter of the general path's instructions (an array
    /// of the arguments, the locked pick), which these forms took before.
    ///
    /// Scalars (the tests fold for a concrete pack) are sent as words, two
    /// or fewer, or boxed in the engine's buffer: their copies retain
    /// nothing, and the buffer needs no destroying. Any other arguments are
    /// boxed here, in place, and lent to the engine, which moves them into
    /// the ledger or into an array.
    @inlinable
    @inline(__always)
    func dispatch<each A, Answer>(
        _ requirement: UnsafePointer<Requirement>, _ args: repeat each A,
        resolve: (Requirement, consuming InvocationRecorder.StackDispatch) -> Answer
    ) -> Answer {
        var count = 0
        var scalarsOnly = true
        for type in repeat (each A).self {
            count += 1
            if ManualScalars.kind(of: type) == nil { scalarsOnly = false }
        }
        if scalarsOnly {
            return Requirement.withRequirement(at: requirement) {
                resolve($0, recorder.dispatchOnStack($0, stackArguments: repeat each args))
            }
        }
        var boxes: (repeat StackBox<each A>) = (repeat (each args) as Any)
        return withUnsafeMutablePointer(to: &boxes) { boxes in
            // A tuple of one type is laid out as an array of it.
            let base = UnsafeMutableRawPointer(boxes).assumingMemoryBound(to: Any.self)
            return Requirement.withRequirement(at: requirement) {
                resolve($0, recorder.dispatchOnStack($0, stackBoxes: base, count: count))
            }
        }
    }

    /// ``dispatch(_:_:resolve:)`` for a requirement that throws `E`: the
    /// answer is carried out of the requirement's scope as a `Result`
    /// (that scope rethrows untyped errors).
    @inlinable
    @inline(__always)
    func dispatch<each A, R, E: Error>(
        _ requirement: UnsafePointer<Requirement>, _ args: repeat each A, throwing type: E.Type
    ) throws(E) -> R {
        let result = dispatch(requirement, repeat each args) { requirement, dispatched -> Result<R, E> in
            do throws(E) {
                return .success(try recorder.answer(requirement, dispatched: dispatched, throwing: type))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// Answers a synchronous, non-throwing requirement that returns nothing.
    ///
    /// ```swift
    /// func reset() { stub.call() }
    /// ```
    ///
    /// - Parameters:
    ///   - args: The requirement's arguments, in declaration order.
    ///   - function: The requirement's name; leave the default `#function`.
    @inlinable
    @_disfavoredOverload
    public func call<each A>(_ args: repeat each A, function: String = #function) {
        call(repeat each args, function: function) as Void
    }

    /// Answers a synchronous, throwing requirement that returns nothing.
    ///
    /// ```swift
    /// func save(_ item: Item) throws { try stub.throwingCall(item) }
    /// ```
    ///
    /// - Parameters:
    ///   - args: The requirement's arguments, in declaration order.
    ///   - function: The requirement's name; leave the default `#function`.
    /// - Throws: The configured error, or `UnstubbedCall` for a call no registration matches.
    @_disfavoredOverload
    public func throwingCall<each A>(_ args: repeat each A, function: String = #function) throws {
        try throwingCall(repeat each args, function: function) as Void
    }

    /// Answers a synchronous requirement that returns nothing and throws only `E`.
    ///
    /// - Parameters:
    ///   - args: The requirement's arguments, in declaration order.
    ///   - throwing: The requirement's error type.
    ///   - function: The requirement's name; leave the default `#function`.
    /// - Throws: The configured error.
    @_disfavoredOverload
    public func throwingCall<each A, E: Error>(
        _ args: repeat each A, throwing: E.Type, function: String = #function
    ) throws(E) {
        try throwingCall(repeat each args, throwing: E.self, function: function) as Void
    }

    /// Answers an async, non-throwing requirement; async behaviors
    /// (`thenSuspend()`, delays, `thenNeverReturn()`, `thenAwaitCancellation()`) apply.
    ///
    /// ```swift
    /// func refresh() async { await stub.asyncCall() as Void }
    /// ```
    ///
    /// - Parameters:
    ///   - args: The requirement's arguments, in declaration order.
    ///   - isolation: The caller's actor, which the call is answered on; leave the default.
    ///   - function: The requirement's name; leave the default `#function`.
    /// - Returns: The configured answer.
    @inlinable
    public func asyncCall<each A, R>(
        _ args: repeat each A, isolation: isolated (any Actor)? = #isolation, function: String = #function
    ) async -> R {
        let requirement = requirementTable.requirement(
            function, .call, effects: .async, arguments: repeat (each A).self, result: R.self)
        return await recorder.answerAsync(requirement.pointee, stackArguments: repeat each args, isolation: isolation)
    }

    /// Answers an async, throwing requirement.
    ///
    /// ```swift
    /// func loadFeed() async throws -> [String] { try await stub.asyncThrowingCall() }
    /// ```
    ///
    /// - Parameters:
    ///   - args: The requirement's arguments, in declaration order.
    ///   - isolation: The caller's actor, which the call is answered on; leave the default.
    ///   - function: The requirement's name; leave the default `#function`.
    /// - Returns: The configured answer.
    /// - Throws: The configured error, `UnstubbedCall`, or `CancellationError`.
    @inlinable
    public func asyncThrowingCall<each A, R>(
        _ args: repeat each A, isolation: isolated (any Actor)? = #isolation, function: String = #function
    ) async throws -> R {
        let requirement = requirementTable.requirement(
            function, .call, effects: .asyncThrows, arguments: repeat (each A).self, result: R.self)
        return try await recorder.answerAsync(
            requirement.pointee, stackArguments: repeat each args, throwing: (any Error).self, isolation: isolation)
    }

    /// Answers an async requirement that throws only `E`.
    ///
    /// ```swift
    /// func load(id: Int) async throws(LoadError) -> Item {
    ///     try await stub.asyncThrowingCall(id, throwing: LoadError.self)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - args: The requirement's arguments, in declaration order.
    ///   - throwing: The requirement's error type.
    ///   - isolation: The caller's actor, which the call is answered on; leave the default.
    ///   - function: The requirement's name; leave the default `#function`.
    /// - Returns: The configured answer.
    /// - Throws: The configured error.
    @inlinable
    public func asyncThrowingCall<each A, R, E: Error>(
        _ args: repeat each A, throwing: E.Type, isolation: isolated (any Actor)? = #isolation,
        function: String = #function
    ) async throws(E) -> R {
        let requirement = requirementTable.requirement(
            function, .call, effects: .asyncThrows, error: E.self, arguments: repeat (each A).self, result: R.self)
        return try await recorder.answerAsync(
            requirement.pointee, stackArguments: repeat each args, throwing: E.self, isolation: isolation)
    }

    /// Records a property or subscript setter; subscript setters pass their
    /// indices after the new value.
    ///
    /// The call is recorded as `currency.set(newValue:)` or, for a subscript,
    /// `subscript.set(_:_:newValue:)`: indices first and the new value
    /// last, the order in which `$0[row, column] = value` evaluates its
    /// matchers, so `arguments()` of a subscript setter yields
    /// `(row, column, newValue)`.
    ///
    /// ```swift
    /// var currency: String {
    ///     get { stub.call() }
    ///     nonmutating set { stub.set(newValue) }
    /// }
    /// ```
    ///
    /// A setter is a requirement like any other: register it to accept
    /// assignments (`when { $0.currency = Match.any() }.thenDoNothing()`) or
    /// to run a handler, and verify it with
    /// `verify { $0.currency = Match.equal("EUR") }`. An assignment no
    /// registration matches is recorded and reported as an unmatched call.
    ///
    /// - Parameters:
    ///   - newValue: The value assigned.
    ///   - indices: A subscript's indices, in declaration order.
    ///   - function: The property or subscript name; leave the default `#function`.
    public func set<V, each I>(_ newValue: V, _ indices: repeat each I, function: String = #function) {
        // Recorded indices first, new value last: the order in which Swift
        // evaluates `$0[index] = value`, so the matchers of a recording line
        // up with the arguments of a real call.
        let requirement = requirementTable.requirement(
            function, .setter, effects: .none, arguments: repeat (each I).self, V.self, result: Void.self)
        recorder.answer(requirement.pointee, boxed(repeat each indices) + [newValue]) as Void
    }
}
