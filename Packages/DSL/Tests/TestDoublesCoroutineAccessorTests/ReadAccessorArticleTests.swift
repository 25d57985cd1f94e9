import TestDoubles
import Testing

// GettingStarted block 17 as the article writes it: a protocol property
// declared `{ read }`. That spelling needs the compiler's experimental
// CoroutineAccessors feature, which this target alone enables (it also turns
// every `{ get set }` requirement of the module into a callee-allocated
// `modify2` coroutine). Swift 6.0 does not parse `{ read }` ("expected get or
// set in a protocol property"), hence the guard; the `{ get }` form of the
// block runs in GettingStartedArticleTests.block17ReadOnlyProperty.
#if compiler(>=6.1) && hasFeature(CoroutineAccessors)
protocol CASnapshot {
    var value: String { read }
}

struct CALiveSnapshot: CASnapshot {
    var value: String { "live" }
}

@Suite struct ReadAccessorArticleTests {
    #if arch(x86_64)
    @Test func block17ReadRequirement() throws {
        let stub = try Stub<any CASnapshot>()
        stub.when { $0.value }.thenReturn("ready")

        let snapshot: any CASnapshot = stub()
        #expect(snapshot.value == "ready")
        stub.verify { $0.value }
    }

    @Test func block17WithAnExplicitGetter() throws {
        // The getter form of the explicit requirements describes a `read`.
        let stub = try Stub<any CASnapshot>(.getter(String.self))
        stub.when { $0.value }.thenReturn("explicit")

        let snapshot: any CASnapshot = stub()
        #expect(snapshot.value == "explicit")
        stub.verify(.once) { $0.value }
    }
    #else
    @Test func block17ReadRequirementFailsClosedOffX86() {
        // The yield_once_2 convention is verified on x86_64 only.
        #expect {
            _ = try Stub<any CASnapshot>()
        } throws: { error in
            guard let error = error as? StubError else { return false }
            return error.requirement?.contains("value") == true && error.reason.contains("x86_64 only")
        }
    }
    #endif
}
#endif
