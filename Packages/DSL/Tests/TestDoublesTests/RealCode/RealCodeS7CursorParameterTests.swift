import Foundation
import TestDoubles
import Testing

// An importer that takes its input as a cursor rather than a whole array:
// `any AsyncIteratorProtocol<Line, any Error>` for a file's lines read as they
// arrive, `any IteratorProtocol<Int>` for row numbers. Before session 45
// `Match.any()` for either parameter recorded "any() needs a placeholder value
// of type any AsyncIteratorProtocol<...> for the recording pass, and none can
// be made", and the requirement could be configured only with
// `Match.any(using:)` and a hand-made iterator: the placeholders tried for a
// constrained existential were an empty array and empty streams, never their
// iterators.

struct S7CSVLine: Sendable, Equatable {
    var fields: [String]
}

protocol S7LineImporter: Sendable {
    func importLines(from lines: any AsyncIteratorProtocol<S7CSVLine, any Error>, table: String) async throws -> Int
    func skip(rows: any IteratorProtocol<Int>, in table: String) -> Int
}

struct S7LiveLineImporter: S7LineImporter {
    func importLines(from lines: any AsyncIteratorProtocol<S7CSVLine, any Error>, table: String) async throws -> Int {
        0
    }
    func skip(rows: any IteratorProtocol<Int>, in table: String) -> Int { 0 }
}

@Suite struct RealCodeS7CursorParameterTests {
    @Test func anAsyncCursorParameterMatchesAnyAndReachesTheHandler() async throws {
        let importer = try Stub<any S7LineImporter>()
        let imports = await importer.when { try await $0.importLines(from: Match.any(), table: Match.equal("users")) }
        imports.then { (lines: any AsyncIteratorProtocol<S7CSVLine, any Error>, _: String) async throws -> Int in
            var lines = lines
            var count = 0
            while let line = try await lines.next(isolation: nil) { count += line.fields.count }
            return count
        }
        let file = AsyncThrowingStream<S7CSVLine, any Error> { continuation in
            continuation.yield(S7CSVLine(fields: ["1", "ada"]))
            continuation.yield(S7CSVLine(fields: ["2", "grace", "admin"]))
            continuation.finish()
        }

        let imported = try await importer().importLines(from: file.makeAsyncIterator(), table: "users")

        #expect(imported == 5)
        imports.verify(.exactly(1))
    }

    @Test func aCursorParameterOfTheStandardLibraryMatchesAny() throws {
        let importer = try Stub<any S7LineImporter>()
        let skips = importer.when { $0.skip(rows: Match.any(), in: Match.any()) }
        skips.then { (rows: any IteratorProtocol<Int>, table: String) -> Int in
            var rows = rows
            var total = table.count
            while let row = rows.next() { total += row }
            return total
        }

        #expect(importer().skip(rows: [10, 20].makeIterator(), in: "log") == 33)
        skips.verify(.exactly(1))
    }
}
