import TestDoubles
import Testing

/// Read-only getters that throw: the class's debug information says so, where its symbols cannot.
@Suite struct ClassGetterEffectTests {
    @Test func aStubsThrowingGettersThrowAndAnswer() throws {
        let stub = try Stub<CDGauge>(initializingWith: { CDGauge() })
        stub.when { try $0.level }.thenReturn(4).thenThrow(CDError.refused(2))
        stub.when { try $0.reading }.thenThrow(CDError.refused(3))
        stub.when { try $0[Match.equal(1)] }.thenThrow(CDError.offline)
        stub.when { try $0[Match.equal(2)] }.thenReturn("two")
        stub.when { $0.name }.thenReturn("stubbed")
        let gauge = stub()
        #expect(try gauge.level == 4)
        #expect(throws: CDError.refused(2)) { try gauge.level }
        do {
            _ = try gauge.reading
            Issue.record("the typed-throwing getter returned")
        } catch {
            #expect(error == CDError.refused(3))
        }
        #expect(throws: CDError.offline) { try gauge[1] }
        #expect(try gauge[2] == "two")
        #expect(gauge.name == "stubbed")
        stub.verify(.exactly(2)) { try $0.level }
    }

    @Test func aSpyForwardsThrowingGettersToTheClass() throws {
        let spy = try Spy<CDGauge>(initializingWith: { CDGauge() })
        spy.when { try $0.reading }.thenReturn(9.5)
        let gauge = spy()
        #expect(throws: CDError.offline) { try gauge.level }
        #expect(try gauge.reading == 9.5)
        #expect(try gauge[3] == "row 3")
        #expect(gauge.name == "gauge")
    }
}
