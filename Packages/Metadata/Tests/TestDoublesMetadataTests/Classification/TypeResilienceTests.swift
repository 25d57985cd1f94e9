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

    @Test func toolchainListsMatchWholeNamesOnly() {
        let list = "Array Dictionary.Index Int"
        #expect(ToolchainModules.lists(list, "Array"))
        #expect(ToolchainModules.lists(list, "Dictionary.Index"))
        #expect(ToolchainModules.lists(list, "Int"))
        #expect(!ToolchainModules.lists(list, "Dictionary"))
        #expect(!ToolchainModules.lists(list, "Index"))
        #expect(!ToolchainModules.lists(list, "In"))
        #expect(!ToolchainModules.lists(list, "Ints"))
        #expect(!ToolchainModules.lists(list, ""))
        #expect(!ToolchainModules.lists(list, "Array Dictionary.Index"))
    }

    /// Over the real tables, a search answers as splitting the list at its spaces would: every listed
    /// name, and none of its prefixes, extensions, neighbours joined or halves of a dotted name.
    @Test func toolchainListsAgreeWithTheirNamesSplit() {
        for list in Array(ToolchainModules.frozenTypes.values) + Array(ToolchainModules.resilientTypes.values) {
            let names = list.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
            let listed = Set(names)
            var probes = names.flatMap { [$0, String($0.dropLast()), $0 + "s", String($0.dropFirst())] }
            probes += zip(names, names.dropFirst()).map { $0 + " " + $1 }
            probes += names.flatMap { $0.split(separator: ".").map(String.init) }
            for probe in probes {
                let expected = !probe.isEmpty && !probe.contains(" ") && listed.contains(probe)
                #expect(ToolchainModules.lists(list, probe) == expected, "\(probe)")
            }
        }
        #expect(ToolchainModules.lists("Array  Int ", "Int"))
        #expect(!ToolchainModules.lists("", "Int"))
        #expect(!ToolchainModules.lists(" ", "Int"))
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

    // Property descriptors of `public struct Money { public var cents: Int32 }`, measured: `01800000`
    // (a stored-property key path component) with library evolution, a zero word without it; a
    // get-only computed property's is zero in both modes, so only a stored one's shows the mode.
    @Test func propertyDescriptorsShowTheModeOnlyForStoredProperties() {
        let cents = Self.symbol("$s2M25MoneyV5centss5Int32VvpMV", local: false)
        let total = Self.symbol("$s2M25MoneyV5totalSivpMV", local: false)
        #expect(
            ModuleResilienceEvidence.evidence(in: [cents], hasCallableRequirements: { _ in false }) { _ in
                .storedComponent
            } == .libraryEvolution)
        #expect(
            ModuleResilienceEvidence.evidence(in: [cents], hasCallableRequirements: { _ in false }) { _ in
                .trivial
            } == .fixedLayout)
        #expect(
            ModuleResilienceEvidence.evidence(in: [total], hasCallableRequirements: { _ in false }) { _ in
                nil
            } == nil)
        // A component anywhere wins, as a dispatch thunk does.
        #expect(
            ModuleResilienceEvidence.evidence(in: [cents, total], hasCallableRequirements: { _ in false }) {
                $0.name == total.name ? .storedComponent : .trivial
            } == .libraryEvolution)
    }

    // First words measured (Swift 6.3.1, 6.0.3; x86_64, arm64): library evolution gives a struct's stored
    // property 0x01800000 (an inline offset), 0x01000000, 0x01fffffe (a generic struct's unresolved
    // offset), or a computed component 0x02c00000 (an observed property; weak, unowned, thin metatype and
    // function fields too); without it, 0 or, for an internal one exported by -enable-testing, 0x02e00000.
    @Test func onlyAStoredComponentOrAZeroWordIsEvidence() {
        typealias Evidence = ModuleResilienceEvidence.PropertyDescriptorEvidence
        #expect(Evidence(header: 0x0180_0000) == .storedComponent)
        #expect(Evidence(header: 0x0100_0000) == .storedComponent)
        #expect(Evidence(header: 0x01ff_fffe) == .storedComponent)
        #expect(Evidence(header: 0) == .trivial)
        #expect(Evidence(header: 0x02c0_0000) == nil)
        #expect(Evidence(header: 0x02e0_0000) == nil)
        #expect(Evidence(header: 0x0340_0000) == nil)
    }

    @Test func storedPropertyDescriptorsAreToldByTheirStructsFieldNames() {
        let fields: [String: Set<String>] = [
            "$s2M25MoneyV": ["cents", "code"], "$s2M25OuterV": ["inner"], "$s2M25OuterV6NestedV": ["y"],
            "$s2M27GenericV": ["value"],
        ]
        #expect(ModuleResilienceEvidence.isStoredPropertyDescriptor("$s2M25MoneyV5centss5Int32VvpMV", fields: fields))
        #expect(ModuleResilienceEvidence.isStoredPropertyDescriptor("$s2M25MoneyV4codes5Int16VvpMV", fields: fields))
        #expect(ModuleResilienceEvidence.isStoredPropertyDescriptor("$s2M27GenericV5valuexvpMV", fields: fields))
        #expect(ModuleResilienceEvidence.isStoredPropertyDescriptor("$s2M25OuterV6NestedV1ySivpMV", fields: fields))
        // A computed property, a static one, a subscript, a nested type's member named like a field.
        #expect(!ModuleResilienceEvidence.isStoredPropertyDescriptor("$s2M25MoneyV5totalSivpMV", fields: fields))
        #expect(!ModuleResilienceEvidence.isStoredPropertyDescriptor("$s2M25MoneyV5centsSivpZMV", fields: fields))
        #expect(!ModuleResilienceEvidence.isStoredPropertyDescriptor("$s2M25MoneyVyS2icipMV", fields: fields))
        #expect(!ModuleResilienceEvidence.isStoredPropertyDescriptor("$s2M25OuterV5innerV1ySivpMV", fields: fields))
        // A word substitution (an identifier starting with 0) and a truncated name are not read.
        #expect(!ModuleResilienceEvidence.isStoredPropertyDescriptor("$s2M25MoneyV0a4CodeSivpMV", fields: fields))
        #expect(!ModuleResilienceEvidence.isStoredPropertyDescriptor("$s2M25MoneyV9centsvpMV", fields: fields))
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
