import Synchronization
import TestDoubles
import Testing

// Protocols whose associated types the tests bind with `Stub(associatedTypes:)`.
// Each has a linked conformer for discovery; the conformers bind other types
// than the tests do, so a signature read as the conformer's concrete type
// instead of `Self.<name>` would show.

protocol CallerBoundSource {
    associatedtype Element: Equatable
    func load() -> Element
    func loadAll() -> [Element]
    func loadIfAny() -> Element?
    func transform(_ value: Element) -> Element
    func fetch() async throws -> Element
    func store(_ value: Element, label: String) async throws
}
struct CallerBoundStringSource: CallerBoundSource {
    func load() -> String { "" }
    func loadAll() -> [String] { [] }
    func loadIfAny() -> String? { nil }
    func transform(_ value: String) -> String { value }
    func fetch() async throws -> String { "" }
    func store(_ value: String, label: String) async throws {}
}

protocol CallerBoundAdjusting {
    associatedtype Value
    func adjust(_ value: inout Value)
}
struct CallerBoundStringAdjusting: CallerBoundAdjusting {
    func adjust(_ value: inout String) {}
}

/// A moment whose span type the timeline's own `Span` must equal.
protocol CallerBoundMoment {
    associatedtype Span
    var offset: Span { get }
}
struct CallerBoundTick: CallerBoundMoment, Equatable {
    var offset: Int
}
struct CallerBoundStamp: CallerBoundMoment, Equatable {
    var offset: Double
}

protocol CallerBoundTimeline {
    associatedtype Moment: CallerBoundMoment
    associatedtype Span where Span == Moment.Span
    func now() -> Moment
    func length(from start: Moment) -> Span
}
struct CallerBoundStampTimeline: CallerBoundTimeline {
    func now() -> CallerBoundStamp { CallerBoundStamp(offset: 0) }
    func length(from start: CallerBoundStamp) -> Double { 0 }
}

struct CallerBoundRecord: Identifiable, Equatable {
    let id: Int
}
struct CallerBoundPlainRecord: Equatable {}

protocol CallerBoundCatalog {
    associatedtype Item: Identifiable
    func item(at index: Int) -> Item
    func add(_ item: Item) throws
}
final class CallerBoundStringItem: Identifiable {}
struct CallerBoundStringCatalog: CallerBoundCatalog {
    func item(at index: Int) -> CallerBoundStringItem { CallerBoundStringItem() }
    func add(_ item: CallerBoundStringItem) throws {}
}

/// Inherits `CallerBoundAdjusting`'s associated type: binding an inherited protocol's associated types is not served.
protocol CallerBoundRefinedAdjusting: CallerBoundAdjusting {
    func reset()
}
struct CallerBoundStringRefinedAdjusting: CallerBoundRefinedAdjusting {
    func adjust(_ value: inout String) {}
    func reset() {}
}

protocol CallerBoundKeyed<Key> {
    associatedtype Key: Hashable
    associatedtype Value
    func value(for key: Key) -> Value
}
struct CallerBoundStringKeyed: CallerBoundKeyed {
    func value(for key: String) -> String { key }
}

// Generic callers, as app code opens the existential to reach requirements
// that take the associated type.

private func transformed<Source: CallerBoundSource>(_ source: Source, _ value: Int) -> Int? {
    guard let element = value as? Source.Element else { return nil }
    return source.transform(element) as? Int
}
private func transformAny<Source: CallerBoundSource>(_ source: Source) -> Source.Element {
    source.transform(Match.any())
}
private func storeAny<Source: CallerBoundSource>(_ source: Source) async throws {
    try await source.store(Match.any(), label: Match.any())
}
private func stored<Source: CallerBoundSource>(_ source: Source, _ value: Int, label: String) async throws -> Bool {
    guard let element = value as? Source.Element else { return false }
    try await source.store(element, label: label)
    return true
}
private func lengthAny<Timeline: CallerBoundTimeline>(_ timeline: Timeline) -> Timeline.Span {
    timeline.length(from: Match.any())
}
private func length<Timeline: CallerBoundTimeline>(_ timeline: Timeline, from start: CallerBoundTick) -> Int? {
    guard let moment = start as? Timeline.Moment else { return nil }
    return timeline.length(from: moment) as? Int
}
private func addAny<Catalog: CallerBoundCatalog>(_ catalog: Catalog) throws {
    try catalog.add(Match.any())
}
private func add<Catalog: CallerBoundCatalog>(_ catalog: Catalog, _ record: CallerBoundRecord) throws -> Bool {
    guard let item = record as? Catalog.Item else { return false }
    try catalog.add(item)
    return true
}

/// Values a handler saw, in call order.
private final class CallerBoundValues<Value: Sendable>: Sendable {
    private let storage = Mutex<[Value]>([])
    func append(_ value: Value) { storage.withLock { $0.append(value) } }
    var values: [Value] { storage.withLock { $0 } }
}

private typealias SourceStub = Stub<any CallerBoundSource>

private func elementBinding(_ type: Any.Type) -> SourceStub.AssociatedTypeBinding {
    .binding(declaredBy: (any CallerBoundSource).self, named: "Element", to: type)
}

/// Whether `error` is a StubError whose description names every part.
private func names(_ error: any Error, _ parts: String...) -> Bool {
    guard error is StubError else { return false }
    let text = String(describing: error)
    return parts.allSatisfy(text.contains)
}

@Suite struct CallerBoundAssociatedTypeTests {
    @Test func resultsOfTheUnboundExistentialAreTheBoundType() throws {
        let stub = try SourceStub(associatedTypes: [elementBinding(Int.self)])
        stub.when { $0.load() }.thenReturn(41)
        stub.when { $0.loadAll() }.thenReturn([1, 2, 3])
        stub.when { $0.loadIfAny() }.thenReturn(7)
        let source = stub()
        #expect(source.load() as? Int == 41)
        #expect(source.loadAll() as? [Int] == [1, 2, 3])
        #expect(source.loadIfAny() as? Int == 7)
        #expect(stub.verify { $0.load() })
    }

    @Test func argumentsReachHandlersAsTheBoundType() throws {
        let stub = try SourceStub(associatedTypes: [elementBinding(Int.self)])
        stub.when { transformAny($0) }.then { (value: Int) -> any Equatable in value * 10 }
        let source = stub()
        #expect(transformed(source, 4) == 40)
        #expect(transformed(source, -3) == -30)
        // The opened existential sees the binding: `Source.Element == Int`.
        #expect(transformed(source, 1) != nil)
    }

    @Test func asyncThrowingRequirementsCarryTheBoundType() async throws {
        let stub = try SourceStub(associatedTypes: [elementBinding(Int.self)])
        await stub.when { try await $0.fetch() }.thenReturn(5).thenThrow(CancellationError())
        let received = CallerBoundValues<Int>()
        await stub.when { try await storeAny($0) }.then { (value: Int, label: String) in
            received.append(value)
            if label == "bad" { throw CancellationError() }
        }
        let source = stub()
        let fetched = try await source.fetch()
        #expect(fetched as? Int == 5)
        await #expect(throws: CancellationError.self) { _ = try await source.fetch() }
        #expect(try await stored(source, 12, label: "ok"))
        await #expect(throws: CancellationError.self) { try await stored(source, 13, label: "bad") }
        #expect(received.values == [12, 13])
    }

    @Test func aThenReturnOfAnotherTypeIsAnIssueAndIsNotAdded() throws {
        let stub = try SourceStub(associatedTypes: [elementBinding(Int.self)])
        withKnownIssue {
            stub.when { $0.load() }.thenReturn("forty-two")
        } matching: { issue in
            String(describing: issue).contains("forty-two")
        }
        stub.when { $0.load() }.thenReturn(3)
        #expect(stub().load() as? Int == 3)
    }

    @Test func aHandlerResultOfAnotherTypeIsAnIssueAndAPlaceholder() throws {
        let stub = try SourceStub(associatedTypes: [elementBinding(Int.self)])
        stub.when { $0.load() }.then { () -> any Equatable in "not an Int" }
        withKnownIssue {
            let loaded = stub().load()
            #expect(loaded is Int)
        } matching: { issue in
            String(describing: issue).contains("not an Int")
        }
    }

    @Test func twoAssociatedTypesMeetingASameTypeRequirement() throws {
        let stub = try Stub<any CallerBoundTimeline>(
            associatedTypes: [
                .binding(declaredBy: (any CallerBoundTimeline).self, named: "Moment", to: CallerBoundTick.self),
                .binding(declaredBy: (any CallerBoundTimeline).self, named: "Span", to: Int.self),
            ])
        stub.when { $0.now() }.thenReturn(CallerBoundTick(offset: 9))
        stub.when { lengthAny($0) }.then { (start: CallerBoundTick) -> Any in 100 - start.offset }
        let timeline = stub()
        #expect(timeline.now() as? CallerBoundTick == CallerBoundTick(offset: 9))
        #expect(length(timeline, from: CallerBoundTick(offset: 30)) == 70)
    }

    @Test func aSpanContradictingTheMomentsSpanThrows() {
        #expect {
            _ = try Stub<any CallerBoundTimeline>(
                associatedTypes: [
                    .binding(declaredBy: (any CallerBoundTimeline).self, named: "Moment", to: CallerBoundTick.self),
                    .binding(declaredBy: (any CallerBoundTimeline).self, named: "Span", to: Double.self),
                ])
        } throws: { error in
            names(error, "CallerBoundTimeline", "Span", "Swift.Double", "Swift.Int", "Moment.Span")
        }
    }

    @Test func aMomentLackingItsConformanceThrows() {
        #expect {
            _ = try Stub<any CallerBoundTimeline>(
                associatedTypes: [
                    .binding(declaredBy: (any CallerBoundTimeline).self, named: "Moment", to: Int.self),
                    .binding(declaredBy: (any CallerBoundTimeline).self, named: "Span", to: Int.self),
                ])
        } throws: { error in
            names(error, "CallerBoundTimeline", "Moment", "Swift.Int", "CallerBoundMoment")
        }
    }

    @Test func anAssociatedTypeConstrainedToAProtocol() throws {
        let stub = try Stub<any CallerBoundCatalog>(
            associatedTypes: [
                .binding(declaredBy: (any CallerBoundCatalog).self, named: "Item", to: CallerBoundRecord.self)
            ])
        stub.when { $0.item(at: Match.any()) }.then { (index: Int) -> any Identifiable in
            CallerBoundRecord(id: index * 2)
        }
        let added = CallerBoundValues<CallerBoundRecord>()
        stub.when { try addAny($0) }.then { (record: CallerBoundRecord) in added.append(record) }
        let catalog = stub()
        #expect(catalog.item(at: 21) as? CallerBoundRecord == CallerBoundRecord(id: 42))
        #expect(try add(catalog, CallerBoundRecord(id: 5)))
        #expect(added.values == [CallerBoundRecord(id: 5)])
    }

    @Test func aBindingLackingTheRequiredConformanceThrows() {
        #expect {
            _ = try Stub<any CallerBoundCatalog>(
                associatedTypes: [
                    .binding(declaredBy: (any CallerBoundCatalog).self, named: "Item", to: CallerBoundPlainRecord.self)
                ])
        } throws: { error in
            names(error, "CallerBoundCatalog", "Item", "CallerBoundPlainRecord", "Identifiable")
        }
    }

    @Test func aPrimaryBindingAndACallerBindingTogether() throws {
        let stub = try Stub<any CallerBoundKeyed<String>>(
            associatedTypes: [.binding(declaredBy: (any CallerBoundKeyed).self, named: "Value", to: Int.self)])
        stub.when { $0.value(for: Match.any()) }.then { (key: String) -> Any in key.count }
        let keyed = stub()
        #expect(keyed.value(for: "four") as? Int == 4)
    }

    @Test func aClockOfDurationWithItsInstantBound() async throws {
        let stub = try Stub<any StandInClock<Double>>(
            associatedTypes: [.binding(declaredBy: (any StandInClock).self, named: "Instant", to: Float.self)])
        stub.when { $0.now }.thenReturn(Float(2.5))
        let slept = CallerBoundValues<Double>()
        await stub.when { try await $0.sleep(for: Match.any()) }.then { (duration: Double) in slept.append(duration) }
        let clock = stub()
        #expect(clock.now as? Float == 2.5)
        try await clock.sleep(for: 0.25)
        #expect(slept.values == [0.25])
    }

    @Test func aBindingContradictingThePrimaryBindingThrows() {
        #expect {
            _ = try Stub<any CallerBoundKeyed<String>>(
                associatedTypes: [.binding(declaredBy: (any CallerBoundKeyed).self, named: "Key", to: Int.self)])
        } throws: { error in
            names(error, "CallerBoundKeyed", "Key", "Swift.Int", "Swift.String")
        }
    }

    @Test func anUnknownNameThrows() {
        #expect {
            _ = try SourceStub(
                associatedTypes: [.binding(declaredBy: (any CallerBoundSource).self, named: "Elements", to: Int.self)])
        } throws: { error in
            names(error, "CallerBoundSource", "Elements", "Swift.Int", "Element")
        }
    }

    @Test func aBindingGivenTwiceThrows() {
        #expect {
            _ = try SourceStub(associatedTypes: [elementBinding(Int.self), elementBinding(Int.self)])
        } throws: { error in
            names(error, "CallerBoundSource", "Element", "twice")
        }
    }

    @Test func anUnboundAssociatedTypeThrows() {
        #expect {
            _ = try Stub<any CallerBoundTimeline>(
                associatedTypes: [
                    .binding(declaredBy: (any CallerBoundTimeline).self, named: "Moment", to: CallerBoundTick.self)
                ])
        } throws: { error in
            names(error, "CallerBoundTimeline", "Span", ".binding(declaredBy:")
        }
        #expect {
            _ = try SourceStub()
        } throws: { error in
            names(error, "CallerBoundSource", "Element", "associatedTypes: [.binding(declaredBy:")
        }
    }

    @Test func aBindingDeclaredByAnotherProtocolThrows() {
        #expect {
            _ = try SourceStub(
                associatedTypes: [
                    .binding(declaredBy: (any CallerBoundAdjusting).self, named: "Value", to: Int.self)
                ])
        } throws: { error in
            names(error, "CallerBoundAdjusting", "CallerBoundSource")
        }
    }

    @Test func explicitRequirementsBesideBindingsFailClosed() {
        #expect {
            _ = try SourceStub(
                associatedTypes: [elementBinding(Int.self)],
                .method(returning: .associatedType(named: "Element")))
        } throws: { error in
            names(error, "CallerBoundSource", "explicit requirements", "discover")
        }
    }

    /// An inherited protocol's associated type can be bound (see
    /// `InheritedAssociatedTypeTests`); its requirements then meet the same
    /// rules as the stubbed protocol's own, so the `inout` one still fails closed.
    @Test func anInheritedBindingKeepsTheRulesOfTheBoundType() {
        #expect {
            _ = try Stub<any CallerBoundRefinedAdjusting>(
                associatedTypes: [
                    .binding(declaredBy: (any CallerBoundAdjusting).self, named: "Value", to: Int.self)
                ])
        } throws: { error in
            names(error, "CallerBoundRefinedAdjusting", "adjust(_:)", "inout Self.Value")
        }
    }

    @Test func inoutOfTheBoundTypeFailsClosedByName() {
        #expect {
            _ = try Stub<any CallerBoundAdjusting>(
                associatedTypes: [
                    .binding(declaredBy: (any CallerBoundAdjusting).self, named: "Value", to: Int.self)
                ])
        } throws: { error in
            names(error, "adjust")
        }
    }
}
