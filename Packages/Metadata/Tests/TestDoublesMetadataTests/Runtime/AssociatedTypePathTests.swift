import Testing

@testable import TestDoublesMetadata

protocol RTPathMoment {
    associatedtype Span
}
struct RTPathTick: RTPathMoment {
    typealias Span = Int16
}

protocol RTPathTimeline {
    associatedtype Moment: RTPathMoment
    associatedtype Span where Span == Moment.Span
    associatedtype Label where Label == String
}

@Suite struct AssociatedTypePathTests {
    private func descriptor(of type: Any.Type) throws -> ProtocolDescriptor {
        try #require(try ExistentialMetadata(TypeMetadata(type)).protocols.first)
    }

    @Test func readsSubjectsAndSameTypeSidesAsPaths() throws {
        let timeline = try descriptor(of: (any RTPathTimeline).self)
        let requirements = timeline.requirementSignature.filter { !$0.isOnSelf }
        let conformance = try #require(requirements.first { $0.kind == .protocol })
        let subject = try #require(conformance.subject.flatMap(AssociatedTypePath.init))
        #expect(subject.description == "Self.Moment")
        #expect(conformance.protocolConstraint?.name == "RTPathMoment")

        let sameTypes = requirements.filter { $0.kind == .sameType }
        var sides: [String] = []
        for requirement in sameTypes {
            let left = try #require(requirement.subject.flatMap(AssociatedTypePath.init))
            let right = try #require(requirement.sameTypeConstraint)
            sides.append("\(left) == \(AssociatedTypePath(right)?.description ?? "concrete")")
        }
        // The compiler may orient the dependent same-type requirement either way.
        #expect(sides.contains("Self.Span == Self.Moment.Span") || sides.contains("Self.Moment.Span == Self.Span"))
        #expect(sides.contains("Self.Label == concrete"))
        let label = try #require(
            sameTypes.first { $0.subject.flatMap(AssociatedTypePath.init)?.description == "Self.Label" })
        let concrete = try #require(label.sameTypeConstraint).resolve(in: nil, genericArguments: nil)
        #expect(ObjectIdentifier(concrete.type) == ObjectIdentifier(String.self))
    }

    /// Concurrency's protocols name themselves by a two-letter standard
    /// substitution (`7FailureScIQz`: `Self.Failure` of AsyncIteratorProtocol),
    /// which read as no path before session 45: `Stub<any
    /// AsyncIteratorProtocol<Int, Never>>` was refused naming that mangling.
    @Test func readsAConcurrencyProtocolsSubjectByItsSubstitution() throws {
        let iterator = try descriptor(of: (any AsyncIteratorProtocol).self)
        let subjects = iterator.requirementSignature.filter { !$0.isOnSelf }.compactMap(\.subject)
        let paths = subjects.compactMap(AssociatedTypePath.init)
        #expect(paths.count == subjects.count)
        let failure = try #require(paths.first { $0.description == "Self.Failure" })
        #expect(failure.members.map { $0.declaringProtocol?.name } == ["AsyncIteratorProtocol"])

        let sequence = try descriptor(of: (any AsyncSequence).self)
        let sequencePaths = sequence.requirementSignature.filter { !$0.isOnSelf }.compactMap(\.subject)
            .compactMap(AssociatedTypePath.init).map(\.description)
        #expect(sequencePaths.contains("Self.AsyncIterator"))
    }

    /// The standard library's protocols name themselves by a one-letter
    /// standard substitution (`8IteratorSTQz`: `Self.Iterator` of Sequence).
    @Test func readsAStandardLibraryProtocolsSubjectByItsSubstitution() throws {
        let sequence = try descriptor(of: (any Sequence).self)
        let subjects = sequence.requirementSignature.filter { !$0.isOnSelf }.compactMap(\.subject)
        #expect(!subjects.isEmpty)
        let paths = subjects.compactMap(AssociatedTypePath.init)
        #expect(paths.count == subjects.count)
        let iterator = try #require(paths.first { $0.description == "Self.Iterator" })
        #expect(iterator.members.map { $0.declaringProtocol?.name } == ["Sequence"])
    }

    @Test func resolvesAnAssociatedTypeThroughAConformance() throws {
        let moment = try descriptor(of: (any RTPathMoment).self)
        let table = try #require(try moment.witnessTable(conformedBy: RTPathTick.self))
        let span = try moment.associatedType(named: "Span", conformedBy: RTPathTick.self, table: table)
        #expect(span.map(ObjectIdentifier.init) == ObjectIdentifier(Int16.self))
        #expect(try moment.associatedType(named: "Spam", conformedBy: RTPathTick.self, table: table) == nil)
    }
}
