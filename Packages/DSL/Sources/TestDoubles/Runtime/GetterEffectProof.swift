/// Whether construction reads getter effects from linked conformers' debug
/// information (always, except where a test turns it off to exercise the
/// hint-only path; blueprints are cached per setting).
enum GetterEffectProof {
    /// Whether the DWARF of witness thunks is read for getter effects in this task.
    @TaskLocal static var isEnabled = true
}
