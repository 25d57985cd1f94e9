import TestDoublesMetadata
import TestDoublesRecorder

/// Installs Metadata's placeholder synthesis as the recorder's last-resort
/// placeholder hook, so `Match.any()` and recording passes work for structs,
/// enums, tuples, SIMD vectors and other values built from metadata.
enum PlaceholderSynthesis {
    /// Installed once, on first use, thread-safely (a global's lazy initializer).
    private static let installed: Bool = {
        Match.Placeholders.installSynthesizer { type in Placeholder.value(of: type) }
        return true
    }()

    /// Installs the hook if it is not installed yet.
    static func install() {
        _ = installed
    }
}
