import StressSupport
import TestDoubles
import Testing

// Protocols copied from public apps and SDKs (issue 19), with small stand-ins
// for URLRequest, Progress and Data, which are not all on Linux.

struct Experience: Equatable, Sendable {
    var id: Int
}

struct StandInRequest: Equatable, Sendable {
    var url: String
}

struct StandInProgress: Equatable, Sendable {
    var fraction: Double
}

typealias ProgressBlock = (StandInProgress) -> Void

enum PresentationFailure: Error, Equatable {
    case dismissed
}

protocol ExperiencePresenting {
    func show(experience: Experience, published: Bool, completion: ((Result<Void, Error>) -> Void)?)
}

protocol RedirectHandling {
    var customRedirectHandler: ((StandInRequest) -> StandInRequest?)? { get set }
}

protocol DisconnectNotifying {
    var onDisconnect: (@Sendable () -> Void)? { get }
}

protocol Downloading {
    func download(_ request: StandInRequest, progress: ProgressBlock?) async throws -> [UInt8]
}

/// Optional closures in the other positions: results, nested optionals, throwing and typed-throwing requirements.
protocol OptionalClosureVariety {
    func handler(for key: String) -> ((Int) -> String)?
    func nested(_ body: ((Int) -> Int)??) -> Int
    func validate(_ check: ((String) throws -> Bool)?) throws -> Bool
    func typed(_ body: (@Sendable (Int) -> Int)?) throws(PresentationFailure) -> Int
    func later(_ body: (() -> Int)?) async -> Int
    static func make(_ body: ((Int) -> Int)?) -> Int
}

final class LiveExperiencePresenter: ExperiencePresenting {
    func show(experience: Experience, published: Bool, completion: ((Result<Void, Error>) -> Void)?) {
        completion?(published ? .success(()) : .failure(PresentationFailure.dismissed))
    }
}

final class LiveRedirects: RedirectHandling, @unchecked Sendable {
    var customRedirectHandler: ((StandInRequest) -> StandInRequest?)?
}

struct LiveDisconnect: DisconnectNotifying {
    var onDisconnect: (@Sendable () -> Void)? { nil }
}

struct LiveDownloader: Downloading {
    func download(_ request: StandInRequest, progress: ProgressBlock?) async throws -> [UInt8] {
        progress?(StandInProgress(fraction: 1))
        return Array(request.url.utf8)
    }
}

struct LiveOptionalClosureVariety: OptionalClosureVariety {
    func handler(for key: String) -> ((Int) -> String)? { key.isEmpty ? nil : { key + String($0) } }
    func nested(_ body: ((Int) -> Int)??) -> Int {
        switch body {
        case .none: -2
        case .some(.none): -1
        case .some(.some(let body)): body(10)
        }
    }
    func validate(_ check: ((String) throws -> Bool)?) throws -> Bool { try check?("live") ?? false }
    func typed(_ body: (@Sendable (Int) -> Int)?) throws(PresentationFailure) -> Int {
        guard let body else { throw .dismissed }
        return body(3)
    }
    func later(_ body: (() -> Int)?) async -> Int { body?() ?? -1 }
    static func make(_ body: ((Int) -> Int)?) -> Int { body?(1) ?? 0 }
}

@Suite struct OptionalClosureShapeTests {
    @Test func anOptionalCompletionReachesTheHandlerAndCanBeCalled() throws {
        let stub = try Stub<any ExperiencePresenting>()
        let shows = stub.when {
            $0.show(experience: Match.equal(Experience(id: 1)), published: Match.any(), completion: Match.any())
        }
        shows.then { (_: Experience, published: Bool, completion: ((Result<Void, Error>) -> Void)?) in
            completion?(published ? .success(()) : .failure(PresentationFailure.dismissed))
        }
        var outcomes: [String] = []
        stub().show(experience: Experience(id: 1), published: true) { result in
            outcomes.append((try? result.get()) == nil ? "failure" : "success")
        }
        stub().show(experience: Experience(id: 1), published: false) { result in
            outcomes.append((try? result.get()) == nil ? "failure" : "success")
        }
        stub().show(experience: Experience(id: 1), published: true, completion: nil)
        #expect(outcomes == ["success", "failure"])
        let completions: [((Result<Void, Error>) -> Void)?] = stub.recorder.invocations.map {
            $0.arguments[2] as! ((Result<Void, Error>) -> Void)?
        }
        #expect(completions.map { $0 == nil } == [false, false, true])
    }

    @Test func anOptionalClosurePropertyGetsAndSets() throws {
        let stub = try Stub<any RedirectHandling>()
        let sets = stub.whenSet { $0.customRedirectHandler = Match.any() }
        sets.thenDoNothing()
        var sut = stub()
        sut.customRedirectHandler = { StandInRequest(url: $0.url + "/redirected") }
        sut.customRedirectHandler = nil
        let assigned: [((StandInRequest) -> StandInRequest?)?] = sets.arguments()
        #expect(assigned.count == 2)
        #expect(assigned.first??(StandInRequest(url: "a")) == StandInRequest(url: "a/redirected"))
        #expect(assigned.last.map { $0 == nil } == true)

        var handlesRequests = true
        stub.when { $0.customRedirectHandler }.then { () -> ((StandInRequest) -> StandInRequest?)? in
            guard handlesRequests else { return nil }
            return { request in request.url.isEmpty ? nil : StandInRequest(url: request.url.uppercased()) }
        }
        #expect(sut.customRedirectHandler?(StandInRequest(url: "x")) == StandInRequest(url: "X"))
        #expect(sut.customRedirectHandler?(StandInRequest(url: "")) == nil)
        handlesRequests = false
        #expect(sut.customRedirectHandler == nil)
    }

    @Test func anOptionalSendableClosureProperty() throws {
        let stub = try Stub<any DisconnectNotifying>()
        let calls = ReliabilityCounter()
        stub.when { $0.onDisconnect }.thenReturn({ @Sendable in calls.increment() })
        stub().onDisconnect?()
        stub().onDisconnect?()
        #expect(calls.value == 2)
        let silent = try Stub<any DisconnectNotifying>()
        silent.when { $0.onDisconnect }.thenReturn(nil)
        #expect(silent().onDisconnect == nil)
    }

    @Test func anOptionalProgressBlockOfAnAsyncThrowingRequirement() async throws {
        let stub = try Stub<any Downloading>()
        let downloads = await stub.when { try await $0.download(Match.any(), progress: Match.any()) }
        downloads.then { (request: StandInRequest, progress: ProgressBlock?) in
            progress?(StandInProgress(fraction: 0.5))
            return Array(request.url.utf8)
        }
        var fractions: [Double] = []
        let bytes = try await stub().download(StandInRequest(url: "ab"), progress: { fractions.append($0.fraction) })
        #expect(bytes == [97, 98])
        #expect(fractions == [0.5])
        #expect(try await stub().download(StandInRequest(url: "c"), progress: nil) == [99])
    }

    @Test func optionalClosureResultsNestedOptionalsAndEffects() async throws {
        let stub = try Stub<any OptionalClosureVariety>()
        stub.when { $0.handler(for: Match.equal("k")) }.thenReturn({ (value: Int) in "k\(value)" })
        stub.when { $0.handler(for: Match.any()) }.thenReturn(nil)
        #expect(stub().handler(for: "k")?(4) == "k4")
        #expect(stub().handler(for: "other") == nil)

        stub.when { $0.nested(Match.any()) }.then { (body: ((Int) -> Int)??) -> Int in
            switch body {
            case .none: -2
            case .some(.none): -1
            case .some(.some(let body)): body(10)
            }
        }
        #expect(stub().nested(.some({ $0 * 3 })) == 30)
        #expect(stub().nested(.some(nil)) == -1)
        #expect(stub().nested(nil) == -2)

        stub.when { try $0.validate(Match.any()) }.then { (check: ((String) throws -> Bool)?) in
            try check?("stub") ?? false
        }
        #expect(try stub().validate { $0 == "stub" })
        #expect(throws: PresentationFailure.dismissed) {
            try stub().validate { _ in throw PresentationFailure.dismissed }
        }
        #expect(try stub().validate(nil) == false)

        // The handler throws untyped: Swift 6.3 cannot convert a typed-throwing closure to a handler's parameter pack.
        stub.when { try $0.typed(Match.any()) }.then { (body: (@Sendable (Int) -> Int)?) in
            guard let body else { throw PresentationFailure.dismissed }
            return body(5)
        }
        #expect(try stub().typed { $0 + 1 } == 6)
        #expect(throws: PresentationFailure.dismissed) { try stub().typed(nil) }

        await stub.when { await $0.later(Match.any()) }.then { (body: (() -> Int)?) in body?() ?? -7 }
        #expect(await stub().later { 8 } == 8)
        #expect(await stub().later(nil) == -7)
    }

    @Test func aSpyForwardsOptionalClosuresBothWays() async throws {
        let presenter = try Spy<any ExperiencePresenting>(forwardingTo: LiveExperiencePresenter())
        var results: [Bool] = []
        presenter().show(experience: Experience(id: 2), published: true) { results.append((try? $0.get()) != nil) }
        presenter().show(experience: Experience(id: 2), published: false) { results.append((try? $0.get()) != nil) }
        presenter().show(experience: Experience(id: 2), published: false, completion: nil)
        #expect(results == [true, false])

        let live = LiveRedirects()
        let redirects = try Spy<any RedirectHandling>(forwardingTo: live)
        var sut = redirects()
        sut.customRedirectHandler = { StandInRequest(url: $0.url + "!") }
        #expect(live.customRedirectHandler?(StandInRequest(url: "live")) == StandInRequest(url: "live!"))
        #expect(sut.customRedirectHandler?(StandInRequest(url: "spy")) == StandInRequest(url: "spy!"))
        sut.customRedirectHandler = nil
        #expect(live.customRedirectHandler == nil)

        let downloads = try Spy<any Downloading>(forwardingTo: LiveDownloader())
        var fractions: [Double] = []
        #expect(
            try await downloads().download(StandInRequest(url: "z"), progress: { fractions.append($0.fraction) }) == [
                122
            ])
        #expect(fractions == [1])

        let variety = try Spy<any OptionalClosureVariety>(forwardingTo: LiveOptionalClosureVariety())
        #expect(variety().handler(for: "h")?(1) == "h1")
        #expect(variety().handler(for: "") == nil)
        #expect(variety().nested(.some({ $0 + 1 })) == 11)
        #expect(variety().nested(.some(nil)) == -1)
        #expect(variety().nested(nil) == -2)
        #expect(throws: PresentationFailure.dismissed) { try variety().typed(nil) }
        #expect(await variety().later { 4 } == 4)
    }

    @Test func explicitRequirementsServeOptionalClosures() throws {
        let notifier = try Stub<any DisconnectNotifying>(.getter("onDisconnect", (@Sendable () -> Void)?.self))
        let calls = ReliabilityCounter()
        notifier.when { $0.onDisconnect }.thenReturn({ @Sendable in calls.increment() })
        notifier().onDisconnect?()
        #expect(calls.value == 1)
    }
}
