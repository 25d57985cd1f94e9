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

@Suite struct RequirementDisplayNameShapeTests {
    private func name(_ entity: String) -> String? {
        RequirementDisplayName.declarationName(
            inDemangled: "protocol witness for " + entity + " in conformance M.S : M.P in M")
    }

    @Test func staticRequirementsAreNamedWithoutTheWordStatic() {
        #expect(name("static M.Order.beta() -> Swift.Int") == "beta()")
        #expect(name("static M.R.shared.getter : A") == "shared")
        #expect(
            RequirementDisplayName.declarationName(inDemangled: "method descriptor for static M.Lonely.make() -> A")
                == "make()")
    }

    @Test func privateDeclarationsLoseTheirDiscriminator() {
        let hidden = "M.(Hidden in _5A8847754D030C850B57A9248C9B3DE8)"
        #expect(name(hidden + ".count.getter : Swift.Int") == "count")
        #expect(name(hidden + ".fetch(key: Swift.String) -> Swift.Int") == "fetch(key:)")
        #expect(name("M.P.(load in _5A8847754D030C850B57A9248C9B3DE8)(_: Swift.Int) -> ()") == "load(_:)")
    }

    @Test func operatorsAreNamedAsFunctionSpellsThem() {
        #expect(name("static Swift.Equatable.== infix(A, A) -> Swift.Bool") == "==(_:_:)")
        #expect(name("static M.R.- prefix(A) -> A") == "-(_:)")
        #expect(name("static M.R...< infix(A, A) -> Swift.Range<A>") == "..<(_:_:)")
    }

    @Test func subscriptsAreNamedWithTheirIndexLabels() {
        #expect(name("M.R.subscript.getter : (key: Swift.String) -> Swift.Int") == "subscript(key:)")
        #expect(name("M.R.subscript.setter : (key: Swift.String) -> Swift.Int") == "subscript(key:)")
        #expect(name("M.R.subscript.getter : (Swift.Int, Swift.Int) -> Swift.Int") == "subscript(_:_:)")
    }

    @Test func aClosureParameterDoesNotEndTheList() {
        #expect(name("M.P.observe(_: (Swift.Int) -> (), on: Swift.String) -> ()") == "observe(_:on:)")
        #expect(name("M.P.handler.getter : (Swift.Int) -> ()") == "handler")
    }
}
