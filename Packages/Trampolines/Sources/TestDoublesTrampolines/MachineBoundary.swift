import CTestDoublesTrampolines

/// Facts about the machine the trampolines were assembled for.
public enum MachineBoundary {
    /// Passes `word` through the hand-written assembly and back.
    ///
    /// A self-test of the assembly target: if the entries did not build for
    /// this architecture, this would not link.
    ///
    /// - Parameter word: Any machine word.
    /// - Returns: The same word, returned by assembly code.
    public static func echo(_ word: UInt) -> UInt {
        UInt(td_assembly_echo_word(word))
    }
}
