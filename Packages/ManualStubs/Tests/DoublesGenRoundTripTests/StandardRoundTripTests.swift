import TestDoublesManual
import TestDoublesRecorder
import Testing

@testable import DoublesGenCorpus

@Suite struct StandardRoundTripTests {
    @Test func standardLibraryAncestorsAreImplemented() {
        let described = DescribedStub()
        described.when { $0.description }.thenReturn("described")
        described.when { $0.detail() }.thenReturn("detail")
        let sut = described()
        #expect("\(sut)" == "described")
        #expect(sut.detail() == "detail")
        // Equal and hashed by controller identity.
        #expect(sut == described())
        #expect(sut != DescribedStub()())
        #expect(Set([sut, described()]).count == 1)
        described.verify(1...1) { $0.description }
        described.verify { $0.detail() }

        SharedManualStubs.isolated {
            let entities = EntityStub<Int>()
            entities.when { $0.id }.thenReturn(7)
            entities.when { $0.name }.thenReturn("seven")
            entities.when { $0.debugDescription }.thenReturn("Entity(7)")
            EntityStub<Int>.shared.when { _ in Match.any(using: entities()) < Match.any(using: entities()) }
                .thenReturn(true)
            let entity = entities()
            #expect(entity.id == 7)
            #expect(entity.name == "seven")
            #expect(entity.debugDescription == "Entity(7)")
            #expect(entity < entity)
            entities.verify { $0.id }
            entities.verify { $0.name }
            EntityStub<Int>.shared.verify { _ in Match.any(using: entity) < Match.any(using: entity) }
        }

        let errors = DomainErrorStub()
        errors.when { $0.code }.thenReturn(404)
        let error: any Error = errors()
        #expect((error as? any DomainError)?.code == 404)
        errors.verify { $0.code }
    }
}
