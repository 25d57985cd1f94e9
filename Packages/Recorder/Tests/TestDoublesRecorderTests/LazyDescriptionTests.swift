import Synchronization
import Testing

@testable import TestDoublesRecorder

/// Counts how often the values that share it were described.
final class DescriptionCounter: Sendable {
    private let count = Atomic(0)

    var value: Int { count.load(ordering: .sequentiallyConsistent) }

    func increment() { count.add(1, ordering: .sequentiallyConsistent) }
}

/// A value that counts every rendering of its description, standing in for
/// an argument that is expensive to print (a 10 MB buffer).
struct Probe: Comparable, Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    let id: Int
    let counter: DescriptionCounter

    var description: String {
        counter.increment()
        return "Probe(\(id))"
    }

    var debugDescription: String {
        counter.increment()
        return "Probe(\(id))"
    }

    static func == (lhs: Probe, rhs: Probe) -> Bool { lhs.id == rhs.id }
    static func < (lhs: Probe, rhs: Probe) -> Bool { lhs.id < rhs.id }
}

/// The protocol the lazy-description tests double by hand.
protocol ProbeSink {
    func submit(_ probe: Probe) -> Int
    func submitAll(_ probes: [Probe]) -> Int
}

final class ProbeSinkDouble: ProbeSink, RecordingTestDouble, Sendable {
    let recorder = InvocationRecorder(name: "ProbeSinkDouble", unmatchedCallPolicy: .reportIssue)

    var recordingSubject: any ProbeSink { self }
    func callAsFunction() -> any ProbeSink { self }

    enum Requirements {
        static let submit = Requirement("submit(_:)", resultType: Int.self)
        static let submitAll = Requirement("submitAll(_:)", resultType: Int.self)
    }

    func submit(_ probe: Probe) -> Int { recorder.call(Requirements.submit, [probe]) { 0 } }
    func submitAll(_ probes: [Probe]) -> Int { recorder.call(Requirements.submitAll, [probes]) { 0 } }
}

@Suite struct LazyDescriptionTests {
    @Test func matchersOverAValueAreNotDescribedWhileCallsMatch() {
        let counter = DescriptionCounter()
        let probe = Probe(id: 1, counter: counter)
        let low = Probe(id: 0, counter: counter)
        let high = Probe(id: 9, counter: counter)
        let sink = ProbeSinkDouble()
        let found = issues {
            let equal = sink.when { $0.submit(Match.equal(probe)) }.thenReturn(1)
            sink.when { $0.submit(Match.allOf(Match.greaterThan(low), Match.atMost(high))) }.thenReturn(2)
            sink.when { $0.submit(Match.oneOf(low, high)) }.thenReturn(3)
            sink.when { $0.submitAll([probe]) }.thenReturn(4)
            sink.when { $0.submitAll(Match.contains(probe)) }.thenReturn(5)
            sink.when { $0.submit(Match.not(Match.equal(probe))) }.thenReturn(6)
            let service = sink()
            #expect(service.submit(probe) == 1)
            #expect(service.submit(Probe(id: 5, counter: counter)) == 2)
            #expect(service.submit(high) == 2)
            #expect(service.submit(low) == 3)
            #expect(service.submitAll([probe]) == 4)
            #expect(service.submitAll([low, probe]) == 5)
            #expect(sink.verify(1...1) { $0.submit(Match.equal(probe)) })
            #expect(sink.verify(1...1) { $0.submitAll([low, probe]) })
            #expect(sink.verify(.never) { $0.submit(Match.equal(Probe(id: 7, counter: counter))) })
            #expect(equal.verify())
            let submitted: [Probe] = equal.arguments()
            #expect(submitted.map(\.id) == [1])
        }
        #expect(found.isEmpty)
        #expect(counter.value == 0)
    }

    @Test func aFailedVerificationDescribesTheMatchers() {
        let counter = DescriptionCounter()
        let sink = ProbeSinkDouble()
        sink.when { $0.submit(Match.any(using: Probe(id: 0, counter: counter))) }.thenReturn(1)
        #expect(sink().submit(Probe(id: 1, counter: counter)) == 1)
        #expect(counter.value == 0)
        let found = issues {
            #expect(!sink.verify { $0.submit(Match.equal(Probe(id: 2, counter: counter))) })
        }
        #expect(found.map(\.kind) == [.verificationFailed])
        let message = found.first?.message ?? ""
        #expect(message.contains("expected exactly 1 call of submit(equal(Probe(2))), observed 0."))
        #expect(message.contains("argument 1: Probe(1) does not match equal(Probe(2))"))
        #expect(counter.value > 0)
    }

    @Test func anUnmatchedCallDescribesTheRegistrationsItMissed() throws {
        let counter = DescriptionCounter()
        let sink = ProbeSinkDouble()
        sink.when { $0.submit(Match.equal(Probe(id: 1, counter: counter))) }.thenReturn(1)
        #expect(counter.value == 0)
        let found = issues { _ = sink().submit(Probe(id: 2, counter: counter)) }
        #expect(found.map(\.kind) == [.unmatchedCall])
        let issue = try #require(found.first)
        #expect(issue.message.contains("submit(equal(Probe(1)))"))
        #expect(counter.value > 0)
    }

    @Test func descriptionsKeepTheirTexts() {
        let counter = DescriptionCounter()
        let probe = Probe(id: 3, counter: counter)
        let sink = ProbeSinkDouble()
        func text(_ body: (any ProbeSink) -> Int) -> String {
            sink.when(body).matchers.map(\.description).joined(separator: " | ")
        }
        #expect(text { $0.submit(Match.equal(probe)) } == "equal(Probe(3))")
        #expect(text { $0.submit(probe) } == "equal(Probe(3))")
        #expect(text { $0.submit(Match.notEqual(probe)) } == "notEqual(Probe(3))")
        #expect(text { $0.submit(Match.oneOf(probe, probe)) } == "oneOf(Probe(3), Probe(3))")
        #expect(text { $0.submit(Match.greaterThan(probe)) } == "greaterThan(Probe(3))")
        #expect(text { $0.submit(Match.not(Match.atLeast(probe))) } == "not(atLeast(Probe(3)))")
        #expect(
            text { $0.submit(Match.anyOf(Match.lessThan(probe), Match.equal(probe))) }
                == "anyOf(lessThan(Probe(3)), equal(Probe(3)))")
        #expect(text { $0.submitAll(Match.contains(probe)) } == "contains(Probe(3))")
        #expect(text { $0.submitAll([probe]) } == "equal([Probe(3)])")
        #expect(ArgumentMatcher.equal(to: probe).description == "equal(Probe(3))")
        // Made without a description; rendered on every read, never cached.
        let before = counter.value
        let matcher = ArgumentMatcher.equal(to: probe)
        #expect(counter.value == before)
        #expect(matcher.description == "equal(Probe(3))")
        #expect(matcher.description == "equal(Probe(3))")
        #expect(counter.value == before + 2)
    }
}
