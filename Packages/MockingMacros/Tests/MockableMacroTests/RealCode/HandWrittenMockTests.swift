import Foundation
import SwiftMockingMacros
import Testing

/// A protocol the app refines.
protocol Session {
    func start() throws
    var userID: String? { get }
}

/// The refinement: `@Mockable` would drop `Session`'s requirements, so the
/// mock is written by hand in the generated shape, flattening both.
protocol AuthenticatedSession: Session {
    func token(scope: String) async throws -> String
    var expiresAt: Date { get set }
}

/// The hand-written mock for ``AuthenticatedSession``.
final class MockAuthenticatedSession: Mock, @unchecked Sendable, AuthenticatedSession {
    func start() -> Interaction<Void, Throws, Void> {
        Interaction(.any, spy: super.start)
    }
    func userID(_ void: Void = ()) -> Interaction<Void, None, String?> {
        Interaction(.any, spy: super.userID)
    }
    func token(scope: ArgMatcher<String>) -> Interaction<String, AsyncThrows, String> {
        Interaction(scope, spy: super.token)
    }
    func expiresAt(_ void: Void = ()) -> SettableInteraction<Void, None, Date> {
        SettableInteraction(
            get: Interaction(.any, spy: super.expiresAt),
            setInteraction: { newValue in
                let writeSpy: Spy<Void, Date, None, Void> = super.setExpiresAt
                let writeInteraction: Interaction<Void, Date, None, Void> = Interaction(.any, newValue, spy: writeSpy)
                return writeInteraction
            })
    }

    func start() throws {
        return try adaptThrowing(super.start, ())
    }
    var userID: String? {
        adapt(super.userID, ())
    }
    func token(scope: String) async throws -> String {
        return try await adaptThrowing(super.token, scope)
    }
    var expiresAt: Date {
        get { adapt(super.expiresAt, ()) }
        set { return adapt(super.setExpiresAt, (), newValue) }
    }
}

/// A protocol with static requirements and an initializer, mocked by hand.
protocol AppEnvironment {
    init(name: String)
    static var current: String { get }
    static func configure(_ values: [String: String]) throws
}

/// The hand-written mock: statics reach `Mock`'s static subscript and adapters.
final class MockEnvironmentByHand: Mock, @unchecked Sendable, AppEnvironment {
    required init(name: String) {}

    static func current(_ void: Void = ()) -> Interaction<Void, None, String> {
        Interaction(.any, spy: super.current)
    }
    static func configure(_ values: ArgMatcher<[String: String]>) -> Interaction<[String: String], Throws, Void> {
        Interaction(values, spy: super.configure)
    }

    static var current: String {
        adapt(super.current, ())
    }
    static func configure(_ values: [String: String]) throws {
        return try adaptThrowing(super.configure, values)
    }
}

/// A view controller-like class faked by subclassing and backing overrides with spies.
class Uploader {
    func upload(_ data: Data) -> Bool { true }
}

/// The fake: each override calls its own spy.
final class UploaderFake: Uploader, @unchecked Sendable {
    let uploadSpy = Spy<Data, None, Bool>()
    override func upload(_ data: Data) -> Bool { uploadSpy(data) }
}

/// A struct conformer holding a composed `Mock`.
struct ComposedSession: Session {
    let mock = Mock()

    func start() -> Interaction<Void, Throws, Void> {
        Interaction(.any, spy: mock.start)
    }
    func userID(_ void: Void = ()) -> Interaction<Void, None, String?> {
        Interaction(.any, spy: mock.userID)
    }

    func start() throws {
        return try Mock.adaptThrowing(mock.start, ())
    }
    var userID: String? {
        Mock.adapt(mock.userID, ())
    }
}

/// Hand-written mocks (inheritance flattened, a subclassed class, a composed
/// struct) used with the same `when`/`verify` API as generated ones.
@Suite struct HandWrittenMockTests {
    @Test func flattenedInheritance() async throws {
        let mock = MockAuthenticatedSession()
        when(mock.userID).thenReturn("u1")
        when(mock.token(scope: .any)).thenReturn("tok")
        when(mock.token(scope: "admin")).thenThrow(NetworkError.status(403))
        when(mock.expiresAt).thenReturn(Date(timeIntervalSince1970: 10))
        var session: any AuthenticatedSession = mock
        try session.start()
        #expect(session.userID == "u1")
        #expect(try await session.token(scope: "read") == "tok")
        await #expect(throws: NetworkError.status(403)) { try await session.token(scope: "admin") }
        session.expiresAt = Date(timeIntervalSince1970: 20)
        #expect(session.expiresAt == Date(timeIntervalSince1970: 10))
        verify(mock.start()).called(1)
        verify(mock.userID).called(1)
        verify(mock.token(scope: .any)).called(2)
        verify(mock.expiresAt <- .any).called(1)
        verify(mock.expiresAt).called(1)
        let base: any Session = mock
        _ = base.userID
        verify(mock.userID).called(2)
    }

    @Test func stubbedZeroArgumentThrowingMember() {
        let mock = MockAuthenticatedSession()
        when(mock.start()).thenThrow(NetworkError.offline)
        let session: any Session = mock
        #expect(throws: NetworkError.offline) { try session.start() }
        verify(mock.start()).throws(.error(NetworkError.self))
    }

    #if compiler(>=6.1)  // the .mocking and .withDefaults traits
    @Test(.mocking) func handWrittenStatics() throws {
        when(MockEnvironmentByHand.current).thenReturn("staging")
        when(MockEnvironmentByHand.configure(.hasCount(0))).thenThrow(NetworkError.status(1))
        func setUp<E: AppEnvironment>(_ type: E.Type) throws -> E {
            try type.configure(["k": "v"])
            return type.init(name: type.current)
        }
        _ = try setUp(MockEnvironmentByHand.self)
        #expect(throws: NetworkError.status(1)) { try MockEnvironmentByHand.configure([String: String]()) }
        verify(MockEnvironmentByHand.current).called(1)
        verify(MockEnvironmentByHand.configure(.any)).called(2)
        verify(MockEnvironmentByHand.configure(.equal(["k": "v"]))).called(1)
    }
    #endif

    @Test func subclassedClassWithSpies() {
        let fake = UploaderFake()
        when(fake.uploadSpy(.any)).thenReturn(false)
        let uploader: Uploader = fake
        #expect(uploader.upload(Data([1])) == false)
        verify(fake.uploadSpy(.hasCount(1))).called(1)
        #expect(fake.uploadSpy.invocationCount == 1)
        #expect(fake.uploadSpy.verifyCalled(1))
        #expect(!fake.uploadSpy.verifyCalled(2))
    }

    @Test func composedStruct() throws {
        let session = ComposedSession()
        when(session.userID).thenReturn("composed")
        let copy = session
        #expect((copy as any Session).userID == "composed")
        try (copy as any Session).start()
        verify(session.userID).called(1)
        verify(session.start()).called(1)
        verifyZeroInteractions(Mock())
    }

    @Test func freeAdaptForClosureDependencies() async throws {
        let spy = Spy<Void, AsyncThrows, [Int]>()
        when(spy(.any)).thenReturn([1, 2])
        let fetch: @Sendable () async throws -> [Int] = adapt(spy)
        #expect(try await fetch() == [1, 2])
        verify(spy(.any)).called(1)

        let format = Spy<Int, None, String>()
        when(format(.any)).thenReturn { "#\($0)" }
        let closure: @Sendable (Int) -> String = adapt(format)
        #expect(closure(3) == "#3")
        verify(format(3)).called(1)
    }
}
