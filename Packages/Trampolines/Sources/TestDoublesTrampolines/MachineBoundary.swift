import CTestDoublesTrampolines

/// A self-test of the assembly target, for this package's tests only: if the
/// entries did not build for this architecture, this would not link.
enum MachineBoundary {
    /// Passes `word` through the hand-written assembly and back.
    ///
    /// - Parameter word: Any machine word.
    /// - Returns: The same word, returned by assembly code.
    static func echo(_ word: UInt) -> UInt {
        UInt(td_assembly_echo_word(word))
    }
}
