import Dispatch
import Foundation
import TestDoubles
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

final class PlaceholderBox: Sendable {
    let label: String
    init(_ label: String) { self.label = label }
}

enum PlaceholderLink {
    case web(URL)
    case object(PlaceholderBox)
}

enum OnlyObject {
    case object(PlaceholderBox)
}

struct OnlyBox {
    let box: PlaceholderBox
}

struct Holder<Value> {
    let value: Value
}

enum MakeFailure: Error, Equatable {
    case missing(Int)
}

protocol PlaceholderDelegate {
    func name() -> String
}

struct LivePlaceholderDelegate: PlaceholderDelegate {
    let value: String
    func name() -> String { value }
}

/// The signatures of issue 17's placeholder reports: every `when` below
/// recorded by stopping the process before placeholders were built for them.
protocol ReportedPlaceholders {
    func accept(
        _ error: any Error, _ numbers: AnySequence<Int>, _ characters: CharacterSet, _ indexes: IndexSet
    ) -> Int
    func accept(_ text: AttributedString, _ request: URLRequest, _ data: DispatchData) -> Int
    func object(_ b: PlaceholderBox) -> PlaceholderBox
    func link(_ id: Int) -> PlaceholderLink
    func only(_ b: PlaceholderBox) -> OnlyObject
    func wrap(_ b: PlaceholderBox) -> OnlyBox
    func hold(_ b: PlaceholderBox) -> Holder<PlaceholderBox>
    func make(_ id: Int) throws -> PlaceholderBox
    func parse(_ id: Int) throws(MakeFailure) -> PlaceholderBox
    func fetch(_ id: Int) async throws -> PlaceholderBox
    func delegate() -> any PlaceholderDelegate
    func registered(_ b: PlaceholderBox) -> RegisteredPlaceholder
    func makeBox() -> PlaceholderBox
    func box(at index: Int) -> OnlyBox
    func loadBox(_ id: Int) async -> PlaceholderBox
    func reloadBox(_ b: PlaceholderBox) async -> PlaceholderBox
}

struct LiveReportedPlaceholders: ReportedPlaceholders {
    func accept(
        _ error: any Error, _ numbers: AnySequence<Int>, _ characters: CharacterSet, _ indexes: IndexSet
    ) -> Int { 0 }
    func accept(_ text: AttributedString, _ request: URLRequest, _ data: DispatchData) -> Int { 0 }
    func object(_ b: PlaceholderBox) -> PlaceholderBox { b }
    func link(_ id: Int) -> PlaceholderLink { .web(URL(string: "https://example.com")!) }
    func only(_ b: PlaceholderBox) -> OnlyObject { .object(b) }
    func wrap(_ b: PlaceholderBox) -> OnlyBox { OnlyBox(box: b) }
    func hold(_ b: PlaceholderBox) -> Holder<PlaceholderBox> { Holder(value: b) }
    func make(_ id: Int) throws -> PlaceholderBox { PlaceholderBox("\(id)") }
    func parse(_ id: Int) throws(MakeFailure) -> PlaceholderBox { PlaceholderBox("\(id)") }
    func fetch(_ id: Int) async throws -> PlaceholderBox { PlaceholderBox("\(id)") }
    func delegate() -> any PlaceholderDelegate { LivePlaceholderDelegate(value: "live") }
    func registered(_ b: PlaceholderBox) -> RegisteredPlaceholder { RegisteredPlaceholder() }
    func makeBox() -> PlaceholderBox { PlaceholderBox("live") }
    func box(at index: Int) -> OnlyBox { OnlyBox(box: PlaceholderBox("\(index)")) }
    func loadBox(_ id: Int) async -> PlaceholderBox { PlaceholderBox("\(id)") }
    func reloadBox(_ b: PlaceholderBox) async -> PlaceholderBox { b }
}

/// Used only by `registeredAndExplicitValuesStillWin` (the registry is process-wide).
final class RegisteredPlaceholder: Sendable {}

@MainActor protocol MainActorBoxLoader: Sendable {
    func load(_ id: Int) async -> PlaceholderBox
    func reload(_ b: PlaceholderBox) async -> PlaceholderBox
}

@MainActor struct LiveMainActorBoxLoader: MainActorBoxLoader {
    func load(_ id: Int) async -> PlaceholderBox { PlaceholderBox("\(id)") }
    func reload(_ b: PlaceholderBox) async -> PlaceholderBox { b }
}

/// Each report of issue 17 whose recording pass stopped the process: the
/// test process must survive the `when`/`verify`, and the configured value
/// must cross exactly.
@Suite struct PlaceholderExampleTests {
    @Test func anyErrorSequenceCharacterSetAndIndexSetArguments() throws {
        let stub = try Stub<any ReportedPlaceholders>()
        let calls = stub.when {
            $0.accept(Match.any() as any Error, Match.any(), Match.any(), Match.any() as IndexSet)
        }
        calls.then { (error: any Error, numbers: AnySequence<Int>, characters: CharacterSet, indexes: IndexSet) in
            (error as? MakeFailure == .missing(3) ? 1000 : 0) + numbers.reduce(0, +) * 10
                + (characters.contains("q") ? 100 : 0) + indexes.count
        }
        let answer = stub().accept(
            MakeFailure.missing(3), AnySequence([1, 2]), CharacterSet(charactersIn: "q"), IndexSet([4, 9]))
        #expect(answer == 1000 + 30 + 100 + 2)
    }

    @Test func attributedStringRequestAndDispatchDataArguments() throws {
        let stub = try Stub<any ReportedPlaceholders>()
        let calls = stub.when { $0.accept(Match.any() as AttributedString, Match.any(), Match.any()) }
        calls.then { (text: AttributedString, request: URLRequest, data: DispatchData) in
            text.characters.count * 100 + (request.httpMethod == "PATCH" ? 10 : 0) + data.count
        }
        var request = URLRequest(url: URL(string: "https://example.com/items/1")!)
        request.httpMethod = "PATCH"
        let data = [UInt8](repeating: 7, count: 3).withUnsafeBytes { DispatchData(bytes: $0) }
        #expect(stub().accept(AttributedString("four"), request, data) == 400 + 10 + 3)
        let recorded: [(AttributedString, URLRequest, DispatchData)] = calls.arguments()
        #expect(recorded.map(\.1) == [request])
    }

    @Test func classResultFromAnInstanceHandedOverWithUsing() throws {
        let stub = try Stub<any ReportedPlaceholders>()
        let box = PlaceholderBox("placeholder")
        stub.when { $0.object(Match.any(using: box)) }.then { (b: PlaceholderBox) in b }
        let sent = PlaceholderBox("sent")
        #expect(stub().object(sent) === sent)
    }

    @Test func enumWithAURLOrClassPayload() throws {
        let stub = try Stub<any ReportedPlaceholders>()
        let box = PlaceholderBox("answer")
        stub.when { $0.link(Match.any()) }.thenReturn(.object(box))
        guard case .object(let returned) = stub().link(5) else {
            Issue.record("expected the configured .object case")
            return
        }
        #expect(returned === box)
    }

    @Test func enumWhoseOnlyPayloadIsAClass() throws {
        let stub = try Stub<any ReportedPlaceholders>()
        stub.when { $0.only(Match.any(using: PlaceholderBox("placeholder"))) }
            .then { (b: PlaceholderBox) in OnlyObject.object(b) }
        let sent = PlaceholderBox("sent")
        guard case .object(let returned) = stub().only(sent) else { return }
        #expect(returned === sent)
    }

    @Test func structWhoseOnlyFieldIsAClass() throws {
        let stub = try Stub<any ReportedPlaceholders>()
        stub.when { $0.wrap(Match.any(using: PlaceholderBox("placeholder"))) }
            .then { (b: PlaceholderBox) in OnlyBox(box: b) }
        let sent = PlaceholderBox("sent")
        #expect(stub().wrap(sent).box === sent)
    }

    @Test func genericStructHoldingAClass() throws {
        let stub = try Stub<any ReportedPlaceholders>()
        stub.when { $0.hold(Match.any(using: PlaceholderBox("placeholder"))) }
            .then { (b: PlaceholderBox) in Holder(value: b) }
        let sent = PlaceholderBox("sent")
        #expect(stub().hold(sent).value === sent)
    }

    @Test func verifyAfterTheCallReusesTheInstanceTheCallReceived() throws {
        let stub = try Stub<any ReportedPlaceholders>()
        let box = PlaceholderBox("answer")
        stub.when { $0.wrap(Match.any(using: box)) }.thenReturn(OnlyBox(box: box))
        let sent = PlaceholderBox("sent")
        #expect(stub().wrap(sent).box === box)
        // No `using:`: the class argument and the result's class field come from the recorded call.
        #expect(stub.verify { $0.wrap(Match.any()) })
        #expect(stub.verify(.never) { $0.hold(Match.any()) })
    }

    @Test func throwingRequirementReturningAClassWithoutReturning() throws {
        let stub = try Stub<any ReportedPlaceholders>()
        let box = PlaceholderBox("made")
        stub.when { try $0.make(Match.any()) }.thenReturn(box)
        #expect(try stub().make(1) === box)
        #expect(stub.verify { try $0.make(Match.equal(1)) })
    }

    @Test func typedThrowingRequirementReturningAClassWithoutReturning() throws {
        let stub = try Stub<any ReportedPlaceholders>()
        let box = PlaceholderBox("parsed")
        stub.when { try $0.parse(Match.equal(1)) }.thenReturn(box)
        stub.when { try $0.parse(Match.equal(2)) }.thenThrow(MakeFailure.missing(2))
        #expect(try stub().parse(1) === box)
        #expect(throws: MakeFailure.missing(2)) { try stub().parse(2) }
    }

    @Test func asyncThrowingRequirementReturningAClassWithoutReturning() async throws {
        let stub = try Stub<any ReportedPlaceholders>()
        let box = PlaceholderBox("fetched")
        await stub.when { try await $0.fetch(Match.any()) }.thenReturn(box)
        #expect(try await stub().fetch(3) === box)
    }

    @Test func protocolExistentialResult() throws {
        let stub = try Stub<any ReportedPlaceholders>()
        stub.when { $0.delegate() }.thenReturn(LivePlaceholderDelegate(value: "configured"))
        #expect(stub().delegate().name() == "configured")
    }

    @Test func mainActorAsyncRequirementReturningAClass() async throws {
        let stub = try Stub<any MainActorBoxLoader>()
        let box = PlaceholderBox("loaded")
        await stub.when(returning: PlaceholderBox("placeholder")) { await $0.load(Match.any()) }.thenReturn(box)
        await stub.when { await $0.reload(Match.any(using: box)) }.then { (b: PlaceholderBox) in b }
        #expect(await stub().load(1) === box)
        let sent = PlaceholderBox("sent")
        #expect(await stub().reload(sent) === sent)
    }

    @Test func streamPlaceholdersAreFinishedStreams() async throws {
        let stream = try #require(Match.Placeholders.make(AsyncStream<Int>.self))
        for await _ in stream { Issue.record("a placeholder stream yields nothing") }
        let throwing = try #require(Match.Placeholders.make(AsyncThrowingStream<Int, any Error>.self))
        for try await _ in throwing { Issue.record("a placeholder stream yields nothing") }
        let continuation = try #require(Match.Placeholders.make(AsyncStream<Int>.Continuation.self))
        guard case .terminated = continuation.yield(1) else {
            Issue.record("a placeholder continuation is finished")
            return
        }
    }

    @Test func libraryEvolutionValuePlaceholdersAreValid() throws {
        let instant = try #require(Match.Placeholders.make(ContinuousClock.Instant.self))
        #expect(instant.advanced(by: .seconds(1)) > instant)
        let suspending = try #require(Match.Placeholders.make(SuspendingClock.Instant.self))
        #expect(suspending.duration(to: suspending) == .zero)
        let difference = try #require(Match.Placeholders.make(CollectionDifference<Int>.self))
        #expect(difference.isEmpty && [1, 2].applying(difference) == [1, 2])
        let priority = try #require(Match.Placeholders.make(TaskPriority.self))
        #expect(priority.rawValue == 0)
        let text = "abc"
        let range = try #require(Match.Placeholders.make(Range<String.Index>.self))
        #expect(text[range].isEmpty)
    }

    @Test func registeredAndExplicitValuesStillWin() throws {
        let stub = try Stub<any ReportedPlaceholders>()
        let handedOver = PlaceholderBox("handed over")
        let explicit = PlaceholderBox("explicit")
        var seen: [PlaceholderBox] = []
        // `returning:` wins over an instance handed over with `using:`.
        _ = stub.when(returning: explicit) {
            let result = $0.object(Match.any(using: handedOver))
            seen.append(result)
            return result
        }
        // Without `returning:`, the handed-over instance is the placeholder.
        _ = stub.when {
            let result = $0.object(Match.any(using: handedOver))
            seen.append(result)
            return result
        }
        #expect(seen.count == 2 && seen[0] === explicit && seen[1] === handedOver)
        // A registered value wins over everything the library would otherwise use.
        let registered = RegisteredPlaceholder()
        Match.Placeholders.register { registered }
        defer { Match.Placeholders.unregister(RegisteredPlaceholder.self) }
        var recorded: RegisteredPlaceholder?
        _ = stub.when {
            let result = $0.registered(Match.any(using: handedOver))
            recorded = result
            return result
        }
        #expect(recorded === registered)
    }

    // MARK: No value at all: the pass is parked on a thread of its own

    @Test func classResultWithNothingHandedOverIsRecordedByParking() throws {
        let stub = try Stub<any ReportedPlaceholders>()
        let box = PlaceholderBox("configured")
        stub.when { $0.makeBox() }.thenReturn(box)
        stub.when { $0.box(at: Match.greaterThan(0)) }.thenReturn(OnlyBox(box: box))
        #expect(stub().makeBox() === box)
        #expect(stub().box(at: 2).box === box)
        #expect(stub.verify { $0.makeBox() })
        #expect(stub.verify { $0.box(at: Match.equal(2)) })
    }

    @Test func classArgumentWithoutUsingIsATestIssueAtTheWhenLine() throws {
        let stub = try Stub<any ReportedPlaceholders>()
        let issues = TestDoubleIssueReporting.capture {
            _ = stub.when { $0.object(Match.any()) }
        }
        #expect(issues.count == 1)
        #expect(issues.first?.kind == .invalidRecording)
        let issue = try #require(issues.first)
        #expect(issue.message.contains("Match.any(using:"))
        #expect(issues.first?.location?.fileID == #fileID)
        // The double still works: a correct recording afterwards configures it.
        let box = PlaceholderBox("answer")
        stub.when { $0.object(Match.any(using: box)) }.thenReturn(box)
        #expect(stub().object(PlaceholderBox("sent")) === box)
    }

    @Test @MainActor func mainActorTestRecordsAClassResultByParking() throws {
        let stub = try Stub<any ReportedPlaceholders>()
        let box = PlaceholderBox("main")
        stub.when { $0.makeBox() }.thenReturn(box)
        #expect(stub().makeBox() === box)
    }

    @Test func asyncClassResultWithNothingHandedOverIsRecordedByParking() async throws {
        let stub = try Stub<any ReportedPlaceholders>()
        let box = PlaceholderBox("loaded")
        await stub.when { await $0.loadBox(Match.any()) }.thenReturn(box)
        #expect(await stub().loadBox(4) === box)
        #expect(await stub.verify { await $0.loadBox(Match.equal(4)) })
    }

    @Test func asyncClassArgumentWithoutUsingIsATestIssueAtTheWhenLine() async throws {
        let stub = try Stub<any ReportedPlaceholders>()
        let issues = await TestDoubleIssueReporting.capture {
            _ = await stub.when { await $0.reloadBox(Match.any()) }
        }
        #expect(issues.map(\.kind) == [.invalidRecording])
        #expect(issues.first?.location?.fileID == #fileID)
    }

    @Test func mainActorAsyncClassResultWithoutReturning() async throws {
        let stub = try Stub<any MainActorBoxLoader>()
        let box = PlaceholderBox("loaded")
        await stub.when { await $0.load(Match.any()) }.thenReturn(box)
        #expect(await stub().load(1) === box)
    }
}

/// Requirements taking and returning existential metatypes, recorded with
/// `Match.any()` alone: the recording pass needs a metatype placeholder.
protocol MetatypePlaceholders {
    func kind(of type: Any.Type) -> Any.Type
    func errorKind(_ type: any Error.Type) throws -> any Error.Type
    func objectKind(_ type: AnyObject.Type) -> AnyObject.Type
}

/// A linked conformer, so discovery reads the requirements' signatures.
struct LiveMetatypePlaceholders: MetatypePlaceholders {
    func kind(of type: Any.Type) -> Any.Type { type }
    func errorKind(_ type: any Error.Type) throws -> any Error.Type { type }
    func objectKind(_ type: AnyObject.Type) -> AnyObject.Type { type }
}

@Suite struct MetatypePlaceholderTests {
    @Test func existentialMetatypesCrossWithoutUsingOrReturning() throws {
        let stub = try Stub<any MetatypePlaceholders>()
        stub.when { $0.kind(of: Match.any()) }.then { (type: Any.Type) in type }
        try stub.when { try $0.errorKind(Match.any()) }.then { (type: any Error.Type) in type }
        stub.when { $0.objectKind(Match.any()) }.then { (type: AnyObject.Type) in type }
        let double = stub()
        #expect(ObjectIdentifier(double.kind(of: Int.self)) == ObjectIdentifier(Int.self))
        #expect(try double.errorKind(MakeFailure.self) == MakeFailure.self)
        #expect(ObjectIdentifier(double.objectKind(PlaceholderBox.self)) == ObjectIdentifier(PlaceholderBox.self))
        stub.verify(.exactly(1)) { $0.kind(of: Match.any()) }
    }
}
