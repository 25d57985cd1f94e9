import Foundation
import SwiftMockingMacros
import Testing

/// What happens on a call, per the normative rules: matcher precedence and
/// its clamp, one action per call, `throws` re-running handlers, defaults,
/// unstubbed calls, and the direct `Spy` API.
@Suite struct StubbingSemanticsTests {
    let cart = Cart(items: ["apple"])

    @Test func moreSpecificStubWinsAndLatestWinsAmongEquals() throws {
        let mock = MockCheckout()
        when(mock.price(item: "apple", quantity: .any, region: .any)).thenReturn(1)
        when(mock.price(item: .any, quantity: .any, region: .any)).thenReturn(2)
        when(mock.price(item: .any, quantity: .greaterThan(5), region: .any)).thenReturn(3)
        let checkout: any Checkout = mock
        // equalTo (500) beats predicate (200) beats any (0).
        #expect(try checkout.price(item: "apple", quantity: 10, region: "eu") == 1)
        #expect(try checkout.price(item: "pear", quantity: 10, region: "eu") == 3)
        #expect(try checkout.price(item: "pear", quantity: 1, region: "eu") == 2)
        when(mock.price(item: .any, quantity: .any, region: .any)).thenReturn(4)
        #expect(try checkout.price(item: "pear", quantity: 1, region: "eu") == 4)
    }

    @Test func precedenceIsClampedAtOneThousand() throws {
        let mock = MockCheckout()
        // 500 + 500 + 500 and 500 + 500 + 0 both clamp to 1000: the latest wins.
        when(mock.price(item: "apple", quantity: 1, region: "eu")).thenReturn(1)
        when(mock.price(item: "apple", quantity: 1, region: .any)).thenReturn(2)
        let checkout: any Checkout = mock
        #expect(try checkout.price(item: "apple", quantity: 1, region: "eu") == 2)
        #expect(InvocationMatcher<String, Int>(matchers: .equal("a"), .any).precedence == 500)
        #expect(MatcherPrecedence(value: 5000).value == 1000)
        #expect(MatcherPrecedence.equalTo > MatcherPrecedence.predicate)
    }

    @Test func onlyTheMostSpecificActionRuns() {
        let mock = MockCheckout()
        let ran = Collected<String>()
        when(mock.total(of: .any, discount: .any)).do { _, _ in ran.append("any") }
        when(mock.total(of: .identical(cart), discount: .any)).do { _, _ in ran.append("identical") }
        when(mock.total(of: .any, discount: .any)).thenReturn(9)
        let checkout: any Checkout = mock
        #expect(checkout.total(of: cart, discount: 0) == 9)
        #expect(checkout.total(of: Cart(items: []), discount: 0) == 9)
        #expect(ran.values == ["identical", "any"])
        verify(mock.total(of: .identical(cart), discount: .approximately(0))).called(1)
        verify(mock.total(of: .any(where: \.items, []), discount: .any)).called(1)
    }

    @Test func throwsReRunsTheHandlers() {
        let mock = MockCheckout()
        let runs = Collected<Int>()
        when(mock.price(item: .any, quantity: .any, region: .any)).thenReturn { _, quantity, _ in
            runs.append(quantity)
            if quantity == 0 { throw NetworkError.status(400) }
            return 1
        }
        let checkout: any Checkout = mock
        #expect(throws: NetworkError.status(400)) { try checkout.price(item: "a", quantity: 0, region: "eu") }
        #expect(runs.values == [0])
        verify(mock.price(item: .any, quantity: 0, region: .any)).throws(.error(NetworkError.self))
        #expect(runs.values == [0, 0])
        expectFailure(atLine: #line + 1, containing: "Did not find any invocation that throws") {
            verify(mock.price(item: .any, quantity: 1, region: .any)).throws()
        }
    }

    @Test func unstubbedCallWithNoDefaultIsReportedAndAnswersAZeroValue() {
        let mock = MockCheckout()
        let checkout: any Checkout = mock
        withKnownIssue {
            #expect(checkout.tier(for: cart) == .basic)
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("MockCheckout.tier")
        }
        verify(mock.tier(for: .any)).called(1)
    }

    @Test func theUnstubbedCallsAdviceKeepsTheArgumentLabels() async {
        let mock = MockCheckout()
        let checkout: any Checkout = mock
        withKnownIssue {
            _ = checkout.tier(for: cart)
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("Stub it with when(mock.tier(for: .any)).thenReturn(…)")
        }
    }

    @Test func unstubbedThrowingCallThrowsUnStubbed() throws {
        let mock = MockCheckout()
        let checkout: any Checkout = mock
        // Double has a registered default: an unstubbed call answers 0.
        #expect(try checkout.price(item: "apple", quantity: 1, region: "eu") == 0)
        do {
            _ = try checkout.quote("apple")
            Issue.record("an unstubbed throwing call with no default must throw")
        } catch let error as MockingError {
            #expect(error.message.contains("MockCheckout.quote"))
            #expect(error.message.contains("apple"))
            #expect(error == .unStubbed("MockCheckout.quote", inputs: "(apple)"))
        }
        verify(mock.quote(.any)).called(1)
    }

    @Test func customDefaultsOnAMock() {
        let mock = MockCheckout()
        var registry = DefaultProvidableRegistry.default
        let fixed = Note(id: UUID(), body: "d")
        registry.register(.init(Note.self) { fixed })
        registry.register(.valueProvider(["seen": 1]))
        mock.defaultProviderRegistry = registry
        let checkout: any Checkout = mock
        #expect(checkout.receipt(for: cart).body == "d")
        #expect(checkout.events() == ["seen": 1])
        #expect(DefaultProvidableRegistry.default.getDefaultForType(Int.self) == 0)
        #expect(DefaultProvidableRegistry().getDefaultForType(Int.self) == nil)
        #expect(DefaultProvidableRegistry.default.getDefaultForType(String?.self) == .some(nil))
    }

    #if compiler(>=6.1)  // the .mocking and .withDefaults traits
    @Test(.withDefaults(Note(id: UUID(), body: "trait"))) func defaultsFromTheTrait() {
        let mock = MockCheckout()
        #expect((mock as any Checkout).receipt(for: cart).body == "trait")
    }
    #endif

    @Test func untilIgnoresEarlierCalls() async throws {
        let mock = MockCheckout()
        when(mock.submit(.any)).thenReturn("ok")
        let checkout: any Checkout & Sendable = mock
        let cart = self.cart
        _ = try await checkout.submit(cart)
        await #expect(throws: UntilError.self) {
            try await until(mock.submit(.any), timeout: .milliseconds(30))
        }
        // `until` registers before it first suspends; the later call ends the wait.
        let later = Task {
            try await Task.sleep(for: .milliseconds(50))
            return try await checkout.submit(cart)
        }
        try await until(mock.submit(.identical(cart)), timeout: .seconds(5))
        _ = try await later.value
        verify(mock.submit(.any)).called(2)
    }

    @Test func interactionInvocationsAndSpyAPI() throws {
        let mock = MockCheckout()
        when(mock.price(item: .any, quantity: .any, region: .any)).thenReturn(1)
        let checkout: any Checkout = mock
        _ = try checkout.price(item: "a", quantity: 1, region: "eu")
        _ = try checkout.price(item: "b", quantity: 2, region: "us")
        let calls = mock.price(item: .any, quantity: .greaterThan(1), region: .any).invocations()
        #expect(calls.count == 1)
        #expect(calls.first?.0 == "b")
        let spy = mock.price(item: .any, quantity: .any, region: .any).spy
        #expect(spy.invocationCount == 2)
        #expect(spy.verify(calledWith: .equal("a"), .any, .any, count: 1))
        #expect(!spy.verify(calledWith: .equal("c"), .any, .any, count: 1))
        #expect(spy.invocations.map { "\($0.arguments.0)" } == ["a", "b"])
        mock.clear()
        #expect(mock.price(item: .any, quantity: .any, region: .any).spy.invocationCount == 0)
        // The stub went with clear(): the registered default answers.
        #expect(try checkout.price(item: "a", quantity: 1, region: "eu") == 0)
    }

    @Test func standaloneSpy() throws {
        let spy = Spy<String, Int, Throws, Bool>()
        spy.when(calledWith: .any, .lessThan(0)).thenThrow(NetworkError.status(1))
        spy.when(calledWith: .any, .any).thenReturn(true)
        #expect(try spy("a", 1))
        #expect(throws: NetworkError.status(1)) { try spy("b", -1) }
        #expect(spy.verifyThrows())
        #expect(spy.verifyThrows(.error(NetworkError.self)))
        #expect(spy.verifyCalled(2))
        #expect(spy.verifyCalled())
        let function = spy.asFunction()
        #expect(try function("c", 3))
        verify(spy(.any, .any)).called(3)
        spy.clear()
        #expect(spy.invocationCount == 0)
    }

    @Test func capturedReportsItsInspectorsError() {
        let mock = MockCheckout()
        let checkout: any Checkout = mock
        _ = checkout.total(of: cart, discount: 0.5)
        expectFailure(atLine: #line + 1, containing: "status") {
            verify(mock.total(of: .any, discount: .any)).captured { _, _ in throw NetworkError.status(7) }
        }
        expectFailure(atLine: #line + 1, containing: "No matching invocations") {
            verify(mock.total(of: .any, discount: .greaterThan(1))).captured { _, _ in }
        }
    }

    @Test func orderWithBuilderBranches() async throws {
        try await MockScope.withCleanEnvironment {
            let mock = MockCheckout()
            when(mock.submit(.any)).thenReturn("id")
            let checkout: any Checkout = mock
            _ = checkout.total(of: cart, discount: 0)
            _ = try await checkout.submit(cart)
            let includeTotal = true
            verifyInOrder {
                if includeTotal {
                    mock.total(of: .any, discount: .any)
                } else {
                    mock.events()
                }
                mock.submit(.any)
            }
            verifyInOrder([])
            expectFailure(atLine: #line + 1, containing: "Did not find sequence") {
                verifyInOrder([mock.events()])
            }
        }
    }

    @Test func stringAndCollectionMatchers() {
        #expect(ArgMatcher<String>.matches("^[a-z]+$")("abc"))
        #expect(!ArgMatcher<String>.matches("(")("("))
        #expect(ArgMatcher<String>.endsWith("c")("abc"))
        #expect(ArgMatcher<[Int]>.hasCountBetween(1, 2)([1, 2]))
        #expect(ArgMatcher<[Int]>.hasCount(in: 3...)([1, 2, 3]))
        #expect(!ArgMatcher<[Int]>.hasCount(in: ...1)([1, 2]))
        #expect(ArgMatcher<Double>.approximately(1.0, tolerance: 0.1)(1.05))
        #expect(!ArgMatcher<Double>.approximately(1.0)(1.01))
        #expect(ArgMatcher<Int>.between(1, 3)(3))
        #expect(ArgMatcher<Int>.in(...3)(3))
        #expect(ArgMatcher<any Error>.as(NetworkError.self)(NetworkError.offline))
        #expect(!ArgMatcher<any Error>.is(CancellationError.self)(NetworkError.offline))
    }
}
