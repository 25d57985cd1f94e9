/// Where a typed-throwing requirement's error payload goes.
///
/// With typed throws the error register carries a flag (1 when thrown); the
/// payload travels in the ordinary result registers when both the success
/// and the error value are direct, and otherwise in a buffer whose address
/// the caller passes as a hidden argument after the visible ones.
public enum TypedErrorLocation: Sendable, Hashable {
    /// The error's fragments, in result registers.
    case direct([PlacedFragment])
    /// The address of the caller's error buffer travels at this argument location.
    case indirect(FragmentLocation)
    /// A zero-sized error type: only the flag travels.
    case empty
}
