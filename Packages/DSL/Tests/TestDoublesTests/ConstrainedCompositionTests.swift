import TestDoubles
import Testing

/// A composition of a constrained existential with another protocol, as a
/// user writes it, fails closed at construction with a `StubError` that
/// names the type, the reason and the fix (never a stub that answers
/// wrongly, never a stop).
@Suite struct ConstrainedCompositionTests {
    @Test func aCollectionOfIntAndCustomStringConvertibleFailsClosed() {
        do {
            _ = try Stub<any Collection<Int> & CustomStringConvertible>()
            Issue.record("the composition was served")
        } catch {
            let message = String(describing: error)
            #expect(message.contains("CustomStringConvertible"))
            #expect(message.contains("constrained existential"))
            #expect(message.contains("ManualStub"))
        }
    }
}
