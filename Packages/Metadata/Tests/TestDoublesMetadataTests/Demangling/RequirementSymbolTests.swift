import Testing

@testable import TestDoublesMetadata

private typealias IsolatedRun = (isolated (any Actor)?, String) async -> String

@Suite struct RequirementSymbolTests {
    private func nominal(
        _ module: String, _ name: String, _ kind: DemangledNominalType.Kind = .structure
    )
        -> DemangledType
    {
        .nominal(DemangledNominalType(kind: kind, name: name, parent: .module(module)))
    }

    @Test func decodesGroupingOwnershipAndEffects() throws {
        let symbol = try RequirementSymbol(
            mangledName: "$s3App4LiveVAA1PA2aDP1t_1y1z1wAA5ShapeOSgSi_SSt_SizSaySiGnAA3BigVhtKFTW")
        #expect(symbol.form == .witnessThunk)
        #expect(symbol.conformingType == nominal("App", "Live"))
        #expect(symbol.protocolType.qualifiedName == "App.P")
        #expect(symbol.conformanceModule == "App")
        #expect(symbol.name == "t(_:y:z:w:)")
        #expect(symbol.kind == .method)
        let function = symbol.functionType
        #expect(function.parameters.map(\.ownership) == [.default, .inout, .owned, .shared])
        #expect(
            function.parameters[0].type
                == .tuple([.init(type: nominal("Swift", "Int")), .init(type: nominal("Swift", "String"))]))
        #expect(function.parameters[2].type.description == "Swift.Array<Swift.Int>")
        #expect(function.parameters[3].type == nominal("App", "Big"))
        #expect(function.result.description == "Swift.Optional<App.Shape>")
        #expect(function.thrownError == .untyped)
        #expect(!function.isAsync)
    }

    @Test func aWitnessOfAFunctionLocalConformerDecodesWithoutItsType() throws {
        // `struct Live: SDKCrashReporter` declared inside a test function: its witness of
        // `func record(_ message: String, file: String, line: Int)`. The conformer is a local
        // type (`4LiveL_V` in a function's context), which no name outside the function spells.
        let symbol = try RequirementSymbol(
            mangledName: "$s16TestDoublesTests033RealCodeNeverReturningRequirementC0V25aSpyFailsClosedTheSameWayyyKF"
                + "4LiveL_VAA16SDKCrashReporterA2aGP6record_4file4lineySS_SSSitFTW")
        #expect(symbol.form == .witnessThunk)
        #expect(symbol.conformingType == nil)
        #expect(symbol.protocolType.qualifiedName == "TestDoublesTests.SDKCrashReporter")
        #expect(symbol.name == "record(_:file:line:)")
        #expect(
            symbol.functionType.parameters.map(\.type.description) == ["Swift.String", "Swift.String", "Swift.Int"])
        #expect(symbol.functionType.result == .void)
    }

    @Test func aClosureParameterThatTakesASendingValueDecodes() throws {
        // `func observe(_ handler: @escaping @Sendable (sending SDKDraft) -> Void) -> Int`: inside the
        // closure type the parameter is `sending __owned` (`CnYu`, Sending(Owned(SDKDraft))).
        let symbol = try RequirementSymbol(
            mangledName: "$s16TestDoublesTests21SDKLiveDraftObservingVAA08SDKDraftF0A2aDP7observeySiyAA0G0CnYuYbcFTW")
        #expect(symbol.name == "observe(_:)")
        guard case .function(let handler) = try #require(symbol.functionType.parameters.first).type else {
            Issue.record("not a closure parameter: \(symbol.functionType)")
            return
        }
        #expect(handler.isSendable)
        #expect(handler.parameters.map(\.type.description) == ["TestDoublesTests.SDKDraft"])
        #expect(handler.parameters.map(\.ownership) == [.owned])
        #expect(symbol.functionType.result.description == "Swift.Int")
    }

    @Test func decodesAnIsolatedParameterAndWritesItBack() throws {
        // `func run(on actor: isolated (any Actor)?, _ job: String) async -> String`, a witness of a test target.
        let symbol = try RequirementSymbol(
            mangledName: "$s16TestDoublesTests13P19LiveWorkerVAA0dF0A2aDP3run2on_SSScA_pSgYi_SStYaFTWTu")
        #expect(symbol.name == "run(on:_:)")
        let function = symbol.functionType
        #expect(function.parameters.map(\.isIsolated) == [true, false])
        #expect(function.parameters[0].type.description == "Swift.Optional<any Swift.Actor>")
        #expect(function.parameters[0].ownership == .default)
        #expect(function.isAsync)
        // Written back, the function type names the same runtime type as the compiler's.
        var closure = function
        closure.representation = .escaping
        let type = try #require(RuntimeTypeLookup.type(forMangledName: DemangledType.function(closure).mangledName))
        #expect(ObjectIdentifier(type) == ObjectIdentifier(IsolatedRun.self))
        #expect(ObjectIdentifier(type) != ObjectIdentifier((((any Actor)?, String) async -> String).self))
    }

    @Test func decodesASameTypeRequirementOnTheProtocolsSelf() throws {
        // `func save(_ models: some Sequence<Model>) async throws`: `A.Model == A1.Element`, where
        // `z` (`…5ModelRtz`) is the outermost list's first parameter, the protocol's Self.
        let symbol = try RequirementSymbol(
            mangledName: "$s3SDK8UserRepoCAA10RepositoryA2aDP4saveyyqd__YaKSTRd__7ElementQyd__5ModelRtzlFTWTu")
        #expect(symbol.name == "save(_:)")
        let requirements = try #require(symbol.functionType.genericSignature).requirements
        let sameType = requirements.compactMap { requirement -> (DemangledType, DemangledType)? in
            guard case .sameType(let subject, let other) = requirement else { return nil }
            return (subject, other)
        }
        #expect(sameType.count == 1)
        guard case .dependentMember(let base, let member, _)? = sameType.first?.0 else {
            Issue.record("the subject is not an associated type: \(String(describing: sameType.first?.0))")
            return
        }
        #expect(member == "Model")
        #expect(base == .genericParameter(depth: 0, index: 0))
    }

    @Test func decodesCoroutineFunctionPointersOfReadAndModify() throws {
        // Swift 6.3.1 with CoroutineAccessors: the witness slot of a `read`
        // (`vy`, read2) or `modify` (`vx`, modify2) holds a `...TWTwc` record.
        let read = try RequirementSymbol(mangledName: "$s1M1SVAA1PA2aDP5valueSSvyTWTwc")
        #expect(read.form == .coroutineWitnessFunctionPointer)
        #expect(read.name == "value")
        #expect(read.kind == .read)
        #expect(read.functionType.result == nominal("Swift", "String"))
        let modify = try RequirementSymbol(mangledName: "$s1M1SVAA1PA2aDP5countSivxTWTwc")
        #expect(modify.form == .coroutineWitnessFunctionPointer)
        #expect(modify.name == "count")
        #expect(modify.kind == .modify)
        let subscriptRead = try RequirementSymbol(mangledName: "$s1M1SVAA1PA2aDPyS2iciyTWTwc")
        #expect(subscriptRead.kind == .read)
        #expect(subscriptRead.isSubscript)
        #expect(subscriptRead.functionType.parameters.map(\.type) == [nominal("Swift", "Int")])
    }

    @Test func decodesAsyncTypedThrowsAndClosures() throws {
        let symbol = try RequirementSymbol(
            mangledName: "$s3App4LiveVAA1PA2aDP1c_1gAA3BoxCS2ic_ySSKXEtYaAA4TErrVYKFTWTu")
        #expect(symbol.form == .asyncWitnessFunctionPointer)
        #expect(symbol.name == "c(_:g:)")
        let function = symbol.functionType
        #expect(function.isAsync)
        #expect(function.thrownError == .typed(nominal("App", "TErr")))
        #expect(function.result == nominal("App", "Box", .class))
        guard case .function(let escaping) = function.parameters[0].type,
            case .function(let nonEscaping) = function.parameters[1].type
        else {
            Issue.record("closure parameters did not decode as function types")
            return
        }
        #expect(escaping.representation == .escaping)
        #expect(escaping.description == "(Swift.Int) -> Swift.Int")
        #expect(nonEscaping.representation == .nonEscaping)
        #expect(nonEscaping.thrownError == .untyped)
        #expect(function.parameters[1].type.mangledName == "ytSSKXE")
    }

    @Test func decodesIsolatedAnyAndCallerIsolatedClosures() throws {
        // `@isolated(any)` (`YA`) and `nonisolated(nonsending)` (`YC`) follow the throws clause and
        // round-trip, so discovery reads the signature and the bridge can refuse the type by name.
        let cases: [(String, DemangledFunctionType.Isolation, String, String)] = [
            ("$s1M1SVAA1PA2aDP3runyyyyYaYAcFTW", .isolatedAny, "ytyYaYAc", "@isolated(any) () async -> ()"),
            (
                "$s1M1SVAA1PA2aDP3runyyyyYaYbKYAcFTW", .isolatedAny, "ytyYaYbKYAc",
                "@isolated(any) () async throws -> ()"
            ),
            ("$s1M1SVAA1PA2aDP3runyyyyYaYCcFTW", .callerIsolated, "ytyYaYCc", "nonisolated(nonsending) () async -> ()"),
        ]
        for (mangled, isolation, closure, spelled) in cases {
            let symbol = try RequirementSymbol(mangledName: mangled)
            #expect(symbol.name == "run(_:)")
            guard case .function(let function) = try #require(symbol.functionType.parameters.first).type else {
                Issue.record("\(mangled): the parameter did not decode as a function type")
                continue
            }
            #expect(function.isolation == isolation)
            #expect(function.globalActor == nil)
            #expect(function.isAsync)
            #expect(function.description == spelled)
            #expect(DemangledType.function(function).mangledName == closure)
        }
    }

    @Test func decodesAccessorsSubscriptsStaticsAndInitializers() throws {
        let getter = try RequirementSymbol(mangledName: "$s3App4LiveVAA1PA2aDP5countSivgTW")
        #expect(getter.kind == .getter && getter.name == "count" && !getter.isSubscript)
        #expect(getter.functionType.parameters.isEmpty && getter.functionType.result == nominal("Swift", "Int"))
        let setter = try RequirementSymbol(mangledName: "$s3App4LiveVAA1PA2aDPySDySSSiGSi_SStcisTW")
        #expect(setter.kind == .setter && setter.isSubscript && setter.name == "subscript(_:_:)")
        #expect(setter.functionType.parameters.map(\.type.mangledName) == ["SDySSSiG", "Si", "SS"])
        #expect(setter.functionType.result == .void)
        let modify = try RequirementSymbol(mangledName: "$s3App4LiveVAA1PA2aDP5countSivMTW")
        #expect(modify.kind == .modify)
        let staticGetter = try RequirementSymbol(mangledName: "$s3App4LiveVAA1PA2aDP1sSJvgZTW")
        #expect(staticGetter.isStatic && staticGetter.kind == .getter)
        #expect(staticGetter.functionType.result == nominal("Swift", "Character"))
        let make = try RequirementSymbol(mangledName: "$s3App4LiveVAA1PA2aDP4make1vxSid_tFZTW")
        #expect(make.isStatic && make.name == "make(v:)")
        #expect(make.functionType.parameters.first?.isVariadic == true)
        #expect(make.functionType.result == .genericParameter(depth: 0, index: 0))
        let initializer = try RequirementSymbol(
            mangledName: "$s3App4LiveVAA1PA2aDP1x1yxs5SIMD4VySfG_s23CustomStringConvertible_s8SendableptcfCTW")
        #expect(initializer.kind == .initializer && initializer.name == "init(x:y:)")
        #expect(initializer.functionType.parameters[0].type.mangledName == "s5SIMD4VySfG")
        // Sendable is a marker protocol: kept in the tree, left out of the runtime mangling.
        #expect(
            initializer.functionType.parameters[1].type.description
                == "any Swift.CustomStringConvertible & Swift.Sendable")
        #expect(initializer.functionType.parameters[1].type.mangledName == "s23CustomStringConvertible_p")
    }

    @Test func decodesGenericsMetatypesAndExistentialMetatypes() throws {
        let generic = try RequirementSymbol(mangledName: "$s3App4LiveVAA1PA2aDP3gen_1uSi1a_qd__1btqd___SimtSQRd__lFTW")
        let function = generic.functionType
        #expect(function.genericSignature?.parameterCounts == [1])
        #expect(function.parameters[0].type == .genericParameter(depth: 1, index: 0))
        #expect(function.parameters[1].type == .metatype(nominal("Swift", "Int")))
        #expect(function.result.description == "(a: Swift.Int, b: τ_1_0)")
        #expect(function.result.isDependent)
        let metatypes = try RequirementSymbol(mangledName: "$s3App4LiveVAA1PA2aDP2mtys4Int8VAA3BigVm_AaD_pXptFTW")
        #expect(metatypes.name == "mt(_:_:)")
        #expect(metatypes.functionType.parameters[1].type.description == "any App.P.Type")
        #expect(metatypes.functionType.result == nominal("Swift", "Int8"))
    }

    @Test func decodesMethodDescriptorsAndPrivateTypes() throws {
        let descriptor = try RequirementSymbol(mangledName: "$sSL1loiySbx_xtFZTq")
        #expect(descriptor.form == .methodDescriptor)
        #expect(descriptor.protocolType.qualifiedName == "Swift.Comparable")
        #expect(descriptor.isStatic && descriptor.name == "<(_:_:)")
        #expect(descriptor.conformingType == nil)
        let type = try DemangledType(mangledName: "3App1X33_0123456789ABCDEF0123456789ABCDEFLLV")
        guard case .nominal(let nominal) = type else {
            Issue.record("\(type) is not nominal")
            return
        }
        #expect(nominal.name == "X" && nominal.privateDiscriminator == "_0123456789ABCDEF0123456789ABCDEF")
        #expect(type.mangledName == "3App1X33_0123456789ABCDEF0123456789ABCDEFLLV")
    }

    @Test func decodesWordSubstitutionsAndNestedGenerics() throws {
        let symbol = try RequirementSymbol(
            mangledName:
                "$s20FoundationEssentials16AttributedStringVAA0cD8ProtocolA2aDP13dynamicMemberAA24ScopedAttributeContainerVyqd__Gs7KeyPathCyAA0I6ScopesOqd__mG_tcAA0I5ScopeRd__luiMTW"
        )
        #expect(symbol.protocolType.qualifiedName == "FoundationEssentials.AttributedStringProtocol")
        #expect(symbol.isSubscript && symbol.kind == .modify)
        #expect(symbol.name == "subscript(dynamicMember:)")
        let index = try DemangledType(mangledName: "SD5IndexVySSSi_G")
        #expect(index.description == "Swift.Dictionary<Swift.String, Swift.Int>.Index")
        #expect(index.mangledName == "SD5IndexVySSSi_G")
    }

    @Test func remanglingIsStableAndResolvesForEveryFixtureType() throws {
        var checked = 0
        for name in try DemanglingOracle.witnessSymbolsOfThisBinary() where DemanglingOracle.isFixtureWitness(name) {
            let symbol = try RequirementSymbol(mangledName: name)
            let function = symbol.functionType
            for type in function.parameters.map(\.type) + [function.result] {
                let again = try DemangledType(mangledName: type.mangledName)
                #expect(again.mangledName == type.mangledName, "\(name): \(type)")
                if !type.isDependent {
                    #expect(RuntimeTypeLookup.type(forMangledName: type.mangledName) != nil, "\(type.mangledName)")
                }
                checked += 1
            }
        }
        #expect(checked > 100)
    }

    @Test func rejectsSymbolsThatAreNotRequirements() {
        #expect(throws: DemanglingError.self) { try RequirementSymbol(mangledName: "$sSiN") }
        #expect(throws: DemanglingError.self) { try RequirementSymbol(mangledName: "main") }
        #expect(throws: DemanglingError.self) { try RequirementSymbol(mangledName: "") }
        #expect(throws: DemanglingError.self) { try DemangledType(mangledName: "SiSi") }
    }
}

@Suite struct PunycodeTests {
    @Test func aNonASCIIConformerNameDecodes() throws {
        let table = WitnessTableReader.tables(of: FixtureCafé() as any FixtureBase, count: 1)[0]
        let entry = try #require(WitnessTableReader(table: table).entries.first)
        let names = try ImageRegistry.shared.symbols(at: entry.witness).map(\.name)
        let mangled = try #require(names.first { $0.hasSuffix("TW") })
        #expect(mangled.contains("00"))
        let symbol = try RequirementSymbol(mangledName: mangled)
        guard case .nominal(let conformer) = symbol.conformingType else {
            Issue.record("conformer of \(mangled) is not nominal")
            return
        }
        #expect(conformer.name == "FixtureCaf\u{E9}")
        let signature = try SignatureDiscovery().signature(ofWitnessAt: entry.witness)
        #expect(signature.source == .debugInfo)
    }

    @Test func malformedPunycodeIsAnError() {
        // Each is rejected by swift-demangle too: a digit out of range, a truncated number, an overflow.
        for name in ["3App006Caf_yKV", "3App005Caf_yV", "3App006_zzzzzV", "3App006CafJJJV"] {
            #expect(throws: DemanglingError.self, "\(name)") { try DemangledType(mangledName: name) }
        }
    }
}
