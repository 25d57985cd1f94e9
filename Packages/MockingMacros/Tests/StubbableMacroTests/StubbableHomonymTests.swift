import Foundation
import TestDoublesMacros
import Testing

/// A protocol named like a Foundation type, in a file that imports Foundation.
/// The macro's conformer is a peer in the protocol's own module, whose
/// declaration shadows the imported class, so it needs no module name.
@Stubbable
protocol Formatter {
    func format(_ value: Int) -> String
}

@Suite struct StubbableHomonymTests {
    @MainActor @Test func aProtocolNamedLikeAFoundationTypeIsStubbed() {
        let stub = FormatterStub()
        stub.when { $0.format(Match.equal(3)) }.thenReturn("three")
        let formatter: any Formatter = stub()
        #expect(formatter.format(3) == "three")
        stub.verify(1...1) { $0.format(Match.equal(3)) }
    }
}
