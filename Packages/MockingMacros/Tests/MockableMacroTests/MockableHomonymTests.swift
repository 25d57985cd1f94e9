import Foundation
import SwiftMockingMacros
import Testing

/// A protocol named like a Foundation type, in a file that imports Foundation.
/// The macro's mock is a peer in the protocol's own module, whose declaration
/// shadows the imported class, so it needs no module name.
@Mockable
protocol Operation {
    func run(_ input: Int) -> String
}

@Suite struct MockableHomonymTests {
    @Test func aProtocolNamedLikeAFoundationTypeIsMocked() {
        let mock = MockOperation()
        when(mock.run(.equal(3))).thenReturn("three")
        let operation: any Operation = mock
        #expect(operation.run(3) == "three")
        verify(mock.run(.equal(3))).called(1)
    }
}
