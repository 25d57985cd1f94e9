import Foundation
import TestDoublesManual
import Testing

// A swift-dependencies style API client, doubled the way an app's test target
// does it: one ClientStub, matchers, sequences, verification and arguments.

struct AppUser: Equatable, Sendable, Identifiable {
    var id: Int
    var name: String
    var email: String
}

enum APIFailure: Error, Equatable { case notFound(Int), offline }

struct APIClient: Sendable {
    var fetchUser: @Sendable (AppUser.ID) async throws -> AppUser
    var search: @Sendable (String, Int) async throws -> [AppUser]
    var logout: @Sendable () async -> Void
}

let apiClients = ClientDoublePreset<APIClient> { endpoints in
    APIClient(
        fetchUser: endpoints.asyncThrowingFunction("fetchUser"),
        search: endpoints.asyncThrowingFunction("search"),
        logout: endpoints.asyncFunction("logout"))
}

/// The code under test: a view model that loads a profile and searches.
@MainActor final class APIProfileModel {
    let api: APIClient
    var user: AppUser?
    var results: [AppUser] = []
    var error: APIFailure?
    init(api: APIClient) { self.api = api }

    func load(_ id: Int) async {
        do { user = try await api.fetchUser(id) } catch { self.error = error as? APIFailure }
    }

    func search(_ text: String) async {
        results = (try? await api.search(text, 20)) ?? []
    }

    func signOut() async { await api.logout() }
}

@MainActor @Suite struct APIClientTests {
    static let ada = AppUser(id: 1, name: "Ada", email: "ada@example.com")
    static let bob = AppUser(id: 2, name: "Bob", email: "bob@example.com")

    @Test func answersPerArgumentAndFallsBack() async throws {
        let api = apiClients.failing()
        // The first matching registration wins: specific before broad.
        await api.when { try await $0.fetchUser(Match.equal(1)) }.thenReturn(Self.ada)
        await api.when { try await $0.fetchUser(Match.any()) }.thenThrow(APIFailure.notFound(0))

        let model = APIProfileModel(api: api())
        await model.load(1)
        #expect(model.user == Self.ada)
        await model.load(9)
        #expect(model.error == .notFound(0))

        let ids: [Int] = await api.when { try await $0.fetchUser(Match.any()) }.arguments()
        #expect(ids == [1, 9])
        await api.verify(1...1) { try await $0.fetchUser(Match.equal(9)) }
    }

    @Test func twoArgumentEndpointRecordsBothArguments() async throws {
        let api = apiClients.failing()
        await api.when { try await $0.search(Match.hasPrefix("a"), Match.any()) }.then {
            (text: String, limit: Int) in
            Array([Self.ada, Self.bob].prefix(limit)).filter { $0.name.lowercased().hasPrefix(text) }
        }
        let model = APIProfileModel(api: api())
        await model.search("ad")
        #expect(model.results == [Self.ada])
        let calls: [(String, Int)] = await api.when { try await $0.search(Match.any(), Match.any()) }.arguments()
        #expect(calls.count == 1)
        #expect(calls.first?.0 == "ad")
        #expect(calls.first?.1 == 20)
    }

    @Test func sequencesThenLastAnswerRepeats() async throws {
        let api = apiClients.failing()
        await api.when { try await $0.fetchUser(Match.any()) }
            .thenThrow(APIFailure.offline)
            .thenReturn(Self.ada)
            .thenReturn(Self.bob)
        let client = api()
        await #expect(throws: APIFailure.offline) { try await client.fetchUser(1) }
        #expect(try await client.fetchUser(1) == Self.ada)
        #expect(try await client.fetchUser(1) == Self.bob)
        #expect(try await client.fetchUser(1) == Self.bob)
        await api.verify(4...4) { try await $0.fetchUser(Match.any()) }
    }

    @Test func voidAsyncEndpoint() async {
        let api = apiClients.failing()
        await api.when { await $0.logout() }.thenDoNothing()
        let model = APIProfileModel(api: api())
        await model.signOut()
        await model.signOut()
        await api.verify(2...2) { await $0.logout() }
        api.verifyNoMoreInteractions()
    }

    @Test func verificationFailsWhenTheCountIsWrong() async {
        let api = apiClients.failing()
        await api.when { await $0.logout() }.thenDoNothing()
        await api().logout()
        await withKnownIssue("verify(2...2) after one call must fail") {
            await api.verify(2...2) { await $0.logout() }
        }
        await withKnownIssue("verify of a call never made must fail") {
            await api.verify { try await $0.fetchUser(Match.any()) }
        }
    }

    @Test func unconfiguredCallIsAnIssueNotACrash() async {
        let api = apiClients.failing()
        await withKnownIssue("fetchUser was never stubbed") {
            _ = try? await api().fetchUser(5)
        }
        await withKnownIssue("logout was never stubbed") {
            await api().logout()
        }
    }

    @Test func manyTasksAtOnceAreAllRecorded() async throws {
        let api = apiClients.failing()
        await api.when { try await $0.fetchUser(Match.any()) }.then { (id: Int) in
            AppUser(id: id, name: "u\(id)", email: "")
        }
        let client = api()
        let ids = try await withThrowingTaskGroup(of: Int.self) { group in
            for id in 0..<200 { group.addTask { try await client.fetchUser(id).id } }
            var collected: [Int] = []
            for try await id in group { collected.append(id) }
            return collected
        }
        #expect(ids.sorted() == Array(0..<200))
        let recorded: [Int] = await api.when { try await $0.fetchUser(Match.any()) }.arguments()
        #expect(recorded.sorted() == Array(0..<200))
        await api.verify(200...200) { try await $0.fetchUser(Match.any()) }
    }

    @Test func spyForwardsWhatIsNotStubbed() async throws {
        let forwarding = ClientDoublePreset<APIClient> { endpoints in
            APIClient(
                fetchUser: endpoints.asyncThrowingFunction(
                    "fetchUser",
                    forwarding: { live, id in
                        try await live.fetchUser(id)
                    }),
                search: endpoints.asyncThrowingFunction(
                    "search",
                    forwarding: { live, text, limit in
                        try await live.search(text, limit)
                    }),
                logout: endpoints.asyncFunction("logout", forwarding: { live in await live.logout() }))
        }
        let live = APIClient(
            fetchUser: { AppUser(id: $0, name: "live", email: "") },
            search: { _, _ in [] },
            logout: {})
        let spy = await forwarding.spy(forwardingTo: live) {
            await $0.when { try await $0.fetchUser(Match.equal(1)) }.thenReturn(Self.ada)
        }
        #expect(try await spy().fetchUser(1) == Self.ada)
        #expect(try await spy().fetchUser(7).name == "live")
        await spy().logout()
        spy.history.forwarded.verify(2...2)
        spy.history.stubbed.verify(1...1)
    }

    @Test func scenarioConfiguresTheClient() async throws {
        let signedIn = AsyncManualStubScenario<APIClient> { stub in
            await stub.when { try await $0.fetchUser(Match.any()) }.thenReturn(Self.ada)
            await stub.when { await $0.logout() }.thenDoNothing()
        }
        let api = apiClients.failing()
        await signedIn.apply(to: api)
        #expect(try await api().fetchUser(3) == Self.ada)
    }

    @Test func unmatchedCallIsReportedAtTheStubsCreation() async throws {
        let api = apiClients.failing(); let creationLine = #line
        var issues: [TestDoubleIssue] = []
        let capturedIssues = await TestDoubleIssueReporting.capture { await api().logout() }
        issues = capturedIssues
        let issue = try #require(issues.first)
        #expect(issues.count == 1)
        #expect(issue.kind == .unmatchedCall)
        #expect(issue.location?.line == creationLine)
        #expect(issue.location?.fileID.hasSuffix("APIClientTests.swift") == true)
        #expect(issue.message.contains("logout"))
    }

    @Test func broadBeforeSpecificIsReportedAtTheRegistration() async {
        let api = apiClients.failing()
        await api.when { try await $0.fetchUser(Match.any()) }.thenThrow(APIFailure.offline)
        await withKnownIssue("the equal(1) registration can never serve a call") {
            await api.when { try await $0.fetchUser(Match.equal(1)) }.thenReturn(Self.ada)
        }
        await #expect(throws: APIFailure.offline) { try await api().fetchUser(1) }
    }

    @Test func testValueIsFailClosed() async {
        let client = apiClients.testValue()
        await withKnownIssue("an unconfigured testValue endpoint reports") {
            await client.logout()
        }
    }
}
