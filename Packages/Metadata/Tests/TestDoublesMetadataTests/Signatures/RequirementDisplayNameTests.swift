import Testing

@testable import TestDoublesMetadata

@Suite struct RequirementDisplayNameTests {
    @Test func theRuntimeDemanglerIsReached() {
        #expect(RequirementDisplayName.demangled("$sSiD") == "Swift.Int")
    }

    @Test func coroutineFunctionPointersNameTheirProperty() {
        // As Swift 6.3's runtime prints `...TWTwc` records (6.0's returns them unchanged).
        let conformance = " in conformance M.S : M.P in M"
        #expect(
            RequirementDisplayName.declarationName(
                inDemangled: "coro function pointer to protocol witness for M.P.value.read2 : Swift.String"
                    + conformance) == "value")
        #expect(
            RequirementDisplayName.declarationName(
                inDemangled: "coro function pointer to protocol witness for M.P.count.modify2 : Swift.Int"
                    + conformance) == "count")
    }

    @Test func declarationNamesAreReadFromDemangledWitnesses() {
        let conformance = " in conformance main.LiveCache : main.Cache in main"
        func name(_ entity: String) -> String? {
            RequirementDisplayName.declarationName(inDemangled: "protocol witness for " + entity + conformance)
        }
        #expect(name("main.Cache.fetch(key: Swift.String) -> Swift.Int") == "fetch(key:)")
        #expect(name("main.Cache.store(_: Swift.Int, for: Swift.String) -> ()") == "store(_:for:)")
        #expect(name("main.Cache.reset() -> ()") == "reset()")
        #expect(name("main.Cache.count.getter : Swift.Int") == "count")
        #expect(name("main.Cache.unownedExecutor.getter : Swift.UnownedSerialExecutor") == "unownedExecutor")
        #expect(
            name(
                "main.Cache.load<A where A: Swift.Decodable>(key: Swift.String, into: [Swift.String : A]) throws -> A?")
                == "load(key:into:)")
        #expect(
            name(
                "main.Cache.subscribe(handler: @Swift.MainActor @Sendable (Swift.Result<main.Item, Swift.Error>) -> ())"
            )
                == "subscribe(handler:)")
        #expect(
            RequirementDisplayName.declarationName(
                inDemangled: "method descriptor for main.Cache.purge(olderThan: Swift.Int) -> ()")
                == "purge(olderThan:)")
    }
}
