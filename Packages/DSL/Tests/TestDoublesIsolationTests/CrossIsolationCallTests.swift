import TestDoubles
import Testing

/// A caller of its own isolation: an actor that calls the double it was given.
actor AuthClient {
    let service: any AuthService
    init(service: any AuthService) { self.service = service }

    func signIn(_ index: Int) async -> String? {
        try? await service.signIn(user: "user\(index)", password: "pw")
    }
}

/// A double configured in a `@MainActor` test and called at once from the
/// main actor, from other actors and from detached tasks: every call is
/// recorded once and answered by the right registration.
@MainActor @Suite struct CrossIsolationCallTests {
    @Test func callsFromEveryIsolationAreRecordedAndAnsweredExactly() async throws {
        let auth = try Stub<any AuthService>()
        await auth.when { try await $0.signIn(user: Match.equal("user0"), password: Match.any()) }
            .thenThrow(AuthError.invalidCredentials)
        let signIns = await auth.when { try await $0.signIn(user: Match.any(), password: Match.any()) }
        signIns.then { (user: String, _: String) async throws -> String in "token-\(user)" }

        let service = auth()
        let clients = (0..<4).map { _ in AuthClient(service: service) }
        let perCaller = 25
        let answers = await withTaskGroup(of: [String?].self) { group in
            for (index, client) in clients.enumerated() {
                group.addTask {
                    var answers: [String?] = []
                    for call in 0..<perCaller { answers.append(await client.signIn(index * perCaller + call)) }
                    return answers
                }
            }
            group.addTask {
                var answers: [String?] = []
                for call in 0..<perCaller {
                    answers.append(try? await service.signIn(user: "user\(100 + call)", password: "pw"))
                }
                return answers
            }
            var all: [String?] = []
            for await batch in group { all += batch }
            return all
        }
        var mainAnswers: [String?] = []
        for call in 0..<perCaller {
            mainAnswers.append(try? await service.signIn(user: "user\(200 + call)", password: "pw"))
        }

        let expected =
            (0..<(4 * perCaller)).map { $0 == 0 ? nil : "token-user\($0)" }
            + (100..<(100 + perCaller)).map { "token-user\($0)" }
        #expect(answers.sorted { ($0 ?? "") < ($1 ?? "") } == expected.sorted { ($0 ?? "") < ($1 ?? "") })
        #expect(mainAnswers == (200..<(200 + perCaller)).map { "token-user\($0)" })

        let calls = 6 * perCaller
        await auth.verify(.exactly(calls)) { try await $0.signIn(user: Match.any(), password: Match.any()) }
        let users: [String] = signIns.arguments()
        #expect(users.count == calls)
        #expect(Set(users).count == calls)
    }
}
