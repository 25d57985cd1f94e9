import TestDoublesMetadata

/// Where one fragment of a value travels.
public enum FragmentLocation: Sendable, Hashable {
    /// General-purpose argument (or result) register `index`.
    case generalPurpose(Int)
    /// Vector argument (or result) register `index`.
    case vector(Int)
    /// Stack argument word `index`, counted from the caller's stack pointer.
    case stack(Int)
}

/// A fragment together with the place it travels in.
public struct PlacedFragment: Sendable, Hashable {
    /// Which bytes of the value.
    public var fragment: LoweredFragment
    /// Where they travel.
    public var location: FragmentLocation

    /// Pairs a fragment with its location.
    ///
    /// - Parameters:
    ///   - fragment: Which bytes of the value.
    ///   - location: Where they travel.
    public init(_ fragment: LoweredFragment, at location: FragmentLocation) {
        self.fragment = fragment
        self.location = location
    }
}

/// Where one argument of a call is found in the frame.
public enum ArgumentLocation: Sendable, Hashable {
    /// A zero-sized argument: nothing to read.
    case empty
    /// The argument's fragments, each in a register or a stack word.
    case direct([PlacedFragment])
    /// The argument's address travels at this location.
    case indirect(FragmentLocation)
    /// A tuple whose elements travel apart, each as an argument of its own:
    /// the elements passed directly as fragments at their offsets in the
    /// tuple, each element passed by address as the location of its pointer.
    case mixed(direct: [PlacedFragment], addressed: [AddressedElement])
}

/// An element of a tuple argument that travels by address: the pointer to
/// the caller's element travels at `pointer`, and its bytes belong at
/// `offset` in the tuple.
public struct AddressedElement: Sendable, Hashable {
    /// The element's byte offset in the tuple.
    public var offset: Int
    /// The element's size (`MemoryLayout.size`).
    public var size: Int
    /// Where the element's address travels.
    public var pointer: FragmentLocation

    /// Describes one element passed by address.
    ///
    /// - Parameters:
    ///   - offset: The element's byte offset in the tuple.
    ///   - size: The element's size.
    ///   - pointer: Where the element's address travels.
    public init(offset: Int, size: Int, pointer: FragmentLocation) {
        self.offset = offset
        self.size = size
        self.pointer = pointer
    }
}

/// Where the result of a call must be written in the frame.
public enum ResultLocation: Sendable, Hashable {
    /// No result (`Void` or another zero-sized type).
    case empty
    /// The result's fragments, each in a result register.
    case direct([PlacedFragment])
    /// The result is initialized at the caller's indirect result address.
    case indirect
    /// A tuple whose elements passed by address each go to a result address
    /// the caller passed as an argument, the other elements to result registers.
    case split(SplitResult)
}
