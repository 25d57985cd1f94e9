import TestDoublesManual
import TestDoublesRecorder
import Testing

@testable import DoublesGenCorpus

/// A corpus protocol named like a Foundation type. The generated file imports
/// Foundation (its input file does) and this corpus, so this target compiling
/// at all is the first check: the conformer names the corpus's protocol.
@Suite struct HomonymsRoundTripTests {
    @Test func aProtocolNamedLikeAFoundationTypeGetsItsConformer() {
        let operation = OperationStub()
        operation.when { $0.run(Match.equal(3)) }.thenReturn("three")
        operation.when { $0.run(Match.equal(4)) }.thenReturn("four")
        let sut: any DoublesGenCorpus.Operation = operation()
        #expect(sut.run(3) == "three")
        #expect(sut.run(4) == "four")
        operation.verify(1...1) { $0.run(Match.equal(3)) }
        operation.verify(1...1) { $0.run(Match.equal(4)) }
    }
}
