import TestDoubles
import Testing

// GettingStarted block 17 as the article writes it: a protocol property
// declared `{ read }`. That spelling needs the compiler's experimental
// CoroutineAccessors feature, which this target alone enables (it also turns
// every `{ get set }` requirement of the module into a callee-allocated
// `modify2` coroutine, which the runtime stub refuses, so the feature stays
// out of TestDoublesTests). Swift 6.0 does not parse `{ read }` ("expected
// get or set in a protocol property"), hence the guard; the `{ get }` form of
// the block runs in GettingStartedArticleTests.block17ReadOnlyProperty.
#if compiler(>=6.1) && hasFeature(CoroutineAccessors)
protocol CASnapshot {
    var value: String { read }
}

struct CALiveSnapshot: CASnapshot {
    var value: String { "live" }
}

@Suite struct ReadAccessorArticleTests {
    @Test func block17ReadRequirementFailsClosed() {
        // The runtime does not serve `read` coroutines yet (issue 19):
        // construction throws instead of building a value whose reads
        // would go wrong.
        var thrown: StubError?
        do {
            let stub = try Stub<any CASnapshot>()
            stub.when { $0.value }.thenReturn("ready")
        } catch {
            thrown = error
        }
        #expect(thrown != nil)
        // Swift 6.3.1 names a `read` witness `…5valueSSvyTWTwc`, which
        // signature discovery cannot demangle yet, so the error names
        // the slot `coro` and a discovery failure rather than `value`
        // and the unserved `read` coroutine.
        withKnownIssue("the error does not name the read requirement yet") {
            #expect(thrown?.requirement?.contains("value") == true)
            #expect(thrown?.reason.contains("_read") == true)
        }
    }
}
#endif
