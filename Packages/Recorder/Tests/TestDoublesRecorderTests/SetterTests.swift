import Testing

@testable import TestDoublesRecorder

protocol Player {
    var volume: Int { get set }
}

/// A front with a settable property: the setter forwards the new value.
struct PlayerDouble: Player, RecordingTestDouble {
    let recorder = InvocationRecorder(name: "PlayerDouble")
    static let getVolume = Requirement("volume.get", resultType: Int.self)
    static let setVolume = Requirement("volume.set(_:)")

    var recordingSubject: any Player { self }

    var volume: Int {
        get { recorder.call(Self.getVolume, []) }
        nonmutating set { recorder.call(Self.setVolume, [newValue]) as Void }
    }
}

@Suite struct SetterTests {
    @Test func assignmentsAreRecordedAnsweredAndVerified() {
        let player = PlayerDouble()
        player.whenSet { $0.volume = Match.greaterThan(10) }.thenDoNothing()
        let quiet = player.whenSet { $0.volume = Match.atMost(10) }.thenDoNothing()
        player.when { $0.volume }.thenReturn(3)
        var sut: any Player = player
        let found = issues {
            sut.volume = 11
            sut.volume = 2
            sut.volume = 4
            #expect(sut.volume == 3)
        }
        #expect(found.isEmpty)
        quiet.verify(2...2)
        #expect(issues { player.verifySet(.exactly(1)) { $0.volume = 11 } }.isEmpty)
        let values: [Int] = quiet.arguments()
        #expect(values == [2, 4])
    }
}
