import Testing

@testable import TestDoublesMetadata

private final class VOTracked {
    let id: Int
    init(id: Int) { self.id = id }
}

private struct VOValue: Equatable {
    var name: String
    var numbers: [Int]
}

@Suite struct ValueOperationsTests {
    @Test func copyTakeAndDestroyKeepReferenceCountsRight() {
        let metadata = TypeMetadata(VOTracked.self)
        let source = UnsafeMutablePointer<VOTracked>.allocate(capacity: 1)
        let destination = UnsafeMutablePointer<VOTracked>.allocate(capacity: 1)
        let moved = UnsafeMutablePointer<VOTracked>.allocate(capacity: 1)
        defer {
            source.deallocate()
            destination.deallocate()
            moved.deallocate()
        }
        weak var observer: VOTracked?
        do {
            let object = VOTracked(id: 7)
            observer = object
            source.initialize(to: object)
        }
        metadata.initializeWithCopy(UnsafeMutableRawPointer(destination), from: UnsafeRawPointer(source))
        #expect(destination.pointee === source.pointee)
        metadata.destroy(UnsafeMutableRawPointer(source))
        #expect(observer != nil)  // the copy still holds it
        metadata.initializeWithTake(UnsafeMutableRawPointer(moved), from: UnsafeMutableRawPointer(destination))
        #expect(moved.pointee.id == 7)
        metadata.destroy(UnsafeMutableRawPointer(moved))
        #expect(observer == nil)  // every copy released
    }

    @Test func boxingIntoAndOutOfAny() throws {
        let metadata = TypeMetadata(VOValue.self)
        let value = VOValue(name: "n", numbers: [1, 2])
        let memory = UnsafeMutablePointer<VOValue>.allocate(capacity: 1)
        defer { memory.deallocate() }
        #expect(metadata.initialize(UnsafeMutableRawPointer(memory), withContentsOf: value))
        #expect(memory.pointee == value)
        let boxed = metadata.copyAsAny(from: UnsafeRawPointer(memory))
        #expect(boxed as? VOValue == value)
        memory.deinitialize(count: 1)
        // A value of another type is refused and nothing is written.
        #expect(!metadata.initialize(UnsafeMutableRawPointer(memory), withContentsOf: 42))
        #expect(!TypeMetadata(Optional<Int>.self).initialize(UnsafeMutableRawPointer(memory), withContentsOf: 42))
    }
}
