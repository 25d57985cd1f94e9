import Foundation
import TestDoubles
import Testing

// Models and errors that refine Hashable, Encodable and Error, as API layers
// declare them. Their inherited requirements are called by the standard
// library (sets, JSONEncoder) through the existential's witness tables.

protocol SDKTag: Hashable, Sendable {
    var name: String { get }
}

protocol SDKEncodableEvent: Encodable, Sendable {
    var kind: String { get }
}

protocol SDKServerError: Error, CustomStringConvertible {
    var status: Int { get }
    var retryable: Bool { get }
}

struct SDKLiveTag: SDKTag { var name: String }

struct SDKLiveEvent: SDKEncodableEvent {
    var kind: String
    var at: Int
}

struct SDKLiveServerError: SDKServerError {
    var status: Int
    var retryable: Bool { status >= 500 }
    var description: String { "HTTP \(status)" }
}

/// Encodes any Encodable existential, as an API client's body writer does.
private func sdkEncode(_ value: some Encodable) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return String(decoding: try encoder.encode(value), as: UTF8.self)
}

@Suite struct RealCodeStandardRefinementTests {
    @Test func aHashableModelAnswersEqualityAndHashingThroughTheStub() throws {
        let tag = try Stub<any SDKTag>()
        tag.when { $0.name }.thenReturn("swift")
        tag.when {
            var hasher: Hasher = Match.any(using: Hasher())
            $0.hash(into: &hasher)
        }.then { (hasher: inout Hasher) in hasher.combine(42) }
        // `==` is a static requirement taking two `Self`: recorded through generic code, as Set calls it.
        func same(_ value: some SDKTag) -> Bool { value == value }
        let equality = tag.when { same($0) }
        equality.thenReturn(true)
        func hashOf(_ value: some SDKTag) -> Int {
            var hasher = Hasher()
            value.hash(into: &hasher)
            return hasher.finalize()
        }
        var expected = Hasher()
        expected.combine(42)
        #expect(hashOf(tag()) == expected.finalize())
        let isSame = same(tag())
        #expect(isSame)
        func distinct(_ value: some SDKTag) -> Int { Set([value, value]).count }
        // Set hashes through Hashable's hidden `_rawHashValue(seed:)`: unconfigured, the stub runs its
        // standard-library default implementation, as a real conformer does, which calls hash(into:) above.
        #expect(distinct(tag()) == 1)
        // A registered answer wins over the default.
        tag.when { $0._rawHashValue(seed: Match.any()) }.thenReturn(42)
        let count = distinct(tag())
        #expect(count == 1)
        equality.verify(2...)
        #expect(tag().name == "swift")
    }

    @Test func anEncodableEventIsEncodedByItsHandler() throws {
        let event = try Stub<any SDKEncodableEvent>()
        event.when { $0.kind }.thenReturn("purchase")
        event.when { try $0.encode(to: Match.any()) }.then { (encoder: any Encoder) in
            var container = encoder.singleValueContainer()
            try container.encode(["kind": "purchase", "amount": "9.99"])
        }
        #expect(try sdkEncode(event()) == #"{"amount":"9.99","kind":"purchase"}"#)
        event.verify { try $0.encode(to: Match.any()) }
        #expect(event().kind == "purchase")
    }

    @Test func aSpyEncodesThroughTheRealModel() throws {
        let spy = try Spy<any SDKEncodableEvent>(forwardingTo: SDKLiveEvent(kind: "open", at: 3))
        #expect(try sdkEncode(spy()) == #"{"at":3,"kind":"open"}"#)
        #expect(spy().kind == "open")
        spy.verify { try $0.encode(to: Match.any()) }
    }

    @Test func aProtocolRefiningErrorIsServed() throws {
        let failure = try Stub<any SDKServerError>()
        failure.when { $0.status }.thenReturn(503)
        failure.when { $0.retryable }.thenReturn(true)
        failure.when { $0.description }.thenReturn("HTTP 503")
        let error: any SDKServerError = failure()
        #expect(error.status == 503)
        #expect(error.retryable)
        #expect("\(error)" == "HTTP 503")
        // Thrown and caught as `any Error`, it is still the stub's value.
        do {
            throw error
        } catch let caught as any SDKServerError {
            #expect(caught.status == 503)
        } catch {
            withKnownIssue("a fabricated value has no conformance record, so `catch let e as P` cannot find it") {
                Issue.record("caught as \(type(of: error)), not as SDKServerError")
            }
        }
    }
}
