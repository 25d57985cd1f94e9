import Testing

@testable import TestDoublesTrampolines

@Suite struct MachineBoundaryTests {
    @Test(arguments: [0, 1, 0xdead_beef, UInt.max])
    func assemblyEchoReturnsItsArgument(word: UInt) {
        #expect(MachineBoundary.echo(word) == word)
    }
}
