import Foundation
import TestDoubles
import Testing

/// Optimized code calls a requirement on an existential of a protocol that no
/// other module can conform to, and that has one conformer, as that
/// conformer's code (the whole-module optimizer's sole-conforming-type
/// devirtualization): a double's answers were skipped and its storage read
/// as the conformer's fields. Found by `swift test -c release` (a `private`
/// protocol) and the lab's release run (internal protocols of modules built
/// without `-enable-testing`). Each library here is compiled at test time, so
/// the check runs in a debug test run too.
@Suite(.disabled(if: LoadedLibrary.runsUnderEmulation, "the host's swiftc builds host libraries, not emulated ones"))
struct SoleConformerBindingTests {
    /// A library whose `Quote` protocol (declared `access`) has `LiveQuote`
    /// (and, with `second`, `OtherQuote`) as conformers; its entry points
    /// return `any Quote`'s metatype, call `price("abc", times: 2)` on a
    /// value in an `Any` in the library's own code, and call `LiveQuote`'s
    /// witness through a generic function.
    static func source(access: String, second: Bool) -> String {
        """
        \(access) protocol Quote {
            func price(_ item: String, times: Int) -> Int
        }

        struct LiveQuote: Quote {
            var base = 1_000
            func price(_ item: String, times: Int) -> Int { base + item.count * times }
        }
        \(second ? "struct OtherQuote: Quote { func price(_ item: String, times: Int) -> Int { -1 } }" : "")

        @_cdecl("testdoubles_quote_type")
        public func quoteType() -> UnsafeRawPointer {
            unsafeBitCast((any Quote).self as Any.Type, to: UnsafeRawPointer.self)
        }

        @_cdecl("testdoubles_quote_price")
        public func price(_ subject: UnsafeRawPointer) -> Int {
            guard let quote = subject.load(as: Any.self) as? any Quote else { return -1 }
            return quote.price("abc", times: 2)
        }

        // A caller through the witness table keeps LiveQuote's witness (the optimizer deletes a witness
        // it bound everywhere, and the stub then fails closed for want of a signature).
        @_semantics("optimize.sil.specialize.generic.never") @inline(never)
        private func generic<Q: Quote>(_ quote: Q) -> Int { quote.price("live", times: 1) }

        @_cdecl("testdoubles_quote_live")
        public func live() -> Int {
            \(second ? "_ = generic(OtherQuote())" : "")
            return generic(LiveQuote())
        }
        """
    }

    /// Builds `Stub<any Quote>` of the library compiled with `flags`, answers 42, and calls it through the
    /// library's code: the answer, or the refusal.
    static func exercise(
        module: String, access: String, second: Bool = false, flags: [String]
    ) async throws -> Result<Int, StubError> {
        let (_, handle) = try await LoadedLibrary.compileAndLoad(
            module: module, source: source(access: access, second: second), flags: flags)
        let typeFunction = unsafeBitCast(
            try #require(dlsym(handle, "testdoubles_quote_type")), to: (@convention(c) () -> UnsafeRawPointer).self)
        let call = unsafeBitCast(
            try #require(dlsym(handle, "testdoubles_quote_price")),
            to: (@convention(c) (UnsafeRawPointer) -> Int).self)
        let live = unsafeBitCast(
            try #require(dlsym(handle, "testdoubles_quote_live")), to: (@convention(c) () -> Int).self)
        #expect(live() == 1_004)
        return try open(unsafeBitCast(typeFunction(), to: Any.Type.self), call: call)
    }

    private static func open<T>(
        _: T.Type, call: @convention(c) (UnsafeRawPointer) -> Int
    ) throws -> Result<Int, StubError> {
        func price(_ subject: Any) -> Int {
            var box = subject
            return withUnsafePointer(to: &box) { call(UnsafeRawPointer($0)) }
        }
        let stub: Stub<T>
        do {
            stub = try Stub<T>()
        } catch {
            return .failure(error)
        }
        stub.when { price($0) }.thenReturn(42)
        return .success(price(stub()))
    }

    @Test func anOptimizedPrivateProtocolWithOneConformerIsRefusedNamingIt() async throws {
        let outcome = try await Self.exercise(
            module: "TestDoublesSoleQuoteO", access: "private", flags: ["-O", "-wmo"])
        guard case .failure(let error) = outcome else {
            // Before the refusal: the library's call ran LiveQuote's code on the stub's value.
            Issue.record("the stub was built, and the library's call answered \(outcome), not 42 from the stub")
            return
        }
        #expect(error.kind == .unsupportedProtocolShape)
        #expect(error.reason.contains("LiveQuote is its only conforming type"), "\(error.reason)")
        #expect(error.reason.contains("compiled with optimization"), "\(error.reason)")
        #expect(error.fix.contains("second conformer"))
    }

    @Test func anOptimizedInternalProtocolOfAModuleWithoutTestingIsRefused() async throws {
        let outcome = try await Self.exercise(module: "TestDoublesSoleQuoteI", access: "", flags: ["-O", "-wmo"])
        #expect(outcome.failureValue?.kind == .unsupportedProtocolShape, "\(outcome)")
    }

    @Test func theSameProtocolUnoptimizedIsServed() async throws {
        let outcome = try await Self.exercise(module: "TestDoublesSoleQuoteOnone", access: "private", flags: [])
        #expect(try outcome.get() == 42)
    }

    @Test func anOptimizedInternalProtocolOfATestableModuleIsServed() async throws {
        let outcome = try await Self.exercise(
            module: "TestDoublesSoleQuoteT", access: "", flags: ["-O", "-wmo", "-enable-testing"])
        #expect(try outcome.get() == 42)
    }

    @Test func anOptimizedPrivateProtocolWithTwoConformersIsServed() async throws {
        let outcome = try await Self.exercise(
            module: "TestDoublesSoleQuoteTwo", access: "private", second: true, flags: ["-O", "-wmo"])
        #expect(try outcome.get() == 42)
    }
}

extension Result {
    fileprivate var failureValue: Failure? {
        if case .failure(let failure) = self { return failure }
        return nil
    }
}
