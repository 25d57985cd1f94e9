import CTestDoublesTrampolines
import TestDoublesMetadata

extension CallFrame {
    /// The address of the saved bytes at an argument fragment's location.
    func argumentAddress(of location: FragmentLocation) -> UnsafeRawPointer {
        switch location {
        case .generalPurpose(let index):
            precondition(index >= 0 && index < Int(TD_FRAME_GP_COUNT), "no general-purpose register \(index)")
            return UnsafeRawPointer(raw + Int(TD_FRAME_GP) + index * 8)
        case .vector(let index):
            precondition(index >= 0 && index < Int(TD_FRAME_VECTOR_COUNT), "no vector register \(index)")
            return UnsafeRawPointer(raw + Int(TD_FRAME_VECTOR) + index * 16)
        case .stack(let index):
            precondition(index >= 0, "no stack word \(index)")
            return stackArguments + index * 8
        }
    }

    /// The address an indirect argument's pointer refers to.
    ///
    /// - Parameter location: The location of an argument.
    /// - Returns: The address of the caller's value, or `nil` when the argument is not indirect.
    public func indirectArgumentAddress(_ location: ArgumentLocation) -> UnsafeMutableRawPointer? {
        guard case .indirect(let pointerLocation) = location else { return nil }
        return UnsafeMutableRawPointer(bitPattern: argumentAddress(of: pointerLocation).load(as: UInt.self))
    }

    /// Copies an argument's bytes, bitwise and without retaining anything,
    /// into `buffer`.
    ///
    /// Direct fragments are gathered from their registers and stack words;
    /// an indirect argument is copied from the caller's memory, and so is
    /// each by-address element of a mixed tuple, to its offset.
    ///
    /// - Parameters:
    ///   - location: Where the argument is.
    ///   - byteCount: The value's size (`MemoryLayout.size`).
    ///   - buffer: At least `byteCount` writable bytes.
    public func copyArgumentBytes(_ location: ArgumentLocation, byteCount: Int, into buffer: UnsafeMutableRawPointer) {
        switch location {
        case .empty:
            return
        case .direct(let parts):
            for part in parts {
                // A value whose size is not a whole number of words travels in
                // whole registers (a 7-byte struct in one word, a 9-byte
                // optional in two); the bytes past its size are padding.
                precondition(part.fragment.offset < byteCount, "fragment outside the value")
                (buffer + part.fragment.offset).copyMemory(
                    from: argumentAddress(of: part.location),
                    byteCount: min(part.fragment.size, byteCount - part.fragment.offset))
            }
        case .indirect:
            guard byteCount > 0, let source = indirectArgumentAddress(location) else { return }
            buffer.copyMemory(from: source, byteCount: byteCount)
        case .mixed(let direct, let addressed):
            copyArgumentBytes(.direct(direct), byteCount: byteCount, into: buffer)
            for element in addressed {
                precondition(element.offset + element.size <= byteCount, "element outside the tuple")
                let address = argumentAddress(of: element.pointer).load(as: UInt.self)
                guard element.size > 0, let source = UnsafeRawPointer(bitPattern: address) else { continue }
                (buffer + element.offset).copyMemory(from: source, byteCount: element.size)
            }
        }
    }

    /// Decodes one argument as a value of type `T`.
    ///
    /// A borrowed (+0) argument is copied with `T`'s value witnesses (a
    /// retain for references): the caller still owns its value. An owned (+1)
    /// argument is moved: the caller's ownership passes to the result, and
    /// an indirect owned argument's memory is left uninitialized, as the
    /// `@in` convention requires.
    ///
    /// - Parameters:
    ///   - type: The argument's type.
    ///   - location: Where the argument is.
    ///   - ownership: Whether the callee receives it at +0 or +1.
    /// - Returns: The argument value.
    public func argument<T>(
        _ type: T.Type, at location: ArgumentLocation, ownership: ArgumentOwnership = .borrowed
    )
        -> T
    {
        if case .indirect = location, let source = indirectArgumentAddress(location) {
            let typed = source.assumingMemoryBound(to: T.self)
            switch ownership {
            case .borrowed: return typed.pointee
            case .owned: return typed.move()
            }
        }
        guard MemoryLayout<T>.size <= MemoryLayout<InlineArgumentWords>.size, MemoryLayout<T>.alignment <= 8 else {
            return gatheredInTemporaryAllocation(T.self, at: location, ownership: ownership)
        }
        // A value that travels in registers fits a few words on the stack.
        // (`withUnsafeTemporaryAllocation(of: T.self)` returning a `T` looks
        // up `Result<T, any Error>`'s metadata in this unspecialized
        // function's prologue, on every call, whichever path the call then
        // takes: about a tenth of a boxed call. It is kept in a function of
        // its own for that reason.)
        var words: InlineArgumentWords = (0, 0, 0, 0, 0, 0, 0, 0)
        return withUnsafeMutableBytes(of: &words) {
            gather(T.self, at: location, ownership: ownership, into: $0.baseAddress!)
        }
    }

    /// ``argument(_:at:ownership:)`` for a direct value larger than its stack words.
    @inline(never)
    private func gatheredInTemporaryAllocation<T>(
        _: T.Type, at location: ArgumentLocation, ownership: ArgumentOwnership
    ) -> T {
        withUnsafeTemporaryAllocation(of: T.self, capacity: 1) {
            gather(T.self, at: location, ownership: ownership, into: $0.baseAddress!)
        }
    }

    /// Gathers a direct argument's bytes into `raw` (the value's size, its
    /// alignment) and gives the value: a copy of a borrowed one, the bits
    /// of an owned one.
    private func gather<T>(
        _: T.Type, at location: ArgumentLocation, ownership: ArgumentOwnership, into raw: UnsafeMutableRawPointer
    ) -> T {
        raw.initializeMemory(as: UInt8.self, repeating: 0, count: MemoryLayout<T>.size)
        if let representation = CallFrame.concreteRepresentation(of: T.self, travelling: location) {
            materialize(representation, at: location, into: raw)
        } else {
            copyArgumentBytes(location, byteCount: MemoryLayout<T>.size, into: raw)
        }
        let buffer = raw.assumingMemoryBound(to: T.self)
        switch ownership {
        case .borrowed: return buffer.pointee  // a copy; the bitwise bytes are not ours to destroy
        case .owned: return buffer.move()
        }
    }

    /// The stack buffer a direct argument is gathered in.
    private typealias InlineArgumentWords = (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)

    /// The concrete representation of an argument or result of type `T`
    /// travelling as `location` says, when it differs from its memory form.
    ///
    /// Only a thin metatype (nothing travels for a one-word value) and an
    /// optional thin metatype (one byte for a one-word value) differ; the
    /// sizes rule out every other value before any metadata is read.
    static func concreteRepresentation<T>(
        of _: T.Type, travelling location: ArgumentLocation
    )
        -> ConcreteRepresentation?
    {
        guard MemoryLayout<T>.size == MemoryLayout<UInt>.size else { return nil }
        switch location {
        case .empty: break
        case .direct(let parts) where parts.count == 1 && parts[0].fragment.size == 1: break
        default: return nil
        }
        return (try? ConcreteRepresentation(of: T.self)) ?? nil
    }

    /// Writes the memory form of a thin or optional thin metatype argument.
    private func materialize(
        _ representation: ConcreteRepresentation, at location: ArgumentLocation, into buffer: UnsafeMutableRawPointer
    ) {
        var tag: UInt8 = 0
        if case .direct(let parts) = location, let part = parts.first {
            tag = argumentAddress(of: part.location).load(as: UInt8.self)
        }
        let valid = withUnsafeBytes(of: &tag) { tagBytes in
            representation.materialize(
                from: representation.concreteSize == 0 ? nil : tagBytes.baseAddress!, into: buffer)
        }
        precondition(valid, "an optional metatype argument with the tag byte \(tag)")
    }

    /// Decodes one argument whose type is known only at run time.
    ///
    /// - Parameters:
    ///   - type: The argument's type.
    ///   - location: Where the argument is.
    ///   - ownership: Whether the callee receives it at +0 or +1.
    /// - Returns: The argument value, boxed as `Any`.
    public func argument(
        ofType type: any Any.Type, at location: ArgumentLocation, ownership: ArgumentOwnership = .borrowed
    )
        -> Any
    {
        func open<T>(_: T.Type) -> Any { argument(T.self, at: location, ownership: ownership) }
        return open(type)
    }
}
