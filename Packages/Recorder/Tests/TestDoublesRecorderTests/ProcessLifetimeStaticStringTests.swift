import Testing

@testable import TestDoublesRecorder

/// XCTest takes a failure's file as a `StaticString`; issues know theirs as text.
@Suite struct ProcessLifetimeStaticStringTests {
    @Test func anASCIIPathReadsBackAsTheSameText() throws {
        let path = "/src/App/Tests/" + String(Int.random(in: 1000...9999)) + "CartTests.swift"
        let made = try #require(StaticString.keptForProcess(path))
        #expect(made.description == path)
        #expect(made.hasPointerRepresentation)
        #expect(made.isASCII)
        #expect(made.utf8CodeUnitCount == path.utf8.count)
        #expect(made.utf8Start[made.utf8CodeUnitCount] == 0)  // NUL-terminated, as literals are
    }

    @Test func aNonASCIIPathKeepsItsCharacters() throws {
        let path = "/src/Café/Tests/Überweisung-" + String(Int.random(in: 1000...9999)) + ".swift"
        let made = try #require(StaticString.keptForProcess(path))
        #expect(made.description == path)
        #expect(!made.isASCII)
        #expect(made.utf8CodeUnitCount == path.utf8.count)
    }

    @Test func theSameTextIsCopiedOnce() throws {
        let path = "/src/App/Tests/Repeated-" + String(Int.random(in: 1000...9999)) + ".swift"
        let first = try #require(StaticString.keptForProcess(path))
        let second = try #require(StaticString.keptForProcess(String(path)))
        #expect(first.utf8Start == second.utf8Start)
    }

    @Test func anEmptyTextIsAnEmptyStaticString() throws {
        let made = try #require(StaticString.keptForProcess(""))
        #expect(made.description.isEmpty)
        #expect(made.utf8CodeUnitCount == 0)
    }
}
