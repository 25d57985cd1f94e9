/// Why the machine layer could not build or describe a fabricated conformance.
///
/// Every failure of this layer is reported as one of these values; the DSL
/// maps them to `StubError` with the requirement and the fix.
public enum TrampolineError: Error, Equatable, Sendable {
    /// Executable memory for the veneers could not be mapped or protected.
    ///
    /// `operation` names the system call that failed and `errno` its error number.
    case executableMemoryUnavailable(operation: String, errno: Int32)
    /// A value fragment cannot travel in the place the plan needs.
    ///
    /// For example a 16-byte vector fragment that would spill to the stack,
    /// or a register fragment wider than its register.
    case unsupportedFragment(String)
    /// A result needs more result registers than the convention has.
    case resultTooWide(generalPurpose: Int, vector: Int)
    /// The type passed to `materialize(as:)` is not an existential this layer builds.
    case unsupportedExistential(String)
    /// The existential needs a witness table for a protocol that was not fabricated.
    case missingWitnessTable(protocolDescriptor: UInt)
    /// A requirement shape this layer cannot fabricate (here, or on this architecture).
    case unsupportedRequirement(String)
    /// A witness-table layout is malformed (for example, a dispatch index out of range).
    case invalidLayout(String)
}
