/// The actor a double of a protocol constrained to `Actor` is isolated to.
///
/// Callers outside the actor hop to the executor that the double's
/// `unownedExecutor` names before they call an isolated requirement, so a
/// stub names this default actor's serial executor: its calls run one at a
/// time, as a real actor's do. The actor holds nothing and runs nothing of
/// its own.
actor StubIsolation {}
