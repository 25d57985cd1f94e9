import TestDoubles
import Testing

/// A composition of a constrained existential with another protocol, as a
/// user writes it, fails closed at construction with a `StubError` that
/// names the type, the reason and the fix (never a stub that answers
/// wrongly, never a stop).
@Suite struct ConstrainedCompositionTests {
    // Swift 6.0.3 rejects the composition itself ("non-protocol, non-class type 'Collection<Int>' cannot be
    // used within a protocol-constrained type"), so the test needs a newer compiler.
    #if compiler(>=6.1)
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
    #endif
}

/// `any Collection<Int>` binds `Element`, which `Collection` inherits from `Sequence`: the
/// error says so and gives a fix for a protocol the caller does not own.
@Suite struct InheritedPrimaryBindingTests {
    @Test func aCollectionOfIntNamesTheInheritedElement() {
        do {
            _ = try Stub<any Collection<Int>>()
            Issue.record("any Collection<Int> was served")
        } catch {
            #expect(error.kind == .unsupportedProtocolShape)
            #expect(error.reason.contains("Element, which Collection inherits from Sequence"))
            #expect(error.reason.contains("not an associated type Collection declares itself"))
            #expect(!error.reason.contains("only 0 of them"))
            #expect(error.fix.contains("an Array"))
            #expect(error.fix.contains("ManualStub"))
        }
    }
}
