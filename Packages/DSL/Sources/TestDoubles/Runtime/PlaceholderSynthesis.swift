import Foundation
import TestDoublesMetadata
@_spi(TestDoublesInternals) import TestDoublesRecorder
import TestDoublesTrampolines

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Lets the recorder install the runtime's placeholder synthesis on first
/// need in a process whose tests make only manual doubles (found by its
/// mangled name, `Match.Placeholders.runtimeProviderName`: keep the two in step).
///
/// Public (as SPI) only so that an optimized build keeps it: nothing calls
/// it by name, and whole-module optimization dropped the internal type,
/// metadata and conformance record alike, so `_typeByName` found nothing.
@_spi(TestDoublesInternals)
public enum RuntimePlaceholderProvider: Match.Placeholders.SynthesizerProvider {
    /// Installs the runtime's placeholder synthesis (once per process).
    public static func installPlaceholderSynthesizer() { PlaceholderSynthesis.install() }
}

/// Installs the runtime's placeholder synthesis as the recorder's
/// last-resort placeholder hook, so `Match.any()` and recording passes work
/// for structs, enums, tuples, SIMD vectors and other values built from
/// metadata, for existentials (a dummy of the protocol), existential
/// metatypes (the dummy's type) and for closures.
///
/// Nested types (struct fields, tuple elements, enum payloads) are looked up
/// first through the recorder's sources (registered, built-in and handed-over
/// values), then here, so a struct holding a `URL`, an `AsyncStream` or an
/// instance the test passed with `Match.any(using:)` is built around them.
enum PlaceholderSynthesis {
    /// Installed once, on first use, thread-safely (a global's lazy initializer).
    private static let installed: Bool = {
        Match.Placeholders.installSynthesizer { type, lookup in
            if let value = runtimeValue(type) { return value }
            return Placeholder.value(of: type, resolving: { lookup($0) ?? runtimeValue($0) })
        }
        // A call with no value on a thread serving an actor's other jobs ends the pass there (see AbandonedJob).
        AbandonedJob.installRuntimeSteps()
        // A stub's value is an `any Equatable` when its protocol refines it: a literal one still means
        // that very value (comparing with `==` would call the stub, inside the matching of its own `==`).
        IdentityMatchedObjects.install { FabricatedConformance.isPayload($0) }
        #if compiler(>=6.2)
        // Async recording closures run behind the native stack barrier (a
        // closure capturing an Int128 can be miscompiled on x86_64).
        RecordingClosureBarrier.install { isolation, body in await NativeStackBarrier.run(isolation: isolation, body) }
        #endif
        return true
    }()

    /// Installs the hook if it is not installed yet.
    static func install() {
        _ = installed
    }

    /// Values only the runtime can make: a dummy of a protocol existential
    /// (a fabricated stub with no behaviors), a fail-on-use closure, and
    /// Foundation values of modules the recorder does not link.
    private static func runtimeValue(_ type: Any.Type) -> Any? {
        if type == URLRequest.self {
            return URLRequest(url: URL(string: "about:blank")!)
        }
        if let path = keyPath(type) { return path }
        switch TypeMetadata(type).kind {
        case .existential, .function:
            return try? DummyFactory.make(type, site: site).get()
        case .existentialMetatype:
            return existentialMetatype(type)
        case .extendedExistential:
            return ConstrainedExistentialPlaceholder.value(of: type) ?? (try? DummyFactory.make(type, site: site).get())
        default:
            return nil
        }
    }

    /// Where a dummy made as a placeholder says it was created.
    static let site = CallSite()
}
