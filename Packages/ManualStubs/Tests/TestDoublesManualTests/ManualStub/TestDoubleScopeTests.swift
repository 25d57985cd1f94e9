import TestDoublesManual
import Testing

/// Every manual front joins the test-double scope in effect (the one the
/// `.testDoubles` traits install), so end-of-test audits see it.
@Suite struct TestDoubleScopeTests {
    @Test func manualDoublesJoinTheScopeAndItsAuditSeesUnusedRegistrations() {
        let scope = TestDoubleSession()
        TestDoubleTestingContext.$session.withValue(scope) {
            let prices = PriceServiceStub()
            prices.when { try $0.price(Match.any()) }.thenReturn(1)
            let formatter = ClosureDouble<Int, String>()
            formatter.whenAny().thenReturn("x")
            let api = ClientStub<Mailer> { endpoints in
                Mailer(send: endpoints.asyncThrowingFunction("send"), count: endpoints.function("count"))
            }
            api.when { $0.count() }.thenReturn(1)
            #expect(api().count() == 1)
        }
        #expect(scope.recorders.count == 3)
        let failures = scope.audit(.unusedStubs)
        #expect(failures.count == 2)
        #expect(failures.contains { $0.contains("ManualStub<PriceServiceStubConformer>") })
        #expect(failures.contains { $0.contains("ClosureDouble<Int, String>") })
    }

    @Test func strictAuditsSeeUnconsumedClosureQueuesAndPendingSuspensions() async {
        let scope = TestDoubleSession()
        await TestDoubleTestingContext.$session.withValue(scope) {
            let formatter = ClosureDouble<Int, String>()
            formatter.whenAny().thenReturn("a", times: 2).thenReturn("b")
            _ = formatter.function(1)
            let fetch = AsyncClosureDouble<Int, Int>()
            let suspension = fetch.whenAny().thenSuspend()
            let function = fetch.function
            let call = Task { await function(1) }
            await suspension.waitForCall(within: .seconds(60))
            #expect(scope.audit(.pendingSuspensions).count == 1)
            suspension.resume(returning: 1)
            _ = await call.value
        }
        #expect(scope.audit(.unconsumedBehaviors).count == 1)
        #expect(scope.audit(.pendingSuspensions).isEmpty)
    }

    @Test func theProcessWideSharedControllerJoinsNoTestScope() {
        let scope = TestDoubleSession()
        TestDoubleTestingContext.$session.withValue(scope) {
            _ = ManualStub<ScopeProbeConformer>.shared
            SharedManualStubs.isolated { _ = ManualStub<ScopeProbeConformer>.shared }
        }
        // Only the isolated controller, made inside the test, belongs to it.
        #expect(scope.recorders.map(\.name) == ["ManualStub<ScopeProbeConformer>.shared"])
    }
}

/// A conformer only this suite uses, so its process-wide controller is made here.
struct ScopeProbeConformer: ManualStubConformer {
    let stub: ManualStub<Self>
    init(stub: ManualStub<Self>) { self.stub = stub }
}
