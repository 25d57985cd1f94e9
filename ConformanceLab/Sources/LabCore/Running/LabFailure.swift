/// Why a lab run could not produce results (as opposed to cases failing).
public enum LabFailure: Error, CustomStringConvertible, Sendable {
    /// The generated package did not build.
    case buildFailed(architecture: Architecture, log: String, termination: String, errors: String)
    /// A command-line argument is invalid.
    case usage(String)
    /// An architecture was asked for that cannot run here.
    case architectureUnavailable(Architecture, String)
    /// `--backend auto` found `Stub` but its one-case probe did not compile.
    case stubProbeFailed(String)

    /// A message naming what failed and where to look.
    public var description: String {
        switch self {
        case .buildFailed(let architecture, let log, let termination, let errors):
            return "the generated package did not build for \(architecture.rawValue) (\(termination)); log: \(log)"
                + (errors.isEmpty ? "" : "\n\(errors)")
        case .usage(let message):
            return message
        case .architectureUnavailable(let architecture, let reason):
            return "cannot run on \(architecture.rawValue): \(reason)"
        case .stubProbeFailed(let firstError):
            return "the Stub API probe did not compile, so the stub backend cannot run (\(firstError)); "
                + "fix the build, or pass --backend control to check only the generated conformers"
        }
    }
}
