/// The boxes of a call's arguments in a tuple of `Any`s on the front's stack.
@usableFromInline
enum StackBoxes {
    /// Leaves `()` in each of the `count` boxes at `base`, whose values were
    /// moved out, so that the tuple they belong to can be destroyed as usual.
    ///
    /// `()` takes none of a box's buffer: writing its type is initializing
    /// the box, one store where `initialize(to: ())` built a temporary box,
    /// copied it and destroyed it.
    ///
    /// - Parameters:
    ///   - base: The first box, uninitialized.
    ///   - count: The number of boxes.
    @inlinable
    @inline(__always)
    static func refill(_ base: UnsafeMutablePointer<Any>, count: Int) {
        // An `Any` is a three-word buffer and its value's type.
        let typeOffset = 3 * MemoryLayout<UnsafeRawPointer>.stride
        for index in 0..<count {
            UnsafeMutableRawPointer(base + index).storeBytes(
                of: Void.self as Any.Type, toByteOffset: typeOffset, as: Any.Type.self)
        }
    }
}
