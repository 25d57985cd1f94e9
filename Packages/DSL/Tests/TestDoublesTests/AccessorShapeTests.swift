import TestDoubles
import Testing

@Suite struct AccessorShapeTests {
    @Test func propertyGetterAndSetter() throws {
        let stub = try Stub<any Player>()
        stub.when { $0.volume }.thenReturn(11)
        let sets = stub.whenSet { $0.volume = Match.any() }
        sets.thenDoNothing()
        var player = stub()
        #expect(player.volume == 11)
        player.volume = 3
        player.volume = 5
        #expect(sets.arguments() == [3, 5])
        stub.verify(.exactly(1)) { $0.volume }
    }

    @Test func getOnlyProperty() throws {
        let stub = try Stub<any Player>()
        stub.when { $0.title }.thenReturn("Blue in Green")
        #expect(stub().title == "Blue in Green")
        stub.verify { $0.title }
    }

    @Test func compoundAssignmentGoesThroughModify() throws {
        let stub = try Stub<any Player>()
        stub.when { $0.volume }.thenReturn(40)
        let sets = stub.whenSet { $0.volume = Match.any() }
        sets.thenDoNothing()
        var player = stub()
        player.volume += 2
        #expect(sets.arguments() == [42])
        stub.verify { $0.volume }
    }

    @Test func subscriptGetterAndSetter() throws {
        let stub = try Stub<any Player>()
        let reads = stub.when { $0[Match.any()] }
        reads.then { (track: Int) in "track \(track)" }
        let writes = stub.whenSet { $0[Match.any()] = Match.any() }
        writes.thenDoNothing()
        var player = stub()
        #expect(player[3] == "track 3")
        player[4] = "intro"
        #expect(reads.arguments() == [3])
        let written: [(Int, String)] = writes.arguments()
        #expect(written.map(\.0) == [4])
        #expect(written.map(\.1) == ["intro"])
    }

    @Test func staticRequirement() throws {
        let stub = try Stub<any Player>()
        let make = stub.when { type(of: $0).make(Match.any()) }
        make.then { (seed: Int) in seed * 3 }
        let player = stub()
        #expect(type(of: player).make(14) == 42)
        #expect(make.arguments() == [14])
    }

    @Test func initializerRequirementMakesAnotherValueOfTheSameStub() throws {
        let stub = try Stub<any Player>()
        stub.when { $0.title }.thenReturn("same stub")
        let inits = stub.when { type(of: $0).init(seed: Match.any()) }
        inits.thenReturn(stub())
        let player = stub()
        let made = type(of: player).init(seed: 9)
        #expect(made.title == "same stub")
        #expect(inits.arguments() == [9])
        stub.verify { type(of: $0).init(seed: Match.equal(9)) }
    }
}
