import Testing

@testable import TestDoublesMetadata

/// A witness symbol's signature names the first parameter whose type does not resolve.
@Suite struct SymbolSignatureTests {
    /// `M.S.foo(_: M.A, _: Int, _: M.B)`, witnessing `M.P.foo`: module `M` is not in this process, so its
    /// parameters 1 and 3 do not resolve and parameter 2 (`Int`) does.
    static let witness = "$s1M1SVAA1PA2aDP3fooyyAA1AV_SiAA1BVtFTW"

    @Test func theFirstUnresolvedParameterIsReported() throws {
        let signature = SymbolSignature(symbol: try RequirementSymbol(mangledName: Self.witness))
        #expect(signature.parameterFailures.map(\.parameter) == [0, 2])
        #expect(signature.parameterFailures.allSatisfy { $0.message.hasPrefix("parameter \($0.parameter + 1): ") })
        guard case .failure(let failure) = signature.signature() else {
            Issue.record("a signature with unresolved parameters")
            return
        }
        #expect(failure.message.hasPrefix("parameter 1: "))
        #expect(signature.partial.parameters.count == 3)
        #expect(signature.partial.parameters[1].type.concreteType == Int.self)
    }
}
