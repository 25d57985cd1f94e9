import Synchronization

/// A hook the runtime layer installs once into the Recorder, which imports
/// nothing of ours: a function value (or a struct of them) kept behind a
/// lock, where the first installation stays and later ones are ignored.
///
/// The hook is kept in a struct field, never as the lock's value itself:
/// a function value that is the lock's value would be reabstracted through
/// `withLock`'s `inout` on every read and, unoptimized, written back wrapped
/// in one more thunk (see `Match.Placeholders.synthesizer`).
///
/// A class, not a `~Copyable` struct: Swift 6.0.3 crashes compiling the
/// struct's initializer ("Metadata for archetype not bound in function" in
/// the outlined take of its `Mutex`) in some batch partitions of this
/// module. Every instance is a `static let`, so the one allocation is
/// paid once.
final class InstalledHook<Hook: Sendable>: Sendable {
    private let slot = Mutex<Installed?>(nil)

    private struct Installed: Sendable {
        let hook: Hook
    }

    /// An empty slot.
    init() {}

    /// Installs `hook` unless one is installed already.
    ///
    /// - Parameter hook: The runtime layer's function.
    func install(_ hook: Hook) {
        slot.withLock { current in
            if current == nil { current = Installed(hook: hook) }
        }
    }

    /// The installed hook, if any.
    var hook: Hook? { slot.withLock { $0 }?.hook }

    /// Whether a hook is installed.
    var isInstalled: Bool { slot.withLock { $0 != nil } }
}
