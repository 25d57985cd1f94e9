import Foundation
import SwiftMockingMacros
import Testing

/// An async throwing networking client mocked by `@Mockable`, used the way a
/// feature's tests use it.
@Suite struct HTTPClientMockTests {
    let home = URL(string: "https://example.org/home")!
    let about = URL(string: "https://example.org/about")!

    @Test func stubbedDataIsReturnedPerURL() async throws {
        let mock = MockHTTPClient()
        when(mock.data(from: .any)).thenReturn(Data("fallback".utf8))
        when(mock.data(from: .equal(home))).thenReturn(Data("home".utf8))
        let client: any HTTPClient = mock
        #expect(try await client.data(from: home) == Data("home".utf8))
        #expect(try await client.data(from: about) == Data("fallback".utf8))
        verify(mock.data(from: .equal(home))).called(1)
        verify(mock.data(from: .any)).called(2)
        verify(mock.data(from: .any(that: { $0.path == "/about" }))).called(1)
    }

    @Test func thrownErrorsReachTheCaller() async throws {
        let mock = MockHTTPClient()
        when(mock.data(from: .any)).thenThrow(NetworkError.offline)
        let client: any HTTPClient = mock
        await #expect(throws: NetworkError.offline) { try await client.data(from: home) }
        await verify(mock.data(from: .any)).throws(.error(NetworkError.self))
        verify(mock.data(from: .any)).called(1)
    }

    @Test func asyncHandlerSeesTheArguments() async throws {
        let mock = MockHTTPClient()
        when(mock.post(.any, to: .any, headers: .any)).thenReturn { body, url, headers in
            await Task.yield()
            return body.count + (headers["Authorization"] == nil ? 0 : 1000) + url.path.count
        }
        let client: any HTTPClient = mock
        let status = try await client.post(Data([1, 2, 3]), to: about, headers: ["Authorization": "x"])
        #expect(status == 3 + 1000 + 6)
        verify(mock.post(.hasCount(3), to: .equal(about), headers: .hasCount(1))).called(1)
        verify(mock.post(.isEmpty(), to: .any, headers: .any)).neverCalled()
    }

    @Test func handlerCanThrowPerArgument() async throws {
        let mock = MockHTTPClient()
        when(mock.data(from: .any)).thenReturn { url in
            guard url.host == "example.org" else { throw NetworkError.status(404) }
            return Data(url.path.utf8)
        }
        let client: any HTTPClient = mock
        #expect(try await client.data(from: home) == Data("/home".utf8))
        await #expect(throws: NetworkError.status(404)) {
            try await client.data(from: URL(string: "https://other.org")!)
        }
    }

    @Test func genericDecodeIsStubbedPerType() async throws {
        let mock = MockHTTPClient()
        when(mock.decode(.any(Greeting.Type.self), from: .any)).thenReturn(Greeting(text: "hi"))
        when(mock.decode(.any(Int.Type.self), from: .any)).thenReturn(7)
        let client: any HTTPClient = mock
        let greeting = try await client.decode(Greeting.self, from: home)
        let number = try await client.decode(Int.self, from: home)
        #expect(greeting == Greeting(text: "hi"))
        #expect(number == 7)
        verify(mock.decode(.any(Greeting.Type.self), from: .any)).called(1)
        verify(mock.decode(.type(Int.self), from: .equal(home))).called(1)
    }

    @Test func tupleResults() async throws {
        let mock = MockHTTPClient()
        when(mock.head(.any)).thenReturn((status: 200, length: nil))
        let client: any HTTPClient = mock
        let head = try await client.head(home)
        #expect(head.status == 200)
        #expect(head.length == nil)
    }

    @Test func unstubbedThrowingCallThrowsMockingError() async throws {
        let mock = MockHTTPClient()
        let client: any HTTPClient = mock
        await #expect(throws: MockingError.self) { try await client.data(from: home) }
        // A call that threw is still recorded.
        verify(mock.data(from: .any)).called(1)
    }

    @Test func unstubbedVoidCallJustRecords() {
        let mock = MockHTTPClient()
        let client: any HTTPClient = mock
        client.cancelAll()
        client.cancelAll()
        verify(mock.cancelAll()).called(2)
        verify(mock.cancelAll()).called(.greaterThan(1))
        verify(mock.cancelAll()).called(.in(2...))
    }

    @Test func capturedSeesEveryMatchingCallInOrder() async throws {
        let mock = MockHTTPClient()
        when(mock.data(from: .any)).thenReturn(Data())
        let client: any HTTPClient = mock
        _ = try await client.data(from: home)
        _ = try await client.data(from: about)
        var seen: [String] = []
        verify(mock.data(from: .any)).captured { url in seen.append(url.lastPathComponent) }
        #expect(seen == ["home", "about"])
    }

    @Test func countMismatchIsReportedAtTheVerifyLine() async throws {
        let mock = MockHTTPClient()
        when(mock.data(from: .any)).thenReturn(Data())
        let client: any HTTPClient = mock
        _ = try await client.data(from: home)
        expectFailure(atLine: #line + 1, containing: "Actual: 1") {
            verify(mock.data(from: .any)).called(2)
        }
        expectFailure(atLine: #line + 1, containing: "Actual: 0") {
            verify(mock.data(from: .equal(about))).called()
        }
        expectFailure(atLine: #line + 1, containing: "Actual: 1") {
            verify(mock.data(from: .equal(home))).neverCalled()
        }
        expectFailure(atLine: #line + 1, containing: "Actual: 1") {
            verifyNever(mock.data(from: .any))
        }
    }

    @Test func untilWaitsForTheNextCall() async throws {
        let mock = MockHTTPClient()
        when(mock.data(from: .any)).thenReturn(Data())
        let client: any HTTPClient = mock
        let home = self.home
        let task = Task {
            try await Task.sleep(for: .milliseconds(50))
            return try await client.data(from: home)
        }
        try await until(mock.data(from: .equal(home)), timeout: .seconds(5))
        _ = try await task.value
        verify(mock.data(from: .any)).called(1)
    }

    @Test func untilTimesOut() async throws {
        let mock = MockHTTPClient()
        await #expect(throws: UntilError.self) {
            try await until(mock.data(from: .any), timeout: .milliseconds(20))
        }
    }
}
