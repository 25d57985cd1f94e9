extension FunctionBridge {
    /// A non-escaping closure argument held for as long as its call lasts:
    /// the Swift closure value and the end of its scope.
    public struct ScopedClosure: @unchecked Sendable {
        /// A value whose dynamic type is the escaping form of the function type.
        public let value: Any
        private let function: DirectFunction

        init(function: DirectFunction) {
            self.function = function
            self.value = function.makeClosure()
        }

        /// Ends the scope: later calls of `value` fail instead of reaching the
        /// caller's context (a throwing closure throws
        /// `FunctionBridgeError.calledOutsideItsScope`, a nonthrowing one stops
        /// the process with that message).
        public func endScope() { function.endScope() }
    }

    /// The non-escaping closure argument at `location` of a call that
    /// suspends before it is answered (an async requirement's), valid until
    /// `endScope()`.
    ///
    /// A non-escaping closure's context stays valid until its call returns:
    /// an async caller keeps it in its own frame (the task's allocation)
    /// while it awaits the call. End the scope before resuming the caller.
    /// The context is borrowed, not retained.
    ///
    /// - Parameters:
    ///   - type: The function type of the argument (escaping or not).
    ///   - location: Where the argument is (two general-purpose words).
    ///   - frame: The intercepted call.
    ///   - abstraction: The parts of the function type that travel by address.
    /// - Returns: The closure and its scope.
    /// - Throws: `FunctionBridgeError` for an unsupported shape or location.
    public static func scopedClosure(
        ofType type: any Any.Type, at location: ArgumentLocation, in frame: CallFrame,
        abstraction: FunctionAbstraction = .concrete
    ) throws(FunctionBridgeError) -> ScopedClosure {
        let signature = try FunctionSignature.cached(type, abstraction: abstraction)
        let (entry, context) = try thickFunctionWords(at: location, in: frame, signature: signature)
        return ScopedClosure(
            function: DirectFunction(entry: entry, context: context, signature: signature, holding: .scoped))
    }
}
