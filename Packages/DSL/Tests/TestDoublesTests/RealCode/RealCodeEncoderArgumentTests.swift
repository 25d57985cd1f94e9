import Foundation
import Synchronization
import TestDoubles
import Testing

// A double keeps an `any Encoder` argument weakly: `JSONEncoder`'s
// `superEncoder(forKey:)` writes what was encoded into it into its parent
// container only when that encoder is released, so a double that kept it
// lost the value. Handlers, a spy's real conformer and readers during the
// call see the encoder itself; after it is gone, a stand-in that says so.

/// Collects the issues `body` reports, instead of failing the test.
private func issues(_ body: () throws -> Void) rethrows -> [String] {
    let collected = Mutex<[String]>([])
    try TestDoubleIssueReporting.withHandler({ issue in collected.withLock { $0.append(issue.message) } }) {
        try body()
    }
    return collected.withLock { $0 }
}

private func sortedJSON(_ value: some Encodable) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return String(decoding: try encoder.encode(value), as: UTF8.self)
}

/// Encodes two payloads, each through a super-encoder of its own key.
struct S4PairEnvelope: Encodable {
    let first: any S4Payload
    let second: any S4Payload

    enum CodingKeys: String, CodingKey { case first, second }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try first.encode(to: container.superEncoder(forKey: .first))
        try second.encode(to: container.superEncoder(forKey: .second))
    }
}

@Suite struct RealCodeEncoderArgumentTests {
    @Test func aConfiguredVoidAnswerLeavesTheSuperEncoderToItsCaller() throws {
        let payload = try Stub<any S4Payload>()
        payload.when { $0.kind }.thenReturn("refund")
        payload.when { try $0.encode(to: Match.any()) }.thenReturn(())

        // Nothing encoded into the super-encoder: JSONEncoder writes an empty object when it is released.
        #expect(try sortedJSON(S4Envelope(payload: payload())) == #"{"body":{},"kind":"refund"}"#)
        payload.verify { try $0.encode(to: Match.any()) }
    }

    @Test func aHandlerEncodesThroughEachSuperEncoderAndReadsTheLiveOneDuringTheCall() throws {
        let payload = try Stub<any S4Payload>()
        let calls = payload.when { try $0.encode(to: Match.any()) }
        let during = Mutex<[Bool]>([])
        let counter = Mutex(0)
        calls.then { (encoder: any Encoder) in
            let number = counter.withLock { value -> Int in
                value += 1
                return value
            }
            // The double's own record of this call, read while the caller holds the encoder (the first
            // call's encoder is gone by the second: typed `arguments()` would leave that call out).
            let recorded = calls.invocations.last?.arguments.first
            during.withLock {
                $0.append(
                    recorded.map { ($0 as? any Encoder).map { $0 as AnyObject } === encoder as AnyObject } ?? false)
            }
            var container = encoder.singleValueContainer()
            try container.encode(number)
        }

        let json = try sortedJSON(S4PairEnvelope(first: payload(), second: payload()))

        #expect(json == #"{"first":1,"second":2}"#)
        #expect(during.withLock { $0 } == [true, true])
        payload.verify(2...2) { try $0.encode(to: Match.any()) }
    }

    @Test func afterTheCallArgumentsAndTypedMatchersSeeAReleasedEncoder() throws {
        let payload = try Stub<any S4Payload>()
        payload.when { $0.kind }.thenReturn("refund")
        let calls = payload.when { try $0.encode(to: Match.any()) }
        calls.then { (encoder: any Encoder) in
            var container = encoder.singleValueContainer()
            try container.encode([3, 5, 8])
        }
        #expect(try sortedJSON(S4Envelope(payload: payload())) == #"{"body":[3,5,8],"kind":"refund"}"#)

        // Counting needs no argument.
        payload.verify(1...1) { try $0.encode(to: Match.any()) }
        var typed: [any Encoder] = []
        let reported = issues {
            // The encoder is gone: no `any Encoder` to give back, and none for a typed matcher to test.
            typed = calls.arguments()
            payload.verify(1...1) {
                try $0.encode(to: Match.matching(description: "an encoder", where: { (_: any Encoder) in true }))
            }
        }
        #expect(typed.isEmpty)
        #expect(reported.count == 2)
        #expect(reported.allSatisfy { $0.contains("<released ") })
    }

    @Test func aSpyForwardsEachCallToItsConformerAndKeepsNoEncoder() throws {
        let spy = try Spy<any S4Payload>(forwardingTo: S4LivePayload(amount: 7))

        let json = try sortedJSON(S4PairEnvelope(first: spy(), second: spy()))

        #expect(json == #"{"first":{"amount":7},"second":{"amount":7}}"#)
        spy.verify(2...2) { try $0.encode(to: Match.any()) }
        let recorded = spy.when { try $0.encode(to: Match.any()) }.invocations.compactMap { $0.arguments.first }
        #expect(recorded.count == 2)
        #expect(recorded.allSatisfy { String(describing: $0).hasPrefix("<released ") })
    }
}
