import Testing

@testable import TestDoublesMetadata

/// A struct of this (non-library-evolution) test module holding a resilient value.
struct RTHoldsInstant {
    var instant: ContinuousClock.Instant
    var count: Int
}

/// A struct of this test module holding only frozen values.
struct RTHoldsDuration {
    var duration: Duration
}

/// Lowerings checked with `swiftc -emit-ir` (Swift 6.3.1, x86_64 and
/// aarch64): a client passes a non-`@frozen` type of a library-evolution
/// module by address whatever its size, and a value holding one too.
let resilientCases: [ClassificationCase] = [
    .init(ContinuousClock.Instant.self, "indirect"),
    .init(SuspendingClock.Instant.self, "indirect"),
    .init(ContinuousClock.self, "indirect"),
    .init(AsyncStream<Int>.self, "indirect"),
    .init(AsyncThrowingStream<Int, any Error>.self, "indirect"),
    .init(AsyncStream<Int>.Continuation.self, "indirect"),
    .init(CollectionDifference<Int>.self, "indirect"),
    .init(TaskPriority.self, "indirect"),
    .init(CheckedContinuation<Int, Never>.self, "indirect"),
    .init(Mirror.self, "indirect"),
    .init(ContinuousClock.Instant?.self, "indirect"),
    .init(RTHoldsInstant.self, "indirect"),
    .init(Result<ContinuousClock.Instant, any Error>.self, "indirect"),
    .init([ContinuousClock.Instant].self, "direct[int8@0]"),
    // `@frozen` types of the same modules keep their registers.
    .init(Duration.self, "direct[int8@0, int8@8]"),
    .init(RTHoldsDuration.self, "direct[int8@0, int8@8]"),
    .init(Range<String.Index>.self, "direct[int8@0, int8@8]"),
    .init(Task<Int, Never>.self, "direct[int8@0]"),
    .init(UnsafeContinuation<Int, Never>.self, "direct[int8@0]"),
]

@Suite struct TypeResilienceTests {
    @Test(arguments: resilientCases)
    func resilientTypesTravelByAddress(_ row: ClassificationCase) throws {
        #expect(try ABIClassifier.classify(row.type, for: .x86_64).description == row.x86_64)
        #expect(try ABIClassifier.classify(row.type, for: .arm64).description == row.arm64)
    }

    @Test func aTupleParameterSplitsIntoItsElements() throws {
        let passings = try ABIClassifier.classifyParameter((ContinuousClock.Instant, Int).self, for: .x86_64)
        #expect(passings.map(\.description) == ["indirect", "direct[int8@0]"])
    }

    @Test func aTupleResultWithAnElementByAddressFailsClosed() throws {
        #expect(throws: MetadataError.self) {
            _ = try ABIClassifier.classifyResult((ContinuousClock.Instant, Int).self, for: .x86_64)
        }
        #expect(throws: MetadataError.self) {
            _ = try ABIClassifier.classifyResult((Any, Int).self, for: .arm64)
        }
        #expect(
            try ABIClassifier.classifyResult((Int, Double).self, for: .x86_64).description == "direct[int8@0, fp8@8]")
        #expect(try ABIClassifier.classifyResult(ContinuousClock.Instant.self, for: .arm64) == .indirect)
    }

    @Test func toolchainTablesKnowTheStandardLibrary() {
        #expect(ToolchainModules.verdict(module: "Swift", path: "ContinuousClock.Instant") == .resilient)
        #expect(ToolchainModules.verdict(module: "Swift", path: "AsyncStream") == .resilient)
        #expect(ToolchainModules.verdict(module: "Swift", path: "Duration") == .frozen)
        #expect(ToolchainModules.verdict(module: "Swift", path: "Optional") == .frozen)
        #expect(ToolchainModules.verdict(module: "Swift", path: "NoSuchType") == .unlisted)
        #expect(ToolchainModules.verdict(module: "FoundationEssentials", path: "Date") == .fixedLayoutModule)
        #expect(ToolchainModules.verdict(module: "SomeApp", path: "Model") == .unknownModule)
    }

    @Test func thisTestModuleShowsItIsBuiltWithoutLibraryEvolution() throws {
        let descriptor = try #require(TypeMetadata(RTHoldsDuration.self).typeDescriptor)
        #expect(
            ModuleResilienceEvidence.verdict(module: "TestDoublesMetadataTests", descriptor: descriptor.pointer)
                == .fixedLayout)
    }

    /// A symbol as `ELFSymbolTable` reads it.
    static func symbol(_ name: String, local: Bool, writable: Bool = false) -> ELFSymbolTable.Symbol {
        ELFSymbolTable.Symbol(
            name: name, value: 0, size: 0, isLocal: local, isAbsolute: false, isFunction: false, isWritable: writable)
    }

    // The symbols `swiftc -emit-library` gives a module of a public struct and an internal class, with
    // and without `-enable-library-evolution` alike: two local method descriptors. They show neither mode.
    @Test func localMethodDescriptorsShowNeitherMode() {
        let internalClass = [
            Self.symbol("$s2M25CacheC3getSiyFTq", local: true), Self.symbol("$s2M25CacheCACycfCTq", local: true),
        ]
        #expect(ModuleResilienceEvidence.evidence(in: internalClass) { _ in false } == nil)
        let exportedClass = internalClass.map { Self.symbol($0.name, local: false) }
        #expect(ModuleResilienceEvidence.evidence(in: exportedClass) { _ in false } == .fixedLayout)
        let internalProtocolThunk = internalClass + [Self.symbol("$s2M25StoreP4loadSiyFTj", local: true)]
        #expect(ModuleResilienceEvidence.evidence(in: internalProtocolThunk) { _ in false } == .libraryEvolution)
    }

    // A private protocol with a requirement, measured with library evolution: a local descriptor and a
    // local method descriptor (`-Onone`; `-O` drops the latter), no dispatch thunk. Without library
    // evolution: the local descriptor alone. The old rule read both as built without library evolution.
    @Test func aLocalProtocolDescriptorShowsNeitherMode() {
        let privateProtocol = [
            Self.symbol("$s2M26Hidden33_AAC44D03D2492865C5B48EC247078FC5LLP4loadSiyFTq", local: true),
            Self.symbol("$s2M26Hidden33_AAC44D03D2492865C5B48EC247078FC5LLPMp", local: true),
        ]
        #expect(ModuleResilienceEvidence.evidence(in: privateProtocol) { _ in true } == nil)
        let publicProtocol = [Self.symbol("$s2M26LoaderPMp", local: false)]
        #expect(ModuleResilienceEvidence.evidence(in: publicProtocol) { _ in true } == .fixedLayout)
    }

    // `public protocol Holder: Marker { associatedtype Item: Equatable }` has three requirements (base
    // protocol, associated type, associated conformance) and no dispatch thunk in either mode.
    @Test func aProtocolWithoutCallableRequirementsShowsNeitherMode() {
        let holder = [Self.symbol("$s2M26HolderPMp", local: false), Self.symbol("$s2M26MarkerPMp", local: false)]
        #expect(ModuleResilienceEvidence.evidence(in: holder) { _ in false } == nil)
    }

    // A class inheriting from a resilient class (`ManagedBuffer`, or a class of a library-evolution
    // module) has a metadata base offset in `.bss` in either mode; library evolution gives every other
    // class one in `.rodata`.
    @Test func onlyAReadOnlyMetadataBaseOffsetShowsLibraryEvolution() {
        let subclass = [
            Self.symbol("$s2M26BufferCMo", local: false, writable: true),
            Self.symbol("$s2M26LedgerC5totalSiyFTq", local: false),
        ]
        #expect(ModuleResilienceEvidence.evidence(in: subclass) { _ in false } == .fixedLayout)
        let resilientClass = [Self.symbol("$s2M26LedgerCMo", local: false, writable: false)]
        #expect(ModuleResilienceEvidence.evidence(in: resilientClass) { _ in false } == .libraryEvolution)
    }

    @Test func caseTagSymbolsAreToldFromNestedTypes() {
        // `enum case for L.E.a`, `L.E.b`, and a case of the nested `L.E.Inner`.
        #expect(ModuleResilienceEvidence.isCaseTag("$s1L1EO1ayACSicACmFWC", of: "$s1L1EO"))
        #expect(ModuleResilienceEvidence.isCaseTag("$s1L1EO1byA2CmFWC", of: "$s1L1EO"))
        #expect(!ModuleResilienceEvidence.isCaseTag("$s1L1EO5InnerO1xyA2EmFWC", of: "$s1L1EO"))
        #expect(!ModuleResilienceEvidence.isCaseTag("$s1L1EO1ayACSicACmF", of: "$s1L1EO"))
        #expect(ModuleResilienceEvidence.mangledPrefix(of: "TestDoubles") == "$s11TestDoubles")
        #expect(ModuleResilienceEvidence.mangledPrefix(of: "Swift") == nil)
    }
}
