import TestDoubles
import Testing

// A profile screen that cancels its load when it disappears, over a
// directory whose non-throwing async requirement returns a class: no default
// value of it exists, so a cancelled parked call cannot leave with one.

/// The signed-in user, a reference type the app shares between screens.
final class CRDirectoryUser {
    let handle: String
    init(handle: String) { self.handle = handle }
}

@MainActor protocol CRUserDirectory {
    func currentUser() async -> CRDirectoryUser
}

@MainActor struct CRLiveUserDirectory: CRUserDirectory {
    func currentUser() async -> CRDirectoryUser { CRDirectoryUser(handle: "live") }
}

@MainActor final class CRProfileHeader {
    private let directory: any CRUserDirectory
    private var loading: Task<Void, Never>?
    private(set) var handle: String?

    init(directory: any CRUserDirectory) { self.directory = directory }

    func appear() {
        loading = Task { handle = await directory.currentUser().handle }
    }

    func disappear() { loading?.cancel() }

    func settle() async { await loading?.value }
}

@MainActor @Suite struct RealCodeCancelledParkedClassResultTests {
    @Test func aCancelledParkedCallWithNoDefaultValueStaysParkedWithAnIssueAtTheSuspendLine() async throws {
        let directory = try Stub<any CRUserDirectory>()
        let placeholder = CRDirectoryUser(handle: "placeholder")
        let suspendLine = #line + 1
        let parked = await directory.when(returning: placeholder) { await $0.currentUser() }.thenSuspend()
        let header = CRProfileHeader(directory: directory())

        header.appear()
        #expect(await parked.waitForCall(within: .seconds(10)))
        // Cancelling used to stop the test process: the call had no value to leave with.
        withKnownIssue {
            header.disappear()
        } matching: { issue in
            issue.sourceLocation?.line == suspendLine
                && issue.description.contains("stays parked until resume(returning:)")
        }
        #expect(parked.pendingCount == 1)
        let ada = CRDirectoryUser(handle: "@ada")
        // `resume(returning:)` takes the value `sending`: the test keeps only its identity.
        let handedOver = ObjectIdentifier(ada)
        parked.resume(returning: ada)
        await header.settle()
        #expect(header.handle == "@ada")
        let returned: [CRDirectoryUser] = parked.interactions.results()
        #expect(returned.first.map(ObjectIdentifier.init) == handedOver)
    }
}
