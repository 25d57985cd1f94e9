import Foundation
import TestDoubles
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A module compiled at test time with `-enable-library-evolution`, loaded
/// with `dlopen`: its non-`@frozen` enum travels by address, its `@frozen`
/// enum in registers, and a struct of it, whose `@frozen`-ness metadata does
/// not record, fails closed. The test names the library's types only through
/// the library's own entry points.
@Suite(.disabled(if: LoadedLibrary.runsUnderEmulation, "the host's swiftc builds host libraries, not emulated ones"))
struct LibraryEvolutionTests {
    /// The library: its protocols' metatypes and call sites, reached through C entry points.
    struct Library: @unchecked Sendable {
        typealias Call = @convention(c) (UnsafeRawPointer) -> Int
        typealias Metatype = @convention(c) () -> UnsafeRawPointer

        let path: String
        let moderType: Any.Type
        let stamperType: Any.Type
        /// `take(.on(41), 7)` on the `Moder` inside the `Any` at the pointer.
        let take: Call
        /// `flip(.up(5), 3)` on the `Moder` inside the `Any` at the pointer.
        let flip: Call
        /// The payload of the `Mode` or `Switch` inside the `Any` at the pointer (-1 otherwise).
        let payload: Call

        static func load() async throws -> Library {
            let (path, handle) = try await LoadedLibrary.compileAndLoad(
                module: "TestDoublesEvolvingLibrary", source: source, flags: ["-enable-library-evolution"])
            func symbol<T>(_ name: String, as _: T.Type) throws -> T {
                unsafeBitCast(try #require(dlsym(handle, name)), to: T.self)
            }
            return Library(
                path: path,
                moderType: unsafeBitCast(try symbol("evolving_moder_type", as: Metatype.self)(), to: Any.Type.self),
                stamperType: unsafeBitCast(
                    try symbol("evolving_stamper_type", as: Metatype.self)(), to: Any.Type.self),
                take: try symbol("evolving_take", as: Call.self),
                flip: try symbol("evolving_flip", as: Call.self),
                payload: try symbol("evolving_payload", as: Call.self))
        }

        func callAny(_ function: Call, _ subject: Any) -> Int {
            var box = subject
            return withUnsafePointer(to: &box) { function(UnsafeRawPointer($0)) }
        }

        static let source = """
            public enum Mode: Equatable { case on(Int), off }
            @frozen public enum Switch: Equatable { case up(Int), down }
            public struct Stamp { public var value: Int; public init(value: Int) { self.value = value } }

            public protocol Moder {
                func take(_ mode: Mode, _ tag: Int) -> Int
                func flip(_ position: Switch, _ tag: Int) -> Int
            }
            public protocol Stamper {
                func stamp(_ stamp: Stamp) -> Int
            }

            struct LiveModer: Moder {
                func take(_ mode: Mode, _ tag: Int) -> Int { tag }
                func flip(_ position: Switch, _ tag: Int) -> Int { tag }
            }
            struct LiveStamper: Stamper {
                func stamp(_ stamp: Stamp) -> Int { stamp.value }
            }

            @_cdecl("evolving_moder_type")
            public func moderType() -> UnsafeRawPointer { unsafeBitCast((any Moder).self as Any.Type, to: UnsafeRawPointer.self) }
            @_cdecl("evolving_stamper_type")
            public func stamperType() -> UnsafeRawPointer { unsafeBitCast((any Stamper).self as Any.Type, to: UnsafeRawPointer.self) }
            @_cdecl("evolving_take")
            public func take(_ subject: UnsafeRawPointer) -> Int {
                guard let moder = subject.load(as: Any.self) as? any Moder else { return -1 }
                return moder.take(.on(41), 7)
            }
            @_cdecl("evolving_flip")
            public func flip(_ subject: UnsafeRawPointer) -> Int {
                guard let moder = subject.load(as: Any.self) as? any Moder else { return -1 }
                return moder.flip(.up(5), 3)
            }
            @_cdecl("evolving_payload")
            public func payload(_ subject: UnsafeRawPointer) -> Int {
                switch subject.load(as: Any.self) {
                case let mode as Mode: if case .on(let value) = mode { return value }; return 0
                case let position as Switch: if case .up(let value) = position { return value }; return 0
                default: return -1
                }
            }
            """
    }

    /// Loaded once per process: a module name may be registered only once.
    static let loaded = Task { try await Library.load() }

    static func exercise<T>(_: T.Type, in library: Library) throws -> (take: Int, flip: Int) {
        let stub = try Stub<T>()
        stub.when { library.callAny(library.take, $0) }.then { (mode: Any, tag: Int) in
            library.callAny(library.payload, mode) * 100 + tag
        }
        stub.when { library.callAny(library.flip, $0) }.then { (position: Any, tag: Int) in
            library.callAny(library.payload, position) * 100 + tag
        }
        return (library.callAny(library.take, stub()), library.callAny(library.flip, stub()))
    }

    @Test func resilientAndFrozenEnumsOfALibraryEvolutionModuleCrossExactly() async throws {
        let library = try await Self.loaded.value
        let answers = try Self.exercise(library.moderType, in: library)
        // The library's own call sites passed `.on(41), 7` and `.up(5), 3`; the handler decoded both exactly.
        #expect(answers.take == 4107)
        #expect(answers.flip == 503)
    }

    @Test func aStructOfALibraryEvolutionModuleFailsClosedNamingIt() async throws {
        let library = try await Self.loaded.value
        let refusal = constructionError(of: library.stamperType)
        let error = try #require(refusal)
        #expect(error.reason.contains("Stamp"), "\(error.reason)")
        #expect(error.reason.contains("library evolution"), "\(error.reason)")
        #expect(error.reason.contains("@frozen"), "\(error.reason)")
    }
}
