import Testing

@testable import TestDoublesTrampolines

protocol HasTransform {
    var transform: (Int) -> Int { get set }
}

@Suite struct ClosurePropertyTests {
    @Test func aClosureSetterHandsOverItsReferenceAndTheGetterReturnsIt() throws {
        #expect(try ProtocolProbe.requirementKinds(of: (any HasTransform).self).prefix(2) == [.getter, .setter])
        let placement = try Placement([((Int) -> Int).self], result: ((Int) -> Int).self)
        let stored = Cell<(Int) -> Int>()
        var value = try fabricate((any HasTransform).self, slots: nil) { frame in
            switch frame.slot {
            case 0:
                let closure = stored.value ?? { $0 }
                try! FunctionBridge.setResult(closure, ofType: ((Int) -> Int).self, at: placement.result, in: frame)
            case 1:
                // A setter's new value arrives at +1: the bridge takes it over.
                let closure = try! FunctionBridge.closure(
                    ofType: ((Int) -> Int).self, at: placement.arguments[0], in: frame, ownership: .owned)
                stored.set(closure as? (Int) -> Int)
            default:
                Issue.record("unexpected requirement \(frame.slot)")
            }
        }.value
        #expect(value.transform(3) == 3)
        weak var weakToken: LifetimeToken?
        do {
            let token = LifetimeToken(1000)
            weakToken = token
            value.transform = { $0 + token.value }
        }
        #expect(weakToken != nil)
        #expect(value.transform(7) == 1007)
        do {
            let fetched = value.transform
            #expect(fetched(1) == 1001)
            stored.set(nil)
            #expect(fetched(2) == 1002)  // the fetched closure holds its own reference
        }
        #expect(weakToken == nil)
    }
}
