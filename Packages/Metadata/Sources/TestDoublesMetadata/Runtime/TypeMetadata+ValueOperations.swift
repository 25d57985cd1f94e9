extension TypeMetadata {
    /// Copies the value at `source` into uninitialized memory at `destination`
    /// (retaining what the value references), through the value witnesses.
    ///
    /// - Parameters:
    ///   - destination: Uninitialized memory of the type's size and alignment.
    ///   - source: An initialized value of the type; left unchanged.
    public func initializeWithCopy(_ destination: UnsafeMutableRawPointer, from source: UnsafeRawPointer) {
        let copy = valueWitnesses.witness(
            at: ValueWitnessTable.Offset.initializeWithCopy, as: ValueWitnessTable.CopyWitness.self)!
        _ = copy(destination, UnsafeMutableRawPointer(mutating: source), pointer)
    }

    /// Moves the value at `source` into uninitialized memory at `destination`;
    /// `source` is left uninitialized.
    ///
    /// - Parameters:
    ///   - destination: Uninitialized memory of the type's size and alignment.
    ///   - source: An initialized value of the type; uninitialized afterwards.
    public func initializeWithTake(_ destination: UnsafeMutableRawPointer, from source: UnsafeMutableRawPointer) {
        let take = valueWitnesses.witness(
            at: ValueWitnessTable.Offset.initializeWithTake, as: ValueWitnessTable.CopyWitness.self)!
        _ = take(destination, source, pointer)
    }

    /// Destroys the value at `value` (releasing what it references); the memory is left uninitialized.
    ///
    /// - Parameter value: An initialized value of the type.
    public func destroy(_ value: UnsafeMutableRawPointer) {
        let destroy = valueWitnesses.witness(
            at: ValueWitnessTable.Offset.destroy, as: ValueWitnessTable.DestroyWitness.self)!
        destroy(value, pointer)
    }

    /// Copies the value at `source` into a new `Any`.
    ///
    /// - Parameter source: An initialized value of the type; left unchanged.
    /// - Returns: The boxed copy.
    public func copyAsAny(from source: UnsafeRawPointer) -> Any {
        func open<T>(_ type: T.Type) -> Any { source.assumingMemoryBound(to: T.self).pointee }
        return _openExistential(type, do: open)
    }

    /// Copies the value held by `value` (whose dynamic type must be this type)
    /// into uninitialized memory at `destination`.
    ///
    /// - Parameters:
    ///   - value: A value whose dynamic type is this metadata's type.
    ///   - destination: Uninitialized memory of the type's size and alignment.
    /// - Returns: False, writing nothing, when `value`'s dynamic type is another type.
    public func initialize(_ destination: UnsafeMutableRawPointer, withContentsOf value: Any) -> Bool {
        func open<T>(_ type: T.Type) -> Bool {
            guard let typed = value as? T, TypeMetadata(Swift.type(of: value)) == self || type is AnyObject.Type
            else { return false }
            destination.assumingMemoryBound(to: T.self).initialize(to: typed)
            return true
        }
        return _openExistential(type, do: open)
    }
}
