import Testing

@testable import TestDoublesTrampolines

@Suite struct FunctionSignatureCacheTests {
    /// What a signature reading says, in comparable form.
    private static func summary(_ type: any Any.Type) -> String {
        do {
            let signature = try FunctionSignature.cached(type)
            return "\(signature.name) \(signature.parameters.count) \(signature.isThrowing) \(signature.stackByteCount)"
        } catch {
            return "error: \(error)"
        }
    }

    private static func freshSummary(_ type: any Any.Type) -> String {
        do {
            let signature = try FunctionSignature(type)
            return "\(signature.name) \(signature.parameters.count) \(signature.isThrowing) \(signature.stackByteCount)"
        } catch {
            return "error: \(error)"
        }
    }

    private static let types: [any Any.Type] = [
        ((Int) -> Int).self, ((String, Double) throws -> Bool).self, (() -> Void).self,
        (@isolated(any) (Int) async -> Int).self, Int.self, ((Int, Int, Int, Int, Int) -> Void).self,
    ]

    /// Repeated and concurrent lookups answer like a fresh reading, failures included.
    @Test func cachedReadingsMatchFreshOnesUnderConcurrentLookups() async {
        let expected = Self.types.map(Self.freshSummary)
        #expect(expected[3].hasPrefix("error:"))
        #expect(expected[4].hasPrefix("error:"))
        let rounds = await withTaskGroup(of: [String].self) { group in
            for _ in 0..<8 { group.addTask { (0..<50).flatMap { _ in Self.types.map(Self.summary) } } }
            var all: [[String]] = []
            for await round in group { all.append(round) }
            return all
        }
        #expect(rounds.count == 8)
        let once = Array(repeating: expected, count: 50).flatMap { $0 }
        for round in rounds { #expect(round == once) }
    }
}
