import Testing

@testable import TestDoublesTrampolines

protocol Catalog: Sendable {
    func price(_ id: Int) async -> Int
    func title(_ id: Int) async throws -> String
    func wide(
        _ i0: Int, _ i1: Int, _ i2: Int, _ i3: Int, _ i4: Int, _ i5: Int, _ i6: Int, _ i7: Int,
        _ d0: Double, _ d1: Double, _ d2: Double, _ d3: Double, _ d4: Double,
        _ d5: Double, _ d6: Double, _ d7: Double, _ d8: Double, _ d9: Double
    ) async -> FiveWords
    func ratio(_ a: Int, _ b: Double) async throws -> Double
}

enum CatalogContext {
    @TaskLocal static var region = "none"
}

/// A real async conformer; `suspending` makes every call really suspend first.
struct RealCatalog: Catalog {
    var suspending: Bool

    func price(_ id: Int) async -> Int {
        if suspending { await Task.yield() }
        return id * 100
    }

    func title(_ id: Int) async throws -> String {
        if suspending { try await Task.sleep(nanoseconds: 1000) }
        guard id >= 0 else { throw LoadFailure.notFound(id) }
        return "\(CatalogContext.region)#\(id)"
    }

    func wide(
        _ i0: Int, _ i1: Int, _ i2: Int, _ i3: Int, _ i4: Int, _ i5: Int, _ i6: Int, _ i7: Int,
        _ d0: Double, _ d1: Double, _ d2: Double, _ d3: Double, _ d4: Double,
        _ d5: Double, _ d6: Double, _ d7: Double, _ d8: Double, _ d9: Double
    ) async -> FiveWords {
        if suspending { await Task.yield() }
        let doubles = [d0, d1, d2, d3, d4, d5, d6, d7, d8, d9]
        return FiveWords(
            a: i0 + i1 + i2 + i3 + i4 + i5 + i6 + i7, b: i6, c: i7, d: Int(doubles.reduce(0, +) * 10), e: Int(d9 * 10))
    }

    func ratio(_ a: Int, _ b: Double) async throws -> Double {
        if suspending { await Task.yield() }
        guard b != 0 else { throw LoadFailure.denied(reason: "zero") }
        return Double(a) / b
    }
}

/// Async calls forwarded from inside the suspension path to a real async witness.
@Suite(.enabled(if: FabricatedConformance.supportsAsyncRequirements))
struct AsyncForwardingTests {
    static func requirements() throws -> [Int: ForwardedRequirement] {
        let convention = TrampolineConvention.host
        return [
            0: ForwardedRequirement(plan: try CallPlan(arguments: [.word], result: .word, isAsync: true)),
            1: ForwardedRequirement(
                plan: try CallPlan(arguments: [.word], result: .words(byteCount: 16), isAsync: true)),
            2: ForwardedRequirement(
                plan: try CallPlan(
                    convention: convention, arguments: eightIntsTenDoubles, result: .indirect, isAsync: true)),
            3: ForwardedRequirement(plan: try CallPlan(arguments: [.word, .double], result: .double, isAsync: true)),
        ]
    }

    func make(suspending: Bool, stackPointers: Observations<UInt>? = nil) throws -> any Catalog {
        let target = try ForwardingTarget(RealCatalog(suspending: suspending), as: (any Catalog).self)
        return try forwardingDouble(
            (any Catalog).self, to: target, requirements: Self.requirements(), stackPointers: stackPointers
        ).value
    }

    @Test(arguments: [false, true])
    func asyncResultComesBack(suspending: Bool) async throws {
        let catalog = try make(suspending: suspending)
        #expect(await catalog.price(3) == 300)
        #expect(await catalog.price(-1) == -100)
    }

    @Test(arguments: [false, true])
    func asyncThrowingCallReturnsOrThrows(suspending: Bool) async throws {
        let catalog = try make(suspending: suspending)
        let title = try await CatalogContext.$region.withValue("eu") { try await catalog.title(4) }
        #expect(title == "eu#4", "the target runs on the caller's task")
        await #expect(throws: LoadFailure.notFound(-2)) { try await catalog.title(-2) }
        #expect(try await catalog.ratio(3, 1.5) == 2)
        await #expect(throws: LoadFailure.denied(reason: "zero")) { try await catalog.ratio(1, 0) }
    }

    @Test(arguments: [false, true])
    func stackWordsAndIndirectResultAreReSupplied(suspending: Bool) async throws {
        let catalog = try make(suspending: suspending)
        for _ in 0..<5 {
            let result = await catalog.wide(1, 2, 3, 4, 5, 6, 7, 8, 0.5, 1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5, 8.5, 9.5)
            #expect(result == FiveWords(a: 36, b: 7, c: 8, d: 500, e: 95))
        }
    }

    @Test func forwardedCallsThatCompleteAtOnceLeaveTheStackWhereItWas() async throws {
        let stackPointers = Observations<UInt>()
        let catalog = try make(suspending: false, stackPointers: stackPointers)
        for _ in 0..<5 {
            let result = await catalog.wide(1, 2, 3, 4, 5, 6, 7, 8, 0.5, 1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5, 8.5, 9.5)
            #expect(result == FiveWords(a: 36, b: 7, c: 8, d: 500, e: 95))
        }
        // Nothing really suspends, so every call runs on the same stack: a
        // wrong outgoing area (or pop) in the forwarding routine would make
        // each call start lower or higher.
        #expect(Set(stackPointers.all).count == 1, "stack arguments at \(stackPointers.all)")
    }

    @Test func thousandConcurrentForwardedCalls() async throws {
        let catalog = try make(suspending: true)
        let total = await withTaskGroup(of: Int.self) { group in
            for index in 0..<1000 {
                group.addTask { await catalog.price(index) }
            }
            return await group.reduce(0, +)
        }
        #expect(total == 100 * (0..<1000).reduce(0, +))
    }
}
