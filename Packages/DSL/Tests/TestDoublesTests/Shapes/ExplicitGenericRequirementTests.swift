import TestDoubles
import Testing

// A method's own generic parameters described by explicit requirements
// (issue 19): `T?`, `[T]`, `Set<T>`, `Result<T, E>`, `T.Type`, `(T) -> T`
// and a bare `T`, with protocol constraints that add hidden witness tables.

/// A payload the generic requirements are called with.
struct ExplicitPayload: Codable, Hashable, Sendable {
    var id: Int
}

/// Why an explicit generic attempt failed.
struct ExplicitRefusal: Error, Equatable {
    var code: Int
}

/// No conformer of this protocol is linked: only explicit requirements describe it.
protocol ExplicitGenericCodec {
    func decode<D: Decodable>(_ type: D.Type, from data: [UInt8]) throws -> D
    func wrap<T>(_ value: T) -> T?
    func repeated<T>(_ value: T, count: Int) -> [T]
    func attempt<T>(_ value: T) -> Result<T, ExplicitRefusal>
    func compose<T>(_ body: @escaping (T) -> T) -> (T) -> T
    func pick<T: Hashable & Sendable>(from values: Set<T>) async -> T?
    func store<Key: Hashable, Value: Codable>(_ value: Value, for key: Key) throws(ExplicitRefusal) -> Int
}

@Suite struct ExplicitGenericRequirementTests {
    typealias Value = Stub<any ExplicitGenericCodec>.Requirement.Value
    static let t: Value = .methodGenericParameter()

    private func codec() throws -> Stub<any ExplicitGenericCodec> {
        let t = Self.t
        return try Stub<any ExplicitGenericCodec>(
            .method(
                .metatype(of: t), .concrete([UInt8].self), returning: t,
                generics: [.conforming(to: (any Decodable).self)], isThrowing: true),
            .method(t, returning: .optional(wrapping: t), generics: [.unconstrained]),
            .method(t, .concrete(Int.self), returning: .array(of: t), generics: [.unconstrained]),
            .method(
                t, returning: .result(success: t, failure: .concrete(ExplicitRefusal.self)), generics: [.unconstrained]),
            .method(.function([t], returning: t), returning: .function([t], returning: t), generics: [.unconstrained]),
            .method(
                .set(of: t), returning: .optional(wrapping: t),
                generics: [.conforming(to: (any Hashable).self, (any Sendable).self)], isAsync: true),
            .method(
                .methodGenericParameter(index: 1), .methodGenericParameter(index: 0), returning: .concrete(Int.self),
                generics: [.conforming(to: (any Hashable).self), .conforming(to: (any Codable).self)],
                throwing: ExplicitRefusal.self))
    }

    @Test func aMetatypeArgumentAndABareResult() throws {
        let stub = try codec()
        stub.when { try $0.decode(Match.any(using: ExplicitPayload.self), from: Match.any()) }
            .then { (_: ExplicitPayload.Type, data: [UInt8]) in ExplicitPayload(id: data.count) }
        #expect(try stub().decode(ExplicitPayload.self, from: [1, 2, 3]) == ExplicitPayload(id: 3))
    }

    @Test func optionalArrayAndResultOverTheCallersType() throws {
        let stub = try codec()
        stub.when { $0.wrap(Match.any() as String) }.then { (value: String) -> String? in value.isEmpty ? nil : value }
        #expect(stub().wrap("a") == "a")
        #expect(stub().wrap("") == nil)
        stub.when { $0.repeated(Match.any() as ExplicitPayload, count: Match.any()) }
            .then { (value: ExplicitPayload, count: Int) in Array(repeating: value, count: count) }
        #expect(stub().repeated(ExplicitPayload(id: 4), count: 2) == [ExplicitPayload(id: 4), ExplicitPayload(id: 4)])
        stub.when { $0.attempt(Match.any() as Int) }.then { (value: Int) -> Result<Int, ExplicitRefusal> in
            value < 0 ? .failure(ExplicitRefusal(code: value)) : .success(value * 2)
        }
        #expect(stub().attempt(21) == .success(42))
        #expect(stub().attempt(-1) == .failure(ExplicitRefusal(code: -1)))
    }

    @Test func aClosureOverTheGenericParameterBothWays() throws {
        let stub = try codec()
        stub.when { $0.compose(Match.any(using: { (value: Int) in value })) }
            .then { (body: @escaping (Int) -> Int) -> (Int) -> Int in { body(body($0)) } }
        let twice = stub().compose { (value: Int) in value + 3 }
        #expect(twice(1) == 7)
    }

    @Test func aConstrainedSetAsync() async throws {
        let stub = try codec()
        await stub.when { await $0.pick(from: Match.any() as Set<Int>) }.then { (values: Set<Int>) in values.max() }
        #expect(await stub().pick(from: [3, 9, 4]) == 9)
        #expect(await stub().pick(from: Set<Int>()) == nil)
    }

    @Test func twoConstrainedParametersAndATypedError() throws {
        let stub = try codec()
        stub.when { try $0.store(Match.any() as ExplicitPayload, for: Match.any() as String) }
            .then { (value: ExplicitPayload, key: String) throws -> Int in
                guard !key.isEmpty else { throw ExplicitRefusal(code: value.id) }
                return value.id + key.count
            }
        #expect(try stub().store(ExplicitPayload(id: 5), for: "abc") == 8)
        #expect(throws: ExplicitRefusal(code: 6)) { try stub().store(ExplicitPayload(id: 6), for: "") }
        let recorded = stub.recorder.invocations.compactMap { $0.arguments.first as? ExplicitPayload }
        #expect(recorded == [ExplicitPayload(id: 5), ExplicitPayload(id: 6)])
    }

    @Test func aGenericValueWithoutTheGenericsListFailsClosedSayingHow() {
        do {
            _ = try Stub<any ExplicitGenericCodec>(
                .method(.metatype(of: Self.t), .concrete([UInt8].self), returning: Self.t, isThrowing: true),
                .method(Self.t, returning: .optional(wrapping: Self.t)),
                .method(Self.t, .concrete(Int.self), returning: .array(of: Self.t)),
                .method(Self.t, returning: .concrete(Int.self)),
                .method(Self.t, returning: .concrete(Int.self)),
                .method(Self.t, returning: .concrete(Int.self), isAsync: true),
                .method(Self.t, Self.t, returning: .concrete(Int.self), throwing: ExplicitRefusal.self))
            Issue.record("a generic value without its generics was accepted")
        } catch {
            #expect(error.kind == .unsupportedProtocolShape)
            #expect(error.reason.contains("T1"))
            #expect(error.reason.contains(".method(_:returning:generics:)"))
            #expect(!error.description.contains("τ"))
        }
    }

    @Test func aGenericIndexTheListDoesNotHoldFailsClosed() {
        let t = Self.t
        do {
            _ = try Stub<any ExplicitGenericCodec>(
                .method(
                    .metatype(of: t), .concrete([UInt8].self), returning: t,
                    generics: [.conforming(to: (any Decodable).self)], isThrowing: true),
                .method(
                    .methodGenericParameter(index: 1), returning: .optional(wrapping: t), generics: [.unconstrained]),
                .method(t, .concrete(Int.self), returning: .array(of: t), generics: [.unconstrained]),
                .method(t, returning: .concrete(Int.self), generics: [.unconstrained]),
                .method(t, returning: .concrete(Int.self), generics: [.unconstrained]),
                .method(t, returning: .concrete(Int.self), generics: [.unconstrained], isAsync: true),
                .method(
                    t, t, returning: .concrete(Int.self), generics: [.unconstrained], throwing: ExplicitRefusal.self))
            Issue.record("a generic parameter outside the list was accepted")
        } catch {
            #expect(error.kind == .unsupportedProtocolShape)
            #expect(error.reason.contains("T2 names a generic parameter the requirement does not list"))
        }
    }
}
