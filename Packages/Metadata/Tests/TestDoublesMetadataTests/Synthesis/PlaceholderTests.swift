import Testing

@testable import TestDoublesMetadata

private struct PHAddress: Equatable {
    var street: String
    var number: Int
    var tags: [String]
    var floor: Int8?
}

private struct PHOrder: Equatable {
    var id: Int
    var total: Double
    var address: PHAddress
    var pair: (Bool, Float)
    var lookup: [String: Int]
    var ids: Set<Int>

    static func == (lhs: PHOrder, rhs: PHOrder) -> Bool {
        lhs.id == rhs.id && lhs.total == rhs.total && lhs.address == rhs.address && lhs.pair == rhs.pair
            && lhs.lookup == rhs.lookup && lhs.ids == rhs.ids
    }
}

private enum PHStatus: Equatable {
    case loaded(Int)
    case idle
    case failed(String)
}

private enum PHPayloadOnly: Equatable {
    case first(String, Int)
    case second(Double)
}

private enum PHNever {}

private final class PHObject {}

private protocol PHProtocol {}

private struct PHHoldsObject { var object: PHObject }

private struct PHHoldsPointer { var pointer: UnsafeRawPointer }

@Suite struct PlaceholderTests {
    @Test func scalars() throws {
        #expect(Placeholder.value(of: Int.self) as? Int == 0)
        #expect(Placeholder.value(of: UInt8.self) as? UInt8 == 0)
        #expect(Placeholder.value(of: Int16.self) as? Int16 == 0)
        #expect(Placeholder.value(of: Bool.self) as? Bool == false)
        #expect(Placeholder.value(of: Double.self) as? Double == 0)
        #expect(Placeholder.value(of: Float.self) as? Float == 0)
        #expect(Placeholder.value(of: SIMD4<Float>.self) as? SIMD4<Float> == .zero)
    }

    @Test func stringsAndCollectionsAreEmpty() throws {
        #expect(Placeholder.value(of: String.self) as? String == "")
        #expect(Placeholder.value(of: Substring.self) as? Substring == "")
        #expect(Placeholder.value(of: Character.self) as? Character == "\u{0}")
        let array = try #require(Placeholder.value(of: [PHAddress].self) as? [PHAddress])
        #expect(array.isEmpty)
        // The synthesized array is a real, mutable value.
        var mutable = array
        mutable.append(PHAddress(street: "a", number: 1, tags: [], floor: nil))
        #expect(mutable.count == 1)
        let dictionary = try #require(Placeholder.value(of: [String: [Int]].self) as? [String: [Int]])
        #expect(dictionary.isEmpty)
        var set = try #require(Placeholder.value(of: Set<String>.self) as? Set<String>)
        set.insert("x")
        #expect(set == ["x"])
        #expect((Placeholder.value(of: ContiguousArray<Int>.self) as? ContiguousArray<Int>)?.isEmpty == true)
    }

    @Test func optionalsAreNil() throws {
        let optional = try #require(Placeholder.value(of: Optional<Int>.self))
        #expect((optional as? Int?) == .some(nil))
        let object = try #require(Placeholder.value(of: Optional<PHObject>.self))
        let unwrapped = try #require(object as? PHObject?)
        #expect(unwrapped == nil)
        // Optionals of refused types are fine: nil needs no payload.
        #expect(Placeholder.canSynthesize(Optional<any PHProtocol>.self))
        #expect(Placeholder.canSynthesize(Optional<() -> Void>.self))
    }

    @Test func structsAndTuplesRecursively() throws {
        let order = try #require(Placeholder.value(of: PHOrder.self) as? PHOrder)
        let expected = PHOrder(
            id: 0, total: 0, address: PHAddress(street: "", number: 0, tags: [], floor: nil), pair: (false, 0),
            lookup: [:], ids: [])
        #expect(order == expected)
        let tuple = try #require(Placeholder.value(of: (Int, String, Double?).self) as? (Int, String, Double?))
        #expect(tuple.0 == 0 && tuple.1 == "" && tuple.2 == nil)
    }

    @Test func enumsTakeTheirFirstEmptyCaseElseTheFirstPayloadCase() throws {
        #expect(Placeholder.value(of: PHStatus.self) as? PHStatus == .idle)
        #expect(Placeholder.value(of: PHPayloadOnly.self) as? PHPayloadOnly == .first("", 0))
        #expect(Placeholder.value(of: FloatingPointSign.self) as? FloatingPointSign == .plus)
        #expect(Placeholder.value(of: PHNever.self) == nil)
    }

    @Test func metatypes() throws {
        let metatype = try #require(Placeholder.value(of: Int.Type.self) as? Int.Type)
        #expect(metatype == Int.self)
        let classMetatype = try #require(Placeholder.value(of: PHObject.Type.self) as? PHObject.Type)
        #expect(classMetatype == PHObject.self)
    }

    @Test func refusals() {
        #expect(Placeholder.value(of: PHObject.self) == nil)
        #expect(Placeholder.value(of: (any PHProtocol).self) == nil)
        #expect(Placeholder.value(of: Any.self) == nil)
        #expect(Placeholder.value(of: AnyObject.self) == nil)
        #expect(Placeholder.value(of: ((Int) -> Int).self) == nil)
        #expect(Placeholder.value(of: (any PHProtocol.Type).self) == nil)
        #expect(Placeholder.value(of: PHHoldsObject.self) == nil)
        #expect(Placeholder.value(of: PHHoldsPointer.self) == nil)
        #expect(Placeholder.value(of: (Int, PHObject).self) == nil)
        #expect(throws: MetadataError.self) {
            try Placeholder.initialize(PHObject.self, at: UnsafeMutableRawPointer.allocate(byteCount: 8, alignment: 8))
        }
    }

    @Test func refusalLeavesMemoryUntouched() {
        let memory = UnsafeMutableRawPointer.allocate(byteCount: 16, alignment: 8)
        defer { memory.deallocate() }
        memory.initializeMemory(as: UInt8.self, repeating: 0xAB, count: 16)
        #expect(throws: MetadataError.self) { try Placeholder.initialize((Int, PHObject).self, at: memory) }
        #expect((0..<16).allSatisfy { memory.load(fromByteOffset: $0, as: UInt8.self) == 0xAB })
    }

    @Test func initializeIntoCallerMemory() throws {
        let memory = UnsafeMutablePointer<PHAddress>.allocate(capacity: 1)
        defer { memory.deallocate() }
        try Placeholder.initialize(PHAddress.self, at: UnsafeMutableRawPointer(memory))
        #expect(memory.move() == PHAddress(street: "", number: 0, tags: [], floor: nil))
    }

    @Test func thinMetatypeFieldsKeepTheirThinForm() throws {
        // The thin fields take no bytes (or one tag byte): their word-sized memory form must not be written.
        let trailing = try #require(Placeholder.value(of: PHTrailingThin.self) as? PHTrailingThin)
        #expect(trailing.count == 0)
        #expect(trailing.type == Int.self)
        #expect(trailing.optional == Int8.self)  // tag byte 0: the metatype
        #expect(MemoryLayout<PHTrailingThin>.size == 10)
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: 32, alignment: 16)
        defer { buffer.deallocate() }
        buffer.initializeMemory(as: UInt8.self, repeating: 0xAB, count: 32)
        try Placeholder.initialize(PHTrailingThin.self, at: buffer)
        #expect((10..<32).allSatisfy { buffer.load(fromByteOffset: $0, as: UInt8.self) == 0xAB })
        #expect(buffer.load(fromByteOffset: 9, as: UInt8.self) == 0)
        let generic = try #require(Placeholder.value(of: PHGenericBox<Int16.Type>.self) as? PHGenericBox<Int16.Type>)
        #expect(generic.value == Int16.self)
    }
}

private struct PHTrailingThin {
    var count: Int
    var flag: Int8
    var type: Int.Type
    var optional: Int8.Type?
}

private struct PHGenericBox<Value> {
    var value: Value
}
