import TestDoubles
import Testing

protocol AuthService {
    func signIn(user: String, password: String) async throws -> String
}

enum AuthError: Error { case invalidCredentials }

struct LiveAuthService: AuthService {
    func signIn(user: String, password: String) async throws -> String { user + password }
}

@Suite struct ReadmeAsyncTests {
    @Test func quickStart() async throws {
        let auth = try Stub<any AuthService>()

        await auth.when { try await $0.signIn(user: Match.equal("blob"), password: Match.equal("sekret")) }
            .thenReturn("session-42")
        await auth.when { try await $0.signIn(user: Match.any(), password: Match.any()) }
            .thenThrow(AuthError.invalidCredentials)

        // A real `any AuthService`, ready to hand to the code under test.
        let service: any AuthService = auth()

        #expect(try await service.signIn(user: "blob", password: "sekret") == "session-42")
        await #expect(throws: AuthError.self) {
            try await service.signIn(user: "blob", password: "hunter2")
        }

        await auth.verify(2...2) { try await $0.signIn(user: Match.any(), password: Match.any()) }
    }
}
