@_spi(TestDoublesInternals) import TestDoublesRecorder
import TestDoublesTrampolines

extension AbandonedJob {
    /// Installs the trampolines' way of ending a task's job without a value
    /// (``TaskJobAbandonment``) as the recorder's, so a recording pass's call
    /// that needs a value no source can make, reached on a thread serving an
    /// actor's other jobs, ends the pass there instead of stopping the process.
    static func installRuntimeSteps() {
        install(
            prepare: {
                if case .success = TaskJobAbandonment.prepare() { return true }
                return false
            },
            commit: { TaskJobAbandonment.commit() })
    }
}

/// The runtime layer's installer, which the Recorder finds by its mangled
/// name (`AbandonedJob.runtimeLayerTypeName`) when a recording pass needs
/// the steps before the process made a runtime double: a test of
/// `ManualStub`s alone that links this module. Renaming it breaks that
/// lookup (a DSL test checks the name). Public (as SPI) only so that an
/// optimized build keeps it (see ``RuntimePlaceholderProvider``).
@_spi(TestDoublesInternals)
public enum AbandonedJobRuntimeSteps: AbandonedJobInstalling {
    /// Installs the runtime's steps as the recorder's.
    public static func installAbandonedJobSteps() {
        AbandonedJob.installRuntimeSteps()
    }
}
