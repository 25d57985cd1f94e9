import TestDoubles
import Testing

// The matchers of the seed's Getting Started and Quick Start articles,
// rewritten against fixtures of our own.

protocol Telemetry {
    func record(_ reading: Double)
    func save(_ badge: Badge) -> String
    func handle(_ update: SyncUpdate) -> SyncDecision
    func tag(_ labels: [String]) -> Int
    func count(_ value: Int)
}

struct Badge: Equatable {
    var id: Int
    var owner: String
}

enum SyncUpdate: Equatable {
    case started
    case failed(code: Int, message: String)
    case progress(Int)
}

enum SyncDecision: Equatable {
    case retry, giveUp, ignore
}

struct LiveTelemetry: Telemetry {
    func record(_ reading: Double) {}
    func save(_ badge: Badge) -> String { "" }
    func handle(_ update: SyncUpdate) -> SyncDecision { .ignore }
    func tag(_ labels: [String]) -> Int { 0 }
    func count(_ value: Int) {}
}

struct MultipleOf: CustomMatcher {
    let divisor: Int
    var diagnosticDescription: String { "multipleOf(\(divisor))" }
    func matches(_ value: Int) -> Bool { value.isMultiple(of: divisor) }
}

@Suite struct SeedMatcherTests {
    @Test func approximatelyCombinesAbsoluteAndRelativeTolerance() throws {
        let stub = try Stub<any Telemetry>()
        stub.when { $0.record(Match.approximately(1_000, absoluteTolerance: 0.01, relativeTolerance: 0.001)) }
            .thenDoNothing()
        stub.when { $0.record(Match.any()) }.thenDoNothing()
        let telemetry = stub()
        telemetry.record(1_000.005)  // within the absolute tolerance
        telemetry.record(1_000.9)  // within 0.1% of 1000
        telemetry.record(1_002)  // outside both
        stub.verify(2...2) { $0.record(Match.approximately(1_000, absoluteTolerance: 0.01, relativeTolerance: 0.001)) }
        stub.verify(1...1) { $0.record(Match.approximately(1_002)) }
    }

    @Test func propertyProjectsThroughAKeyPath() throws {
        let stub = try Stub<any Telemetry>()
        stub.when { $0.save(Match.property(\.id, equalTo: 42)) }.thenReturn("saved")
        stub.when { $0.save(Match.property(using: Badge(id: 0, owner: ""), \.owner, equalTo: "ops")) }
            .thenReturn("ops")
        stub.when { $0.save(Match.any()) }.thenReturn("other")
        let telemetry = stub()
        #expect(telemetry.save(Badge(id: 42, owner: "x")) == "saved")
        #expect(telemetry.save(Badge(id: 7, owner: "ops")) == "ops")
        #expect(telemetry.save(Badge(id: 7, owner: "dev")) == "other")
    }

    @Test func enumCaseExtractsAndMatchesAssociatedValues() throws {
        let stub = try Stub<any Telemetry>()
        stub.when {
            $0.handle(
                Match.enumCase(
                    "failed",
                    extracting: { update in
                        guard case .failed(let code, let message) = update else { return nil }
                        return (code, message)
                    },
                    matching: Match.inRange(400...499), Match.hasPrefix("auth")))
        }.thenReturn(.retry)
        stub.when {
            $0.handle(
                Match.enumCase(
                    "progress", extracting: { if case .progress(let done) = $0 { done } else { nil } },
                    matching: 100))
        }.thenReturn(.ignore)
        stub.when { $0.handle(Match.any()) }.thenReturn(.giveUp)
        let telemetry = stub()
        #expect(telemetry.handle(.failed(code: 401, message: "auth expired")) == .retry)
        #expect(telemetry.handle(.failed(code: 500, message: "auth expired")) == .giveUp)
        #expect(telemetry.handle(.failed(code: 403, message: "quota")) == .giveUp)
        #expect(telemetry.handle(.progress(100)) == .ignore)
        #expect(telemetry.handle(.progress(50)) == .giveUp)
        #expect(telemetry.handle(.started) == .giveUp)
    }

    @Test func containsWhereAndHasCountMatching() throws {
        let stub = try Stub<any Telemetry>()
        stub.when { $0.tag(Match.contains(where: { $0.hasPrefix("urgent") })) }.thenReturn(1)
        stub.when { $0.tag(Match.hasCount(matching: Match.greaterThan(2))) }.thenReturn(2)
        stub.when { $0.tag(Match.any()) }.thenReturn(0)
        let telemetry = stub()
        #expect(telemetry.tag(["a", "urgent-fix"]) == 1)
        #expect(telemetry.tag(["a", "b", "c"]) == 2)
        #expect(telemetry.tag(["a"]) == 0)
    }

    @Test func customMatcherValues() throws {
        let stub = try Stub<any Telemetry>()
        stub.when { $0.count(Match.custom(MultipleOf(divisor: 3))) }.thenDoNothing()
        stub.when { $0.count(Match.any()) }.thenDoNothing()
        let telemetry = stub()
        telemetry.count(9)
        telemetry.count(4)
        telemetry.count(12)
        stub.verify(2...2) { $0.count(Match.custom(using: 0, MultipleOf(divisor: 3))) }
        stub.verify(.never) { $0.count(Match.custom(MultipleOf(divisor: 5))) }
    }

    @Test func captureCollectsValuesFirstLastAndResets() throws {
        let stub = try Stub<any Telemetry>()
        stub.when { $0.count(Match.any()) }.thenDoNothing()
        let telemetry = stub()
        telemetry.count(1)
        telemetry.count(2)
        let values = Match.Capture<Int>()
        stub.verify(2...2) { $0.count(values.capture()) }
        #expect(values.values == [1, 2])
        #expect(values.first == 1)
        #expect(values.last == 2)
        values.reset()
        #expect(values.values.isEmpty)
        telemetry.count(3)
        #expect(values.values == [3])
        #expect(values.first == 3)
    }

    @Test func matchingTakesThePlaceholderFirst() throws {
        let stub = try Stub<any Telemetry>()
        stub.when {
            $0.save(Match.matching(using: Badge(id: 0, owner: ""), description: "admins") { $0.owner == "admin" })
        }.thenReturn("admin")
        stub.when { $0.save(Match.any()) }.thenReturn("other")
        #expect(stub().save(Badge(id: 1, owner: "admin")) == "admin")
        #expect(stub().save(Badge(id: 1, owner: "guest")) == "other")
    }
}
