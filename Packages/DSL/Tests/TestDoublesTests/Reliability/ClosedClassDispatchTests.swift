import Foundation
import TestDoubles
import Testing

/// Optimized code calls a member of a class no other module can subclass,
/// and that no class of its module overrides, as the class's own code: a
/// class double's answers were skipped. Each library is compiled at test
/// time, so the check runs in a debug test run too.
@Suite(.disabled(if: LoadedLibrary.runsUnderEmulation, "the host's swiftc builds host libraries, not emulated ones"))
struct ClosedClassDispatchTests {
    /// A library whose `Meter` class (declared `access`) has `read(_:)`; its
    /// entry points return `Meter`'s metatype, make one, and call
    /// `read("abc")` on an instance in the library's own code.
    static func source(access: String) -> String {
        """
        \(access) class Meter {
            var base = 1_000
            init() {}
            func read(_ label: String) -> Int { base + label.count }
        }

        @_cdecl("testdoubles_meter_type")
        public func meterType() -> UnsafeRawPointer {
            unsafeBitCast(Meter.self as Any.Type, to: UnsafeRawPointer.self)
        }

        @_cdecl("testdoubles_meter_make")
        public func make() -> UnsafeMutableRawPointer { Unmanaged.passRetained(Meter() as AnyObject).toOpaque() }

        @_cdecl("testdoubles_meter_read")
        public func read(_ meter: UnsafeMutableRawPointer) -> Int {
            (Unmanaged<AnyObject>.fromOpaque(meter).takeUnretainedValue() as! Meter).read("abc")
        }
        """
    }

    typealias Make = @convention(c) () -> UnsafeMutableRawPointer
    typealias Read = @convention(c) (UnsafeMutableRawPointer) -> Int

    /// Builds `Stub<Meter>` of the library compiled with `flags`, answers 42, and calls it through the
    /// library's code: the answer, or the refusal.
    static func exercise(module: String, access: String, flags: [String]) async throws -> Result<Int, StubError> {
        let (_, handle) = try await LoadedLibrary.compileAndLoad(
            module: module, source: source(access: access), flags: flags)
        let typeFunction = unsafeBitCast(
            try #require(dlsym(handle, "testdoubles_meter_type")), to: (@convention(c) () -> UnsafeRawPointer).self)
        let make = unsafeBitCast(try #require(dlsym(handle, "testdoubles_meter_make")), to: Make.self)
        let read = unsafeBitCast(try #require(dlsym(handle, "testdoubles_meter_read")), to: Read.self)
        #expect(read(make()) == 1_003)
        let type = unsafeBitCast(typeFunction(), to: Any.Type.self)
        let classType = try #require(type as? AnyObject.Type)
        return open(classType, make: make, read: read)
    }

    private static func open<C: AnyObject>(_: C.Type, make: Make, read: Read) -> Result<Int, StubError> {
        func call(_ meter: C) -> Int { read(Unmanaged.passUnretained(meter as AnyObject).toOpaque()) }
        let stub: Stub<C>
        do {
            stub = try Stub<C>(initializingWith: { Unmanaged<AnyObject>.fromOpaque(make()).takeRetainedValue() as! C })
        } catch {
            return .failure(error)
        }
        stub.when { call($0) }.thenReturn(42)
        return .success(call(stub()))
    }

    @Test func anOptimizedInternalClassOfAModuleWithoutTestingIsRefusedNamingIt() async throws {
        let outcome = try await Self.exercise(module: "TestDoublesClosedMeterO", access: "", flags: ["-O", "-wmo"])
        guard case .failure(let error) = outcome else {
            // Before the refusal: the library's call ran Meter's own code.
            Issue.record("the class double was built, and the library's call answered \(outcome), not 42")
            return
        }
        #expect(error.kind == .unsupportedProtocolShape)
        #expect(error.reason.contains("Meter is visible only in its module"), "\(error.reason)")
        #expect(error.reason.contains("compiled with optimization"), "\(error.reason)")
    }

    @Test func theSameClassUnoptimizedIsServed() async throws {
        let outcome = try await Self.exercise(module: "TestDoublesClosedMeterOnone", access: "", flags: [])
        #expect(try outcome.get() == 42)
    }

    @Test func anOptimizedInternalClassOfATestableModuleIsServed() async throws {
        let outcome = try await Self.exercise(
            module: "TestDoublesClosedMeterT", access: "", flags: ["-O", "-wmo", "-enable-testing"])
        #expect(try outcome.get() == 42)
    }
}
