import TestDoubles
import Testing

// Failure messages name the requirement by its name and spell generic
// parameters as a reader knows them: never an index, never a `τ_d_i` name
// (issue 19).

/// A requirement throwing its own generic parameter: the error's type and size change per call.
protocol FailureChooser {
    func run<E: Error>(as kind: E.Type) throws(E) -> Int
}

struct LiveFailureChooser: FailureChooser {
    func run<E: Error>(as kind: E.Type) throws(E) -> Int { 0 }
}

/// An `inout` of a bound associated type, which the runtime stub does not write back.
protocol TallyCounter<Element> {
    associatedtype Element
    func bump(_ value: inout Element)
}

struct LiveTallyCounter: TallyCounter {
    func bump(_ value: inout Int) { value += 1 }
}

/// A tuple of a bound associated type and the method's own generic parameter,
/// outside the wrappers the stub resolves.
protocol PairSource<Element> {
    associatedtype Element
    func pair<T>(_ value: T) -> (Element, T)
}

struct LivePairSource: PairSource {
    func pair<T>(_ value: T) -> (Int, T) { (0, value) }
}

@Suite struct RequirementNamingTests {
    @Test func aMethodGenericTypedErrorIsNamedWithoutATauName() throws {
        let error = try #require(constructionError { try Stub<any FailureChooser>() })
        #expect(error.requirement == "run(as:)")
        #expect(error.reason.contains("it throws T1, a generic parameter of the method"))
        #expect(!error.description.contains("τ"))
        // The fix applies to someone who does not own the protocol.
        #expect(error.fix.contains("ManualStub"))
        #expect(!error.fix.contains("throw a concrete error type"))
    }

    @Test func anInoutOfABoundAssociatedTypeSpellsSelfElement() throws {
        let error = try #require(constructionError { try Stub<any TallyCounter<Int>>() })
        #expect(error.requirement == "bump(_:)")
        #expect(error.reason.contains("inout Self.Element"))
        #expect(!error.description.contains("τ"))
    }

    @Test func aTupleOfABoundAssociatedTypeAndAMethodGenericSpellsBoth() throws {
        let error = try #require(constructionError { try Stub<any PairSource<Int>>() })
        #expect(error.requirement == "pair(_:)")
        #expect(error.reason.contains("the result has type (Self.Element, T1)"))
        #expect(!error.description.contains("τ"))
    }

    @Test func noExecutableMemoryNamesNoRequirementIndex() {
        let error = StubError.trampolineAllocationFailed(requirementIndex: 0)
        #expect(error.requirement == nil)
        #expect(!error.description.contains("requirement 1"))
        #expect(error.description.contains("executable memory"))
    }
}
