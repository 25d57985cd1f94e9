import Testing

@testable import TestDoublesTrampolines

protocol Adder {
    func add(_ a: Int, _ b: Int) -> Int
}

@Suite struct AdderTests {
    let convention = TrampolineConvention.host

    func makeAdder(observed: Observations<[Int]>? = nil) throws -> (any Adder, FabricatedConformance) {
        let descriptor = try ProtocolProbe.protocolDescriptor(of: (any Adder).self)
        let arguments = try convention.placeArguments([.word, .word])
        let result = try convention.placeResult(.word)
        let conformance = try FabricatedConformance(
            [WitnessTableLayout(protocolDescriptor: descriptor, slots: [.requirement(dispatchIndex: 0)])]
        ) { frame in
            let a = frame.argument(Int.self, at: arguments[0])
            let b = frame.argument(Int.self, at: arguments[1])
            observed?.append([frame.slot, a, b])
            frame.setResult(a + b, at: result)
        }
        return (try conformance.materialize(as: (any Adder).self), conformance)
    }

    @Test func adderHasOneMethodRequirement() throws {
        #expect(try ProtocolProbe.requirementKinds(of: (any Adder).self) == [.method])
    }

    @Test(arguments: [(2, 40), (-7, 3), (Int.max, 0), (0, Int.min)])
    func callThroughTheExistentialReachesTheHandler(a: Int, b: Int) throws {
        let observed = Observations<[Int]>()
        let (adder, _) = try makeAdder(observed: observed)
        #expect(adder.add(a, b) == a &+ b)
        #expect(observed.all == [[0, a, b]])
    }

    @Test func theValueIsAGenuineExistential() throws {
        let (adder, _) = try makeAdder()
        func generic<A: Adder>(_ value: A) -> Int { value.add(20, 22) }
        #expect(generic(adder) == 42)
        let copies: [any Adder] = [adder, adder, adder]
        #expect(copies.map { $0.add(1, 1) } == [2, 2, 2])
    }

    @Test func selfRegisterAddressesThePayloadReference() throws {
        let selves = Observations<UInt>()
        let descriptor = try ProtocolProbe.protocolDescriptor(of: (any Adder).self)
        let result = try convention.placeResult(.word)
        let conformance = try FabricatedConformance(
            [WitnessTableLayout(protocolDescriptor: descriptor, slots: [.requirement(dispatchIndex: 0)])]
        ) { frame in
            selves.append(UnsafeRawPointer(bitPattern: frame.selfRegister)!.load(as: UInt.self))
            frame.setResult(0, at: result)
        }
        var adder = try conformance.materialize(as: (any Adder).self)
        _ = adder.add(1, 2)
        // An opaque existential stores the payload reference inline; the self
        // register is the address of that inline value.
        let payload = withUnsafePointer(to: &adder) { (container: UnsafePointer<any Adder>) in
            UnsafeRawPointer(container).load(as: UInt.self)
        }
        #expect(selves.all == [payload])
        #expect(payload != 0)
    }
}
