import Foundation
import TestDoubles
import Testing

// More SDK-style declarations: a protocol refining `Encodable` whose
// `encode(to:)` the code under test drives through a real `JSONEncoder`,
// `mutating` requirements called on a `var` existential, a static factory
// returning `Self`, two primary associated types bound at once, a generic
// subscript, and a generic key-path observation returning a token.

protocol S4Payload: Encodable, Sendable {
    var kind: String { get }
}

struct S4LivePayload: S4Payload {
    var kind: String { "live" }
    var amount: Int
}

/// Encodes any payload by handing the encoder to the payload itself.
struct S4Envelope: Encodable {
    let payload: any S4Payload

    enum CodingKeys: String, CodingKey { case kind, body }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(payload.kind, forKey: .kind)
        try payload.encode(to: container.superEncoder(forKey: .body))
    }
}

/// Encodes a payload as a nested value: the payload gets a fresh encoder of its own.
struct S4PayloadBox: Encodable {
    let payload: any S4Payload
    func encode(to encoder: any Encoder) throws { try payload.encode(to: encoder) }
}

struct S4NestedEnvelope: Encodable {
    let kind: String
    let body: S4PayloadBox
}

protocol S4Counter {
    var value: Int { get }
    mutating func increment(by step: Int)
    mutating func reset() throws
}

struct S4LiveCounter: S4Counter {
    var value = 0
    mutating func increment(by step: Int) { value += step }
    mutating func reset() throws { value = 0 }
}

protocol S4Decodable {
    static func decode(from data: Data) throws -> Self
    var size: Int { get }
}

struct S4LiveDecodable: S4Decodable {
    var size: Int
    static func decode(from data: Data) throws -> S4LiveDecodable { S4LiveDecodable(size: data.count) }
}

protocol S4KeyValueCache<Key, Value>: Sendable {
    associatedtype Key: Hashable & Sendable
    associatedtype Value: Sendable
    func value(for key: Key) -> Value?
    func store(_ value: Value, for key: Key) -> Bool
    func snapshot() -> [Key: Value]
}

final class S4LiveCache: S4KeyValueCache, @unchecked Sendable {
    private var storage: [String: Data] = [:]
    func value(for key: String) -> Data? { storage[key] }
    func store(_ value: Data, for key: String) -> Bool {
        storage[key] = value
        return true
    }
    func snapshot() -> [String: Data] { storage }
}

struct S4SettingKey<Value>: Hashable, Sendable {
    let name: String
}

final class S4Profile: Sendable {
    let nickname: String
    let age: Int
    init(nickname: String, age: Int) {
        self.nickname = nickname
        self.age = age
    }
}

struct S4ObservationToken: Sendable, Equatable {
    let id: Int
}

protocol S4SettingsSDK: Sendable {
    subscript(flag name: String) -> Bool { get }
    func observe(
        _ keyPath: KeyPath<S4Profile, String> & Sendable, handler: @escaping @Sendable (String) -> Void
    ) -> S4ObservationToken
}

struct S4LiveSettingsSDK: S4SettingsSDK {
    subscript(flag name: String) -> Bool { false }
    func observe(
        _ keyPath: KeyPath<S4Profile, String> & Sendable, handler: @escaping @Sendable (String) -> Void
    ) -> S4ObservationToken {
        S4ObservationToken(id: 0)
    }
}

/// The same observation, generic over the observed value.
protocol S4GenericObservingSDK: Sendable {
    func observe<Value: Sendable>(
        _ keyPath: KeyPath<S4Profile, Value> & Sendable, handler: @escaping @Sendable (Value) -> Void
    ) -> S4ObservationToken
}

struct S4LiveGenericObservingSDK: S4GenericObservingSDK {
    func observe<Value: Sendable>(
        _ keyPath: KeyPath<S4Profile, Value> & Sendable, handler: @escaping @Sendable (Value) -> Void
    ) -> S4ObservationToken {
        S4ObservationToken(id: 0)
    }
}

@Suite struct RealCodeS4SDKRefinementTests {
    @Test func anEncodableRefinementWritesThroughTheRealEncoder() throws {
        let payload = try Stub<any S4Payload>()
        payload.when { $0.kind }.thenReturn("refund")
        payload.when { try $0.encode(to: Match.any()) }.then { (encoder: any Encoder) in
            var container = encoder.singleValueContainer()
            try container.encode([3, 5, 8])
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]

        let json = try encoder.encode(S4NestedEnvelope(kind: "refund", body: S4PayloadBox(payload: payload())))

        #expect(String(decoding: json, as: UTF8.self) == #"{"body":[3,5,8],"kind":"refund"}"#)
        payload.verify { try $0.encode(to: Match.any()) }
    }

    @Test func aSuperEncoderHandedToAStubKeepsWhatItWasGiven() throws {
        let payload = try Stub<any S4Payload>()
        payload.when { $0.kind }.thenReturn("refund")
        payload.when { try $0.encode(to: Match.any()) }.then { (encoder: any Encoder) in
            var container = encoder.singleValueContainer()
            try container.encode([3, 5, 8])
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]

        let json = try encoder.encode(S4Envelope(payload: payload()))

        // The double keeps the encoder weakly: JSONEncoder's superEncoder(forKey:) writes its value into the
        // parent container when the caller releases it, which a double that kept it would prevent.
        #expect(String(decoding: json, as: UTF8.self) == #"{"body":[3,5,8],"kind":"refund"}"#)
        payload.verify { try $0.encode(to: Match.any()) }
    }

    @Test func anEncodingErrorFromTheHandlerReachesTheEncodersCaller() throws {
        let payload = try Stub<any S4Payload>()
        payload.when { $0.kind }.thenReturn("broken")
        let failure = EncodingError.invalidValue(0, .init(codingPath: [], debugDescription: "not now"))
        payload.when { try $0.encode(to: Match.any()) }.thenThrow(failure)

        #expect(throws: EncodingError.self) {
            try JSONEncoder().encode(S4NestedEnvelope(kind: "x", body: S4PayloadBox(payload: payload())))
        }
    }

    @Test func aSpyOfTheEncodableForwardsToTheSynthesizedEncoding() throws {
        let spy = try Spy<any S4Payload>(forwardingTo: S4LivePayload(amount: 12))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]

        let nested = try encoder.encode(S4NestedEnvelope(kind: spy().kind, body: S4PayloadBox(payload: spy())))
        #expect(String(decoding: nested, as: UTF8.self) == #"{"body":{"amount":12},"kind":"live"}"#)

        let viaSuperEncoder = try encoder.encode(S4Envelope(payload: spy()))
        #expect(String(decoding: viaSuperEncoder, as: UTF8.self) == #"{"body":{"amount":12},"kind":"live"}"#)
        spy.verify(2...2) { try $0.encode(to: Match.any()) }
    }

    @Test func mutatingRequirementsAreRecordedOnAVarExistential() throws {
        let stub = try Stub<any S4Counter>()
        stub.when { $0.value }.thenReturn(41)
        let steps = stub.when { $0.increment(by: Match.any()) }
        steps.thenDoNothing()
        stub.when { try $0.reset() }.thenThrow(CocoaError(.featureUnsupported))

        var counter: any S4Counter = stub()
        counter.increment(by: 2)
        counter.increment(by: 5)
        #expect(throws: CocoaError.self) { try counter.reset() }

        #expect(counter.value == 41)
        #expect(steps.arguments() == [2, 5])
        stub.verify { try $0.reset() }
    }

    @Test func aSpyForwardsMutatingRequirementsToItsOwnCopyOfTheValue() throws {
        let spy = try Spy<any S4Counter>(forwardingTo: S4LiveCounter(value: 10))
        var counter: any S4Counter = spy()
        counter.increment(by: 3)
        counter.increment(by: 4)
        #expect(counter.value == 17)
        try counter.reset()
        #expect(counter.value == 0)
        spy.verify(2...2) { $0.increment(by: Match.any()) }
    }

    @Test func aStaticFactoryReturningSelfAnswersAFreshValueOrThrows() throws {
        let stub = try Stub<any S4Decodable>()
        stub.when(returningSelf: { try type(of: $0).decode(from: Match.nonEmpty()) }).thenReturnValue()
        stub.when(returningSelf: { try type(of: $0).decode(from: Match.isEmpty()) })
            .thenThrow(DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "empty")))
        stub.when { $0.size }.thenReturn(64)

        let decoded = try stub.withValue { value throws in try type(of: value).decode(from: Data([1])) }
        #expect(decoded.size == 64)
        #expect(throws: DecodingError.self) {
            try stub.withValue { value throws in try type(of: value).decode(from: Data()) }
        }
        stub.verify(2...2) { try type(of: $0).decode(from: Match.any()) }
    }

    @Test func twoPrimaryAssociatedTypesBindKeysAndValues() throws {
        let cache = try Stub<any S4KeyValueCache<String, Data>>()
        cache.when { $0.value(for: Match.equal("avatar")) }.thenReturn(Data([0xFF]))
        cache.when { $0.value(for: Match.any()) }.thenReturn(nil)
        let stores = cache.when { $0.store(Match.any(), for: Match.hasPrefix("tmp/")) }
        stores.thenReturn(false)
        cache.when { $0.store(Match.any(), for: Match.any()) }.thenReturn(true)
        cache.when { $0.snapshot() }.thenReturn(["a": Data([1]), "b": Data()])

        let sut: any S4KeyValueCache<String, Data> = cache()
        #expect(sut.value(for: "avatar") == Data([0xFF]))
        #expect(sut.value(for: "banner") == nil)
        #expect(sut.store(Data([7, 7]), for: "tmp/x") == false)
        #expect(sut.store(Data([9]), for: "keep") == true)
        #expect(sut.snapshot() == ["a": Data([1]), "b": Data()])
        let stored: [(Data, String)] = stores.arguments()
        #expect(stored.map(\.0) == [Data([7, 7])])
        #expect(stored.map(\.1) == ["tmp/x"])
    }

    @Test func aSpyOfTwoPrimaryAssociatedTypesForwardsToTheRealCache() throws {
        let spy = try Spy<any S4KeyValueCache<String, Data>>(forwardingTo: S4LiveCache())
        spy.when { $0.store(Match.any(), for: Match.equal("blocked")) }.thenReturn(false)
        let sut = spy()
        #expect(sut.store(Data([1, 2]), for: "kept") == true)
        #expect(sut.store(Data([3]), for: "blocked") == false)
        #expect(sut.value(for: "kept") == Data([1, 2]))
        #expect(sut.value(for: "blocked") == nil)
        #expect(sut.snapshot().keys.sorted() == ["kept"])
    }

    @Test func aLabeledSubscriptAndAKeyPathObservation() throws {
        let sdk = try Stub<any S4SettingsSDK>()
        sdk.when { $0[flag: Match.equal("beta")] }.thenReturn(true)
        sdk.when { $0[flag: Match.any()] }.thenReturn(false)
        let observations = sdk.when { $0.observe(Match.any(using: \S4Profile.nickname), handler: Match.any()) }
        observations.then {
            (keyPath: KeyPath<S4Profile, String> & Sendable, handler: @escaping @Sendable (String) -> Void) in
            handler(S4Profile(nickname: "blob", age: 3)[keyPath: keyPath])
            return S4ObservationToken(id: 1)
        }

        let seen = S4Seen()
        let sut = sdk()
        #expect(sut[flag: "beta"])
        #expect(sut[flag: "alpha"] == false)
        #expect(sut.observe(\.nickname) { seen.append($0) } == S4ObservationToken(id: 1))
        #expect(seen.values == ["blob"])
        observations.verify()
    }

    /// Not built: the key path's value is the method's generic parameter. The
    /// refusal names the requirement, the type and a fix that applies.
    @Test func aKeyPathOverAGenericValueFailsClosedNamingTheParameter() throws {
        do {
            _ = try Stub<any S4GenericObservingSDK>()
            Issue.record("construction should fail closed")
        } catch {
            let message = String(describing: error)
            #expect(message.contains("observe(_:handler:)"))
            #expect(message.contains("is an existential whose constraints name a generic parameter of the method"))
            #expect(message.contains("Fix: use ManualStub"))
        }
    }
}

/// What a `@Sendable` handler saw.
final class S4Seen: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String] = []
    var values: [String] { lock.withLock { stored } }
    func append(_ value: String) { lock.withLock { stored.append(value) } }
}
