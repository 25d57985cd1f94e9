import TestDoublesMetadata

/// A function type inside one or more optionals: `((Int) -> Void)?`,
/// `(@Sendable () -> Void)??`.
///
/// An optional thick function is the function's two words (entry, context)
/// with `nil` spelled by the entry's extra inhabitants, in every abstraction:
/// only the function's own convention differs between a witness's direct
/// arguments and a value stored in `Any`. So the optional levels are read
/// and written through the optionals' enum value witnesses on the two words,
/// and only a present function crosses the bridge.
struct OptionalFunction {
    /// The whole type (`F?`, `F??`).
    let type: any Any.Type
    /// The function type inside every optional.
    let function: any Any.Type
    /// The metadata of each optional level, outermost first.
    private let levels: [TypeMetadata]

    /// The optional function type `type`, nil when `type` is not an optional
    /// (at any depth) of a function type.
    init?(_ type: any Any.Type) {
        var levels: [TypeMetadata] = []
        var current = TypeMetadata(type)
        while let wrapped = current.optionalWrapped {
            levels.append(current)
            current = wrapped
        }
        guard !levels.isEmpty, current.kind == .function else { return nil }
        self.type = type
        self.function = current.type
        self.levels = levels
    }

    /// Checks that the optionals add no byte to the function's two words (so
    /// that they travel where a thick function does).
    func validate() throws(FunctionBridgeError) {
        guard levels[0].valueWitnesses.size == 2 * MemoryLayout<UInt>.size else {
            throw .unsupportedFunctionType(
                type: _typeName(type, qualified: false),
                reason: "its optionals do not fit in the function's two words")
        }
    }

    /// The value of the two words a caller passed: `nil` at the level the
    /// words say, or the function wrapped in every optional.
    ///
    /// - Parameters:
    ///   - words: The (entry, context) words in the direct convention.
    ///   - present: Makes the function's Swift closure (of type `function`) from its entry and context.
    /// - Returns: A value whose dynamic type is `type`.
    func value(
        of words: (UInt, UInt), present: (UnsafeRawPointer, UnsafeMutableRawPointer?) throws(FunctionBridgeError) -> Any
    ) throws(FunctionBridgeError) -> Any {
        var bits = words
        let isNil = withUnsafeBytes(of: &bits) { buffer in
            levels.contains { $0.enumTag(of: buffer.baseAddress!) != 0 }
        }
        if isNil {
            // A nil at any level holds no function: its bits mean the same in every abstraction.
            return withUnsafeBytes(of: &bits) { TypeMetadata(type).copyAsAny(from: $0.baseAddress!) }
        }
        guard let entry = UnsafeRawPointer(bitPattern: words.0) else {
            throw .unexpectedLocation("the \(_typeName(type, qualified: false)) argument has a null entry point")
        }
        let closure = try present(entry, UnsafeMutableRawPointer(bitPattern: words.1))
        return withUnsafeTemporaryAllocation(byteCount: 16, alignment: 16) { buffer in
            let storage = buffer.baseAddress!
            _ = TypeMetadata(function).initialize(storage, withContentsOf: closure)
            for level in levels.reversed() { level.injectEnumTag(0, into: storage) }
            let whole = TypeMetadata(type)
            defer { whole.destroy(storage) }
            return whole.copyAsAny(from: storage)
        }
    }

    /// The two words that pass `value` in the direct convention, at +1.
    ///
    /// - Parameters:
    ///   - value: A value of `type` (or of a type Swift casts to it, such as the bare function).
    ///   - present: Makes the +1 thick function of a present Swift closure of type `function`.
    /// - Throws: `FunctionBridgeError.closureTypeMismatch` when `value` is not a `type`.
    func words(
        of value: Any, present: (Any) throws(FunctionBridgeError) -> (entry: UInt, context: UInt)
    ) throws(FunctionBridgeError) -> (entry: UInt, context: UInt) {
        func open<T>(_: T.Type) -> Result<(entry: UInt, context: UInt), FunctionBridgeError> {
            guard let typed = value as? T else {
                return .failure(
                    .closureTypeMismatch(
                        expected: _typeName(type, qualified: false), actual: _typeName(Swift.type(of: value))))
            }
            let storage = UnsafeMutablePointer<T>.allocate(capacity: 1)
            storage.initialize(to: typed)
            defer {
                storage.deinitialize(count: 1)
                storage.deallocate()
            }
            let raw = UnsafeRawPointer(storage)
            if levels.contains(where: { $0.enumTag(of: raw) != 0 }) {
                // A nil holds no function: its bits are the same in the direct convention.
                return .success((raw.load(as: UInt.self), raw.load(fromByteOffset: 8, as: UInt.self)))
            }
            return Result { () throws(FunctionBridgeError) in try present(TypeMetadata(function).copyAsAny(from: raw)) }
        }
        return try _openExistential(type, do: open).get()
    }
}
