import Foundation
import TestDoubles
import Testing

// Shapes apps write that a runtime double cannot serve: construction must
// throw a StubError naming the requirement, the type, the reason and a fix,
// never crash or build a double that answers wrongly.

/// A cache whose key type no existential binds: its argument cannot be served.
protocol RCKeyedCache {
    associatedtype Key: Hashable
    func value(for key: Key) -> String?
    func clear()
}

struct RCStringKeyedCache: RCKeyedCache {
    func value(for key: String) -> String? { nil }
    func clear() {}
}

/// A protocol with no conformer anywhere in the process and no explicit requirements.
protocol RCNeverImplemented {
    func compute(_ value: Int) -> Int
}

@Suite struct RealCodeUnsupportedShapeDiagnosticTests {
    @Test func anUnboundAssociatedArgumentFailsClosedNamingTheRequirement() throws {
        let error = try #require(constructionError { try Stub<any RCKeyedCache>() })
        let text = error.description
        #expect(text.contains("RCKeyedCache"))
        #expect(text.contains("RCKeyedCache.Key"))
        #expect(error.fix.contains("Stub<"))
        #expect(!error.reason.isEmpty)
        #expect(!error.fix.isEmpty)
    }

    @Test func aProtocolWithNoSourceFailsClosedWithAFix() throws {
        let error = try #require(constructionError { try Stub<any RCNeverImplemented>() })
        #expect(error.description.contains("RCNeverImplemented"))
        #expect(!error.fix.isEmpty)
    }
}
