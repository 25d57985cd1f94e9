import TestDoubles
import Testing

// A stub of a protocol that refines Hashable, kept in a Set or keying a
// Dictionary: the standard library hashes it through Hashable's underscored
// `_rawHashValue(seed:)`, whose default implementation (the one a real
// conformer inherits) calls the stub's own `hash(into:)`. Wrapped in
// `AnyHashable`, it is found through its type's Hashable conformance record
// (a fabricated type has one since dynamic casts were served).

protocol HSBadge: Hashable, Sendable {
    var label: String { get }
}

/// A real conformer: the standard library's defaults are the oracle a stub with the same answers must match.
struct HSRealBadge: HSBadge {
    var label: String
    let word: Int
    func hash(into hasher: inout Hasher) { hasher.combine(word) }
    static func == (lhs: HSRealBadge, rhs: HSRealBadge) -> Bool { true }
}

/// A protocol of the test's own with a default implementation in an extension.
protocol HSGreeter {
    func greet() -> String
}

extension HSGreeter {
    func greet() -> String { "hello" }
}

/// A conformer that keeps the extension's default.
struct HSPoliteGreeter: HSGreeter {}

/// An error protocol: `Error`'s underscored requirements (`_domain`, `_code`) have standard-library defaults.
protocol HSFailure: Error {
    var status: Int { get }
}

struct HSRealFailure: HSFailure {
    var status: Int
}

/// How many values of `value`'s type a Set keeps of `value` twice, as generic code over the protocol does.
private func hsDistinct(_ value: some HSBadge) -> Int { Set([value, value]).count }

/// A dictionary keyed by `value`, read back with the same key, as generic code over the protocol does.
private func hsLookUp(_ value: some HSBadge) -> Int? {
    let scores = [value: 3]
    return scores[value]
}

/// Records `==` on one value, as a Set compares two equal-hashing keys.
private func hsSame(_ value: some HSBadge) -> Bool { value == value }

@Suite struct HashableStubTests {
    /// A stub whose `hash(into:)` combines `word` and whose `==` answers `equal`.
    private func badge(hashing word: Int, equal: Bool) throws -> Stub<any HSBadge> {
        let badge = try Stub<any HSBadge>()
        badge.when {
            var hasher: Hasher = Match.any(using: Hasher())
            $0.hash(into: &hasher)
        }.then { (hasher: inout Hasher) in hasher.combine(word) }
        badge.when { hsSame($0) }.thenReturn(equal)
        return badge
    }

    @Test func aSetOfAStubsValuesHashesThroughItsHashIntoWithNoIssue() throws {
        let badge = try badge(hashing: 7, equal: true)
        var count = 0
        let issues = TestDoubleIssueReporting.capture { count = hsDistinct(badge()) }
        #expect(count == 1)
        #expect(issues.filter { $0.kind == .unmatchedCall }.isEmpty)
        #expect(issues.isEmpty)
        // The default ran the stub's own hash(into:): its calls are recorded as every call is.
        badge.verify(1...) {
            var hasher: Hasher = Match.any(using: Hasher())
            $0.hash(into: &hasher)
        }
    }

    @Test func valuesTheStubSaysDifferStayApartInASet() throws {
        let badge = try badge(hashing: 7, equal: false)
        var count = 0
        let issues = TestDoubleIssueReporting.capture { count = hsDistinct(badge()) }
        // Equal hashes, but `==` answers false: a real conformer with these answers gives two entries too.
        #expect(count == 2)
        #expect(issues.isEmpty)
    }

    @Test func aStubsValueWrappedInAnyHashableHashesAndComparesThroughTheStub() throws {
        let badge = try badge(hashing: 5, equal: true)
        var count = 0
        var found: String?
        let issues = TestDoubleIssueReporting.capture {
            let value: any HSBadge = badge()
            count = Set<AnyHashable>([AnyHashable(value), AnyHashable(value)]).count
            found = [AnyHashable(value): "badge"][AnyHashable(value)]
        }
        #expect(count == 1)
        #expect(found == "badge")
        #expect(issues.isEmpty)
    }

    @Test func aDictionaryKeyedByAStubFindsItsEntry() throws {
        let badge = try badge(hashing: 11, equal: true)
        var found: Int?
        let issues = TestDoubleIssueReporting.capture { found = hsLookUp(badge()) }
        #expect(found == 3)
        #expect(issues.isEmpty)
    }

    @Test func theHashIsStableAndARealConformersWithTheSameHashInto() throws {
        let badge = try badge(hashing: 42, equal: true)
        let real = HSRealBadge(label: "", word: 42)
        var hashes: [Int] = []
        var seeded = 0
        let issues = TestDoubleIssueReporting.capture {
            // Seed 0 is what `hashValue` hashes with; another seed is what a Set of this process uses.
            hashes = [badge()._rawHashValue(seed: 0), badge()._rawHashValue(seed: 0)]
            seeded = badge()._rawHashValue(seed: 99)
        }
        #expect(hashes == [real.hashValue, real.hashValue])
        #expect(hashes[0] != HSRealBadge(label: "", word: 43).hashValue)
        #expect(seeded == real._rawHashValue(seed: 99))
        #expect(issues.isEmpty)
    }

    @Test func anUnmatchedHashValueIsStillReported() throws {
        // Each conformer's hashValue witness is written by the compiler: Hashable's descriptor has no default
        // for it to run, so it is answered as any unmatched call is.
        let badge = try badge(hashing: 42, equal: true)
        let issues = TestDoubleIssueReporting.capture { _ = badge().hashValue }
        #expect(issues.count == 1)
        #expect(issues.first?.kind == .unmatchedCall)
        #expect(issues.first?.message.contains("hashValue") == true)
    }

    @Test func aRegisteredRawHashValueAnswerStillWins() throws {
        let badge = try badge(hashing: 7, equal: true)
        badge.when { $0._rawHashValue(seed: Match.any()) }.thenReturn(42)
        var raw = 0
        var count = 0
        let issues = TestDoubleIssueReporting.capture {
            raw = badge()._rawHashValue(seed: 5)
            count = hsDistinct(badge())
        }
        #expect(raw == 42)
        #expect(count == 1)
        #expect(issues.isEmpty)
        // Answered by the registration, never by the default, which would have called hash(into:).
        badge.verify(.never) {
            var hasher: Hasher = Match.any(using: Hasher())
            $0.hash(into: &hasher)
        }
    }

    @Test func aRegistrationForOneSeedLeavesTheOthersToTheDefault() throws {
        let badge = try badge(hashing: 7, equal: true)
        badge.when { $0._rawHashValue(seed: 1) }.thenReturn(-1)
        #expect(badge()._rawHashValue(seed: 1) == -1)
        // Any other seed: what the standard library's default gives a real conformer with the same hash(into:).
        let real = HSRealBadge(label: "", word: 7)
        #expect(badge()._rawHashValue(seed: 2) == real._rawHashValue(seed: 2))
        #expect(badge()._rawHashValue(seed: 3) == real._rawHashValue(seed: 3))
        #expect(badge()._rawHashValue(seed: 2) != real._rawHashValue(seed: 3))
    }

    @Test func theDefaultsCallIsRecordedAsForwarded() throws {
        let badge = try badge(hashing: 7, equal: true)
        _ = hsDistinct(badge())
        badge.verify(1...) { $0._rawHashValue(seed: Match.any()) }
        // The forwarded calls are exactly the default's: hash(into:) and == were answered by registrations.
        #expect(badge.history.forwarded.callCount >= 1)
        #expect(badge.history.forwarded.description.contains("_rawHashValue"))
        #expect(!badge.history.forwarded.description.contains("hash(into:"))
    }

    @Test func anUnconfiguredHashIntoIsStillReported() throws {
        // The default runs the stub's hash(into:), which the test did not configure: that call is reported.
        let badge = try Stub<any HSBadge>()
        badge.when { hsSame($0) }.thenReturn(true)
        let issues = TestDoubleIssueReporting.capture { _ = hsDistinct(badge()) }
        let unmatched = issues.filter { $0.kind == .unmatchedCall }
        #expect(!unmatched.isEmpty)
        #expect(unmatched.allSatisfy { $0.message.contains("hash(into:") })
        #expect(!issues.contains { $0.message.contains("_rawHashValue") })
    }

    @Test func errorsUnderscoredRequirementsRunTheirDefaultsOnEveryPath() throws {
        // `_code` returns a scalar (the scalar lane), `_domain` a String (the general path).
        let failure = try Stub<any HSFailure>()
        let error: any HSFailure = failure()
        var code = 0
        var domain = ""
        let issues = TestDoubleIssueReporting.capture {
            code = error._code
            domain = error._domain
        }
        #expect(issues.isEmpty)
        #expect(code == HSRealFailure(status: 1)._code)
        // The default names the value's dynamic type, as it does for a real conformer.
        #expect(domain == String(reflecting: type(of: error)))
        #expect(HSRealFailure(status: 1)._domain == String(reflecting: HSRealFailure.self))
        #expect(failure.history.forwarded.callCount == 2)
    }

    @Test func aDummyInASetIsReportedAsUsed() throws {
        let dummy = try Dummy<any HSBadge>()
        let issues = TestDoubleIssueReporting.capture { _ = hsDistinct(dummy()) }
        #expect(!issues.isEmpty)
        #expect(issues.allSatisfy { $0.message.contains("A dummy must never be used") })
    }

    @Test func aDefaultOfTheTestsOwnProtocolIsNotRunForAnUnmatchedCall() throws {
        // A conformer may implement greet() as it likes; a stub stands for any conformer, so its unmatched
        // call is reported (and answered with a placeholder), never answered by the extension's "hello".
        let greeter = try Stub<any HSGreeter>()
        var answer = ""
        let issues = TestDoubleIssueReporting.capture { answer = greeter().greet() }
        #expect(answer == "")
        #expect(issues.count == 1)
        #expect(issues.first?.kind == .unmatchedCall)
    }
}
