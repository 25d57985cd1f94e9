import Testing

@testable import TestDoublesMetadata

/// The marker a wrapper is instantiated with.
private final class ISMarker {}

private struct ISPhantom<T> {
    var path: String
    var code: Int
}

private struct ISStored<T> {
    var name: String
    var value: T
}

private struct ISThroughReferences<T> {
    var items: [T]
    var type: T.Type
    var make: () -> T
    var lookup: [String: T]
}

private enum ISPayload<T> {
    case idle
    case loaded(T)
}

private indirect enum ISBoxed<T> {
    case leaf
    case node(T)
}

private struct ISNested<T> {
    var inner: (Int, ISStored<T>?)
}

@Suite struct InlineStorageTests {
    private static let marker: Set<ObjectIdentifier> = [ObjectIdentifier(ISMarker.self)]

    private func storesMarker(_ type: Any.Type) throws -> Bool {
        try TypeMetadata(type).storesInline(anyOf: Self.marker)
    }

    @Test func aFieldOrPayloadOfTheTypeIsInline() throws {
        #expect(try storesMarker(ISMarker.self))
        #expect(try storesMarker(ISStored<ISMarker>.self))
        #expect(try storesMarker(ISPayload<ISMarker>.self))
        #expect(try storesMarker(ISNested<ISMarker>.self))
        #expect(try storesMarker(ISMarker?.self))
        #expect(try storesMarker((Int, ISMarker).self))
    }

    @Test func aPhantomOrAReferenceIsNotInline() throws {
        #expect(try !storesMarker(ISPhantom<ISMarker>.self))
        #expect(try !storesMarker(ISThroughReferences<ISMarker>.self))
        #expect(try !storesMarker(ISBoxed<ISMarker>.self))
        #expect(try !storesMarker([ISMarker].self))
        #expect(try !storesMarker(ISStored<[ISMarker]>.self))
        #expect(try !storesMarker(ISStored<Int>.self))
    }
}
