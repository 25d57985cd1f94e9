import Foundation
import SwiftMockingMacros
import Testing

/// The less common public API of the spec, spelled as documented: default
/// factories, metatype parsing, storage, the recorder, free adapters per
/// effect, `until` per effect, direct construction of interactions and
/// assertions, and the result builder's optional branch.
@Suite struct APISurfaceTests {
    @Test func defaultFactories() {
        var registry = DefaultProvidableRegistry()
        registry.register(.numeric(Int64.self))
        registry.register(.bool())
        registry.register(.string())
        registry.register(.array())
        registry.register(.set())
        registry.register(.dictionary())
        registry.register(.optional())
        registry.register(.void())
        #expect(registry.getDefaultForType(Int64.self) == 0)
        #expect(registry.getDefaultForType(Bool.self) == false)
        #expect(registry.getDefaultForType(String.self) == "")
        #expect(registry.getDefaultForType([Int].self) == [])
        #expect(registry.getDefaultForType(Set<String>.self) == [])
        #expect(registry.getDefaultForType([String: Int].self) == [:])
        #expect(registry.getDefaultForType(Int?.self) == .some(nil))
        #expect(registry.getDefaultForType(Void.self) != nil)
        registry.deregister(.bool())
        #expect(registry.getDefaultForType(Bool.self) == nil)
        #expect(MetatypeParser.parse([Int].self).name == "Array")
        #expect(MetatypeParser.parse([String: Int].self).genericArguments.map(\.name) == ["String", "Int"])
    }

    @Test func storageAndRecorderScopes() async {
        let storage = SpyStorageProvider()
        MockScope.withStorage(storage) {
            MockEnvironment.configure(with: ["x"])
        }
        #expect(storage.storage["MockEnvironment"]?["configure"]?.first?.invocationCount == 1)
        let recorder = InvocationRecorder()
        await MockScope.$invocationRecorder.withValue(recorder) {
            let spy = Spy<Int, Async, Void>(label: "ping")
            await spy(1)
        }
        let recorded = recorder.snapshot()
        #expect(recorded.map(\.methodLabel) == ["ping"])
        #expect(recorded.first?.arguments.first as? Int == 1)
        #expect(recorded.first?.index == 0)
        let manual = recorder.record(spyID: UUID(), invocationID: UUID(), methodLabel: "manual", arguments: [])
        #expect(manual.index == 1)
    }

    @Test func freeAdaptersForEveryEffect() async throws {
        let sync = Spy<Int, None, Int>()
        let throwing = Spy<Int, Throws, Int>()
        let async = Spy<Int, Async, Int>()
        let asyncThrowing = Spy<Void, AsyncThrows, [Int]>()
        when(sync(.any)).thenReturn { $0 + 1 }
        when(throwing(.any)).thenThrow(NetworkError.offline)
        when(async(.any)).thenReturn { value async in value * 2 }
        when(asyncThrowing(.any)).thenReturn([7])
        let f1: @Sendable (Int) -> Int = adapt(sync)
        let f2: @Sendable (Int) throws -> Int = adapt(throwing)
        let f3: @Sendable (Int) async -> Int = adapt(async)
        let f4: @Sendable () async throws -> [Int] = adapt(asyncThrowing)
        #expect(f1(1) == 2)
        #expect(throws: NetworkError.offline) { try f2(1) }
        #expect(await f3(4) == 8)
        #expect(try await f4() == [7])
        let g3 = async.asFunction()
        #expect(await g3(5) == 10)
    }

    @Test func untilForSyncAndAsyncEffects() async throws {
        let sync = Spy<Int, None, Void>()
        let async = Spy<Int, Async, Void>()
        // Both waits start before the calls: `until` ignores earlier calls.
        async let syncCall: Void = until(sync(.equal(1)), timeout: .seconds(5))
        async let asyncCall: Void = until(async(.any), timeout: .seconds(5))
        // Calls repeat until both waits have seen one, however late they start.
        let caller = Task {
            while !Task.isCancelled {
                sync(1)
                await async(2)
                try? await Task.sleep(for: .milliseconds(20))
            }
        }
        try await syncCall
        try await asyncCall
        caller.cancel()
    }

    @Test func directConstruction() throws {
        let spy = Spy<String, Int, None, Bool>(label: "check")
        let interaction = Interaction(.equal("a"), .any, spy: spy)
        when(interaction).thenReturn(true)
        #expect(spy("a", 1))
        Assert(invocationMatcher: InvocationMatcher(matchers: .equal("a"), .any), spy: spy).called(1)
        Assert(spy: spy).called(1)
        let write = Spy<Void, Int, None, Void>()
        let read = Spy<Void, None, Int>()
        let settable = SettableInteraction(
            get: Interaction(.any, spy: read),
            setInteraction: { newValue in Interaction(.any, newValue, spy: write) })
        write((), 3)
        verify(settable.set(.equal(3))).called(1)
        verify(settable <- 3).called(1)
        let value = read(())
        #expect(value == 0)
        verify(settable).called(1)
        #expect(interaction.invocations().count == 1)
    }

    @Test func builderOptionalBranch() {
        MockScope.withInvocationRecorder {
            let spy = Spy<Int, None, Void>()
            spy(1)
            spy(2)
            let checkSecond: Bool = true
            verifyInOrder {
                spy(.equal(1))
                if checkSecond {
                    spy(.equal(2))
                }
            }
        }
    }
}
