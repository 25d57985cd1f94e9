import Testing

@testable import TestDoublesTrampolines

protocol Source<Item> {
    associatedtype Item
    func next() -> Item
    func push(_ item: Item) -> Int
}

protocol SharedSource<Item>: AnyObject {
    associatedtype Item
    func next() -> Item
}

@Suite struct ConstrainedExistentialTests {
    @Test func primaryAssociatedTypeBoundInTheExistential() throws {
        #expect(
            try ProtocolProbe.requirementKinds(of: (any Source).self) == [
                .associatedTypeAccessFunction, .method, .method,
            ])
        let descriptor = try ProtocolProbe.protocolDescriptor(of: (any Source).self)
        let pushed = Observations<String>()
        let word = try TrampolineConvention.host.placeResult(.word)
        // Dependent arguments and results travel indirectly whatever the bound type.
        let push = try TrampolineConvention.host.placeArguments([.indirect])
        let conformance = try FabricatedConformance(
            [
                WitnessTableLayout(
                    protocolDescriptor: descriptor,
                    slots: [
                        .associatedType(String.self), .requirement(dispatchIndex: 0), .requirement(dispatchIndex: 1),
                    ])
            ]
        ) { frame in
            if frame.slot == 0 {
                frame.setResult("next item", at: .indirect)
            } else {
                let item = frame.argument(String.self, at: push[0])
                pushed.append(item)
                frame.setResult(item.count, at: word)
            }
        }
        let source = try conformance.materialize(as: (any Source<String>).self)
        let item: String = source.next()
        #expect(item == "next item")
        #expect(source.push("four") == 4)
        #expect(pushed.all == ["four"])
    }

    @Test func classBoundConstrainedExistential() throws {
        let descriptor = try ProtocolProbe.protocolDescriptor(of: (any SharedSource).self)
        let conformance = try FabricatedConformance(
            [
                WitnessTableLayout(
                    protocolDescriptor: descriptor, slots: [.associatedType(Int.self), .requirement(dispatchIndex: 0)])
            ]
        ) { frame in
            frame.setResult(99, at: .indirect)
        }
        let source = try conformance.materialize(as: (any SharedSource<Int>).self)
        #expect(MemoryLayout<any SharedSource<Int>>.size == 16)
        let value: Int = source.next()
        #expect(value == 99)
    }

    @Test func constrainedExistentialNeedsExactlyOneTable() throws {
        let source = try ProtocolProbe.protocolDescriptor(of: (any Source).self)
        let adder = try ProtocolProbe.protocolDescriptor(of: (any Adder).self)
        let conformance = try FabricatedConformance(
            [
                WitnessTableLayout(protocolDescriptor: source, slots: [.associatedType(Int.self), .empty, .empty]),
                WitnessTableLayout(protocolDescriptor: adder, slots: [.empty]),
            ]
        ) { _ in }
        #expect(throws: TrampolineError.self) { try conformance.materialize(as: (any Source<Int>).self) }
    }
}
