import TestDoubles
import Testing

// Blocks 1 to 4 of the seed's ForwardingSpies article, rewritten against this
// file's own protocol (blocks 5 and 6, getter effect hints on a spy, are in
// SeedConstructionTests and GetterEffectTests).

struct FSDestination: Equatable, Sendable {
    var host: String
    var port: Int
}

protocol FSUserService {
    func displayName(for user: String) -> String
    func send(_ message: String, to destination: FSDestination) -> Bool
}

final class FSLiveUserService: FSUserService, @unchecked Sendable {
    private(set) var sent: [String] = []
    func displayName(for user: String) -> String { user.prefix(1).uppercased() + user.dropFirst() }
    func send(_ message: String, to destination: FSDestination) -> Bool {
        sent.append("\(message)@\(destination.host)")
        return true
    }
}

@Suite struct ForwardingSpiesArticleTests {
    @Test func block1ASpyForwardsToTheRealService() {
        let liveService = FSLiveUserService()
        let spy: Spy<any FSUserService> = Spy.make(forwardingTo: liveService)
        let service: any FSUserService = spy()

        #expect(service.displayName(for: "admin") == "Admin")
        spy.verify { $0.displayName(for: "admin") }
    }

    @Test func block2ARegistrationOverridesSelectedCalls() {
        let spy: Spy<any FSUserService> = Spy.make(forwardingTo: FSLiveUserService())
        let service = spy()
        spy.when { $0.displayName(for: Match.equal("guest")) }
            .thenReturn("Test Guest")

        #expect(service.displayName(for: "guest") == "Test Guest")
        #expect(service.displayName(for: "admin") == "Admin")
    }

    @Test func block3ThenForwardWithAPlaceholderArgument() {
        let liveService = FSLiveUserService()
        let spy: Spy<any FSUserService> = Spy.make(forwardingTo: liveService)
        let importedDestination = FSDestination(host: "placeholder", port: 0)
        spy.when {
            $0.send(Match.any(), to: Match.any(using: importedDestination))
        }.thenForward()

        #expect(spy().send("hello", to: FSDestination(host: "example", port: 443)))
        #expect(liveService.sent == ["hello@example"])
        spy.verifyOnlyForwarded { _ = $0.send("hello", to: FSDestination(host: "example", port: 443)) }
    }

    @Test func block4ForwardedAndStubbedViews() {
        let spy: Spy<any FSUserService> = Spy.make(forwardingTo: FSLiveUserService())
        let service = spy()
        spy.when { $0.displayName(for: Match.equal("guest")) }
            .thenReturn("Test Guest")
        let displayNames = spy.when {
            $0.displayName(for: Match.any())
        }

        #expect(service.displayName(for: "guest") == "Test Guest")
        #expect(service.displayName(for: "admin") == "Admin")

        displayNames.forwarded.verify(1...)
        let forwarded: [String] = displayNames.forwarded.arguments()
        #expect(forwarded == ["admin"])

        displayNames.stubbed.verify()
        let stubbed: [String] = displayNames.stubbed.arguments()
        #expect(stubbed == ["guest"])
    }
}
