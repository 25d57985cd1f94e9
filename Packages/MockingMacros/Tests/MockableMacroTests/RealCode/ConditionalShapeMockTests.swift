import Foundation
import SwiftMockingMacros
import Testing

/// Requirements under `#if`, availability attributes, and associated types
/// that constrain each other.
@Suite struct ConditionalShapeMockTests {
    @Test func conditionalAndAttributedRequirements() async throws {
        let mock = MockDiagnostics()
        when(mock.upload()).thenReturn(3)
        #if DEBUG
        when(mock.dump()).thenReturn(["a"])
        #endif
        let diagnostics: any Diagnostics = mock
        diagnostics.record("start")
        #expect(try await diagnostics.upload() == 3)
        #if DEBUG
        #expect(diagnostics.dump() == ["a"])
        verify(mock.dump()).called(1)
        #endif
        verify(mock.record("start")).called(1)
        verify(mock.upload()).called(1)
    }

    @Test func associatedTypesConstrainingEachOther() {
        let mock = MockPipeline<Int, [Int]>()
        when(mock.process(.any)).thenReturn { [$0, $0] }
        when(mock.first(of: .isEmpty())).thenReturn(nil)
        when(mock.first(of: .any)).thenReturn { $0.first }
        func run<P: Pipeline>(_ pipeline: P, _ input: P.Input) -> P.Input? {
            pipeline.first(of: pipeline.process(input))
        }
        #expect(run(mock, 4) == 4)
        let empty: [Int] = []
        #expect(mock.first(of: empty) == nil)
        verify(mock.process(4)).called(1)
        verify(mock.first(of: .hasCount(2))).called(1)
    }
}
