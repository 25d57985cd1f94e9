/// Reads one escaping closure argument (or an optional of one) as a Swift
/// closure value, with its function type worked out once.
///
/// ``FunctionBridge/closure(ofType:at:in:ownership:abstraction:)`` finds
/// the type's signature in a process-wide cache (a lock and a hash of the
/// type) and opens its parameter and result types as generic parameters on
/// every call. A reader does both when it is made, once per requirement
/// parameter: a call reads the two words and wraps them, as that function
/// does, with the same closure value, context ownership and errors.
public final class EscapingClosureReader: @unchecked Sendable {
    /// The type this reader reads: a function type or an optional of one.
    public let type: any Any.Type
    private let signature: FunctionSignature
    private let optional: OptionalFunction?
    /// Writes the closure of a function read from a call, its parameter and result types opened
    /// once; unused where ``DirectFunction/makeClosure()`` takes another path (inout, typed throws).
    /// Not optional: a call reads it in place (binding an optional copied it, a retain and a release).
    private let maker: DirectFunction.ClosureMaker
    /// Whether ``maker`` makes this reader's closures.
    private let hasMaker: Bool
    /// Makes the closures of handler runs, reused when a run keeps none
    /// (``runClosures``); nil where ``maker`` does not make them.
    let reusableClosures: ReusableClosures?

    /// The reader of arguments of `type`; throws what the bridge throws for such a type.
    ///
    /// - Parameters:
    ///   - type: An escaping function type, or an optional of one at any depth.
    ///   - abstraction: The parts of the function type that travel by address.
    /// - Throws: `FunctionBridgeError` for an unsupported or non-escaping type.
    public init(_ type: any Any.Type, abstraction: FunctionAbstraction = .concrete) throws(FunctionBridgeError) {
        self.type = type
        let optional = OptionalFunction(type)
        if let optional {
            try optional.validate()
            signature = try FunctionSignature.cached(optional.function, abstraction: abstraction)
        } else {
            signature = try FunctionSignature.cached(type, abstraction: abstraction)
            guard signature.isEscaping else { throw .nonEscaping(signature.name) }
        }
        self.optional = optional
        // Bound, not `??`: a function through that generic operator came back wrapped in a
        // reabstraction thunk, which every closure made ran through.
        if let maker = DirectFunction.closureMaker(for: signature) {
            self.maker = maker
            hasMaker = true
            reusableClosures = optional == nil ? ReusableClosures(signature: signature, fallback: maker) : nil
        } else {
            self.maker = { _, _, _, _ in }
            hasMaker = false
            reusableClosures = nil
        }
    }

    /// The closure argument at `location` of the call in `frame`, as
    /// ``FunctionBridge/closure(ofType:at:in:ownership:abstraction:)`` gives it.
    ///
    /// - Parameters:
    ///   - location: Where the argument is (two general-purpose words).
    ///   - frame: The intercepted call.
    ///   - ownership: Whether the call passed the argument at +0 or +1.
    /// - Returns: A value whose dynamic type is ``type``.
    /// - Throws: `FunctionBridgeError` for an unexpected location.
    public func read(
        at location: ArgumentLocation, in frame: CallFrame, ownership: ArgumentOwnership
    ) throws(FunctionBridgeError) -> Any {
        try read(words: FunctionBridge.rawThickFunctionWords(at: location, in: frame, name: type), ownership: ownership)
    }

    /// This reader for the argument at `location`, its two words located
    /// once: nil where ``read(at:in:ownership:)`` would throw for the location.
    ///
    /// - Parameters:
    ///   - location: Where the argument is.
    ///   - ownership: Whether calls pass the argument at +0 or +1.
    /// - Returns: The reader of that argument.
    public func located(at location: ArgumentLocation, ownership: ArgumentOwnership) -> Located? {
        guard case .direct(let parts) = location, parts.count == 2,
            parts.allSatisfy({ $0.fragment.bank == .generalPurpose && $0.fragment.size == 8 }),
            parts[0].fragment.offset == 0, parts[1].fragment.offset == 8
        else { return nil }
        return Located(reader: self, entry: parts[0].location, context: parts[1].location, ownership: ownership)
    }

    /// An escaping closure argument whose two words are located once: a call
    /// reads them where they are saved, where ``read(at:in:ownership:)``
    /// checks the location and copies its parts every time.
    public struct Located: Sendable {
        let reader: EscapingClosureReader
        let entry: FragmentLocation
        let context: FragmentLocation
        let ownership: ArgumentOwnership

        /// The type this reader reads: a function type or an optional of one.
        public var type: any Any.Type { reader.type }

        /// The closure argument of the call in `frame`, as ``EscapingClosureReader/read(at:in:ownership:)`` gives it.
        ///
        /// - Parameter frame: The intercepted call.
        /// - Returns: A value whose dynamic type is the reader's type.
        /// - Throws: `FunctionBridgeError` for a null entry point.
        public func read(_ frame: CallFrame) throws(FunctionBridgeError) -> Any {
            let words = (
                frame.argumentAddress(of: entry).load(as: UInt.self),
                frame.argumentAddress(of: context).load(as: UInt.self)
            )
            return try reader.read(words: words, ownership: ownership)
        }

        /// The two words of the argument of the call in `frame`, as they
        /// travel: its entry point and its context (for an optional, as the
        /// optional's layout gives them).
        ///
        /// - Parameter frame: The intercepted call.
        /// - Returns: The entry point's word and the context's.
        @inline(__always)
        public func words(_ frame: CallFrame) -> (entry: UInt, context: UInt) {
            (
                frame.argumentAddress(of: entry).load(as: UInt.self),
                frame.argumentAddress(of: context).load(as: UInt.self)
            )
        }

        /// Whether the call passes the argument at +1 (``ArgumentOwnership/owned``).
        public var isOwned: Bool { ownership == .owned }
    }

    /// Whether the argument is a function, not an optional of one: the
    /// arguments ``closure(entry:context:)`` makes.
    public var readsFunction: Bool { optional == nil }

    /// The closure of the function with entry point `entry` and context
    /// `context`, read earlier from a call (``Located/words(_:)``): what
    /// ``read(at:in:ownership:)`` gives for that argument with the
    /// ownership `owned` says.
    ///
    /// - Parameters:
    ///   - entry: The function's entry point.
    ///   - context: Its context, nil for a function without one.
    ///   - owned: Whether the closure takes a reference to the context over
    ///     (+1); otherwise it retains one of its own.
    /// - Returns: A value whose dynamic type is ``type``; only for a reader that ``readsFunction``.
    public func closure(entry: UnsafeRawPointer, context: UnsafeMutableRawPointer?, owned: Bool) -> Any {
        makeClosure(entry, context, owned ? .owned : .borrowed)
    }

    /// The closure whose words are `words`.
    private func read(words: (UInt, UInt), ownership: ArgumentOwnership) throws(FunctionBridgeError) -> Any {
        if let optional {
            return try optional.value(of: words) { entry, context in makeClosure(entry, context, ownership) }
        }
        let (entry, context) = try FunctionBridge.thickFunction(words: words, signature: signature)
        return makeClosure(entry, context, ownership)
    }

    private func makeClosure(
        _ entry: UnsafeRawPointer, _ context: UnsafeMutableRawPointer?, _ ownership: ArgumentOwnership
    ) -> Any {
        guard hasMaker else {
            let holding: DirectFunction.ContextHolding = ownership == .owned ? .taken : .retained
            return DirectFunction(entry: entry, context: context, signature: signature, holding: holding).makeClosure()
        }
        // Written in place and moved out: the closure's context is neither retained nor released here.
        return withUnsafeTemporaryAllocation(of: Any.self, capacity: 1) { slot in
            maker(entry, context, ownership == .owned, UnsafeMutableRawPointer(slot.baseAddress!))
            return slot.baseAddress!.move()
        }
    }
}
