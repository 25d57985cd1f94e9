@_spi(TestDoublesInternals) import TestDoublesRecorder
import Testing

@testable import TestDoubles

/// The runtime's placeholder synthesizer stays one closure however often it
/// is used: a function value kept as a generic lock's value was reabstracted
/// through `withLock`'s `inout` on every read and written back wrapped in one
/// more thunk, so in a debug build each later placeholder went through all
/// the earlier ones' thunks (a suite of recordings slowed down quadratically,
/// and a deep enough chain would overflow the stack).
@Suite struct PlaceholderSynthesizerDepthTests {
    final class Token: Sendable {}

    struct Holder {
        let token: Token
    }

    /// The stack address of a local in the synthesizer's nested lookup, for
    /// a placeholder made from this same call site.
    private func lookupFrameAddress() -> UInt {
        var address: UInt = 0
        let made = Match.Placeholders.synthesize(Holder.self) { type in
            var local = 0
            address = withUnsafeMutablePointer(to: &local) { UInt(bitPattern: $0) }
            return type == Token.self ? Token() : nil
        }
        #expect(made is Holder)
        return address
    }

    @Test func readingTheSynthesizerDoesNotDeepenItsCalls() {
        PlaceholderSynthesis.install()
        let first = lookupFrameAddress()
        for _ in 0..<200 { _ = Match.Placeholders.make(any: Token.self) }
        let later = lookupFrameAddress()
        #expect(first != 0)
        #expect(first == later, "the synthesizer's calls got \(Int(first) - Int(later)) bytes deeper")
    }
}
