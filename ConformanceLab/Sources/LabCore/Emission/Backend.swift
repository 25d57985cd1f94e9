/// How the generated checks obtain the existential they call.
public enum Backend: String, CaseIterable, Codable, Sendable {
    /// Through the hand-written conformer: proves the generator, the harness and the comparisons.
    case control
    /// Through a fabricated `Stub<any P>` whose handler records the arguments and answers.
    case stub
}
