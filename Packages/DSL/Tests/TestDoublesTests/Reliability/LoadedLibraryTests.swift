import Foundation
import TestDoubles
import Testing

/// Census rows "a protocol declared in a dlopen'ed library" and "a stripped
/// image": `Stub` of a protocol that only a library loaded at run time
/// declares and conforms to, the test naming the protocol only through its
/// metatype.
@Suite(.disabled(if: LoadedLibrary.runsUnderEmulation, "the host's swiftc builds host libraries, not emulated ones"))
struct LoadedLibraryTests {
    /// What `Stub<T>` of the library's protocol did.
    enum Outcome {
        /// The stub was built; the values answered through the library's own call site.
        case built(configured: Int, unmatched: Int, issues: [String], calls: [Invocation])
        /// The stub was refused.
        case refused(StubError)
    }

    /// Builds `Stub<T>`, answers `greet` with 42 for ("plugin", 3), and calls it through the library.
    static func exercise<T>(_: T.Type, in library: LoadedLibrary) -> Outcome {
        let stub: Stub<T>
        do {
            stub = try Stub<T>()
        } catch {
            return .refused(error)
        }
        stub.when { library.greet($0) }.thenReturn(42)
        let configured = library.greet(stub())
        let unconfigured = try? Stub<T>()
        var unmatched = -2
        let issues = TestDoubleIssueReporting.capture {
            if let unconfigured { unmatched = library.greet(unconfigured()) }
        }
        return .built(
            configured: configured, unmatched: unmatched, issues: issues.map(\.message),
            calls: stub.recorder.invocations)
    }

    @Test func aProtocolOfALoadedLibraryIsDiscoveredThroughTheNewImage() async throws {
        let library = try await LoadedLibrary.build(module: "TestDoublesLoadedPlugin", .debugInfo)
        #expect(String(reflecting: library.protocolType).hasSuffix("\(library.module).Greeter"))
        switch Self.exercise(library.protocolType, in: library) {
        case .refused(let error):
            Issue.record("Stub of a loaded library's protocol was refused: \(error)")
        case .built(let configured, let unmatched, let issues, let calls):
            #expect(configured == 42)
            // An unconfigured stub reports the call and answers the synthesized zero.
            #expect(unmatched == 0)
            #expect(issues.count == 1)
            let issue = try #require(issues.first)
            #expect(issue.contains("greet("))
            // The recording call of `when` is not in the ledger; the real call is, with its arguments intact.
            let call = try #require(calls.last)
            #expect(calls.count == 1)
            #expect(call.arguments.count == 2)
            #expect(call.arguments.first as? String == "plugin")
            #expect(call.arguments.last as? Int == 3)
            #expect(call.outcome == .returned)
        }
    }

    @Test(.enabled(if: LoadedLibrary.tool("strip") != nil, "needs strip (binutils)"))
    func aProtocolWhoseOnlyConformerIsStrippedIsRefusedNamingTheStrippedImage() async throws {
        let library = try await LoadedLibrary.build(module: "TestDoublesStrippedPlugin", .stripped)
        #expect(String(reflecting: library.protocolType).hasSuffix("\(library.module).Greeter"))
        switch Self.exercise(library.protocolType, in: library) {
        case .built:
            Issue.record("Stub of a protocol whose witnesses have no symbols or DWARF was built")
        case .refused(let error):
            #expect(error.kind == .signatureDiscoveryFailed)
            #expect(error.reason.contains("\(library.path) is stripped (no .symtab)"), "\(error.reason)")
            #expect(error.reason.contains("linked conformers: \(library.module).LiveGreeter"), "\(error.reason)")
            #expect(error.fix.contains("Stub(.method(signatureOf:"))
        }
    }
}
