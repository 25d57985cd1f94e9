import TestDoubles
import Testing

// Closure types the runtime stub has no bridge for yet (issue 19): each
// fails closed at construction with a `StubError` that names the
// requirement, the closure type and the real reason, and whose fix a user
// who does not own the protocol can apply.

struct UnbridgedFailure: Error {}

struct UnbridgedTriple: Equatable, Sendable {
    var a: Int
    var b: Int
    var c: Int
}

protocol WideAsyncGatherer {
    func gather(
        _ body: @escaping @Sendable (UnbridgedTriple, UnbridgedTriple, UnbridgedTriple) async -> Int
    ) -> Int
}

struct LiveWideAsyncGatherer: WideAsyncGatherer {
    func gather(
        _ body: @escaping @Sendable (UnbridgedTriple, UnbridgedTriple, UnbridgedTriple) async -> Int
    ) -> Int { 0 }
}

protocol IsolatedAnyScheduler {
    func schedule(_ job: @escaping @isolated(any) () async -> Void)
}

struct LiveIsolatedAnyScheduler: IsolatedAnyScheduler {
    func schedule(_ job: @escaping @isolated(any) () async -> Void) {}
}

@Suite struct UnbridgedClosureShapeTests {
    /// The error names the requirement and the closure type, says why, offers a fix that needs no change to
    /// the protocol, and never falls back to "link a conformer built with debug information".
    func expectFailsClosed(
        _ error: StubError?, requirement: String, type: String, reason: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(error?.kind == .unsupportedProtocolShape, sourceLocation: sourceLocation)
        #expect(error?.requirement == requirement, sourceLocation: sourceLocation)
        #expect(error?.reason.contains("the closure type ") == true, sourceLocation: sourceLocation)
        #expect(
            error?.reason.contains("\(type), which the runtime stub cannot bridge: ") == true,
            sourceLocation: sourceLocation)
        #expect(error?.reason.contains(reason) == true, sourceLocation: sourceLocation)
        #expect(error?.reason.contains("unsupportedFunctionType") == false, sourceLocation: sourceLocation)
        #expect(error?.fix.contains("ManualStub") == true, sourceLocation: sourceLocation)
        #expect(error?.fix.contains("no change to the protocol") == true, sourceLocation: sourceLocation)
        #expect(error?.description.contains("debug info") == false, sourceLocation: sourceLocation)
    }

    @Test func asyncClosuresWhoseArgumentsNeedStackWordsFailClosed() {
        expectFailsClosed(
            constructionError(of: (any WideAsyncGatherer).self), requirement: "gather(_:)",
            type: "@Sendable (UnbridgedTriple, UnbridgedTriple, UnbridgedTriple) async -> Int",
            reason: "do not fit in the argument registers")
    }

    // A `nonisolated(nonsending)` closure takes the same path (the bridge refuses both by their extended
    // function flags; Metadata's RequirementSymbolTests decodes its `YC`), but no protocol here can spell it:
    // Swift 6.0.3, which also builds this target, fails to parse the attribute even inside an inactive
    // `#if compiler(>=6.2)` block.
    // The type is named as the runtime prints it: Swift 6.3.1's runtime writes "@isolated(any) () async -> ()",
    // Swift 6.0.3's leaves the attribute out; the reason names the attribute either way.
    @Test func isolatedAnyClosuresFailClosedByNameNotAsAnUnreadSignature() throws {
        let error = constructionError(of: (any IsolatedAnyScheduler).self)
        expectFailsClosed(
            error, requirement: "schedule(_:)",
            type: "() async -> ()", reason: "keeps its actor in its context")
        #expect(try #require(error).reason.contains("an @isolated(any) closure"))
    }
}
