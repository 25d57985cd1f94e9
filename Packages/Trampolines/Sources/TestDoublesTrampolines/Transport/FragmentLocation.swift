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
}

/// Where the result of a call must be written in the frame.
public enum ResultLocation: Sendable, Hashable {
    /// No result (`Void` or another zero-sized type).
    case empty
    /// The result's fragments, each in a result register.
    case direct([PlacedFragment])
    /// The result is initialized at the caller's indirect result address.
    case indirect
}
