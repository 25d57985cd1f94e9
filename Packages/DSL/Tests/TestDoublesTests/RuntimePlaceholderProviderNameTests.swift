@_spi(TestDoublesInternals) import TestDoublesRecorder
import Testing

@_spi(TestDoublesInternals) @testable import TestDoubles

/// The recorder finds the runtime layer's placeholder provider by its mangled
/// name, since it cannot import the module that declares it; a rename or a
/// move of the provider would silently leave manual-only test targets without
/// synthesized placeholders.
@Suite struct RuntimePlaceholderProviderNameTests {
    @Test func theRecordersNameIsTheProvidersMangledName() {
        #expect(_mangledTypeName(RuntimePlaceholderProvider.self) == Match.Placeholders.runtimeProviderName)
    }

    @Test func theNameResolvesToAProviderTheRecorderCanAsk() {
        let found = _typeByName(Match.Placeholders.runtimeProviderName)
        #expect(found == RuntimePlaceholderProvider.self)
        #expect(found is any Match.Placeholders.SynthesizerProvider.Type)
    }
}
