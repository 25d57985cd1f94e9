import Testing

@testable import TestDoublesMetadata

#if canImport(Glibc)
import Glibc
#endif

/// The witness tables of one fixture conformance.
private enum Fixture: String, CaseIterable, CustomTestStringConvertible {
    case integers, scalars, collections, aggregates, higherOrder, effects, members, derived, other, base

    var table: UnsafeRawPointer {
        let conformer = FixtureConformer()
        switch self {
        case .integers: return WitnessTableReader.tables(of: conformer as any FixtureIntegers, count: 1)[0]
        case .scalars: return WitnessTableReader.tables(of: conformer as any FixtureScalars, count: 1)[0]
        case .collections: return WitnessTableReader.tables(of: conformer as any FixtureCollections, count: 1)[0]
        case .aggregates: return WitnessTableReader.tables(of: conformer as any FixtureAggregates, count: 1)[0]
        case .higherOrder: return WitnessTableReader.tables(of: conformer as any FixtureHigherOrder, count: 1)[0]
        case .effects: return WitnessTableReader.tables(of: conformer as any FixtureEffects, count: 1)[0]
        case .members: return WitnessTableReader.tables(of: conformer as any FixtureMembers, count: 1)[0]
        case .derived: return WitnessTableReader.tables(of: conformer as any FixtureComposition, count: 2)[0]
        case .other: return WitnessTableReader.tables(of: conformer as any FixtureComposition, count: 2)[1]
        case .base: return WitnessTableReader(table: Fixture.derived.table).baseTables[0]
        }
    }

    var testDescription: String { rawValue }
}

/// Discovers every callable requirement of a fixture, keyed by `static name kind`.
private func signatures(
    of fixture: Fixture, sources: [SignatureSource] = [.debugInfo, .symbolTable]
) throws -> [String: RequirementSignature] {
    let discovery = SignatureDiscovery(sources: sources)
    var found: [String: RequirementSignature] = [:]
    for entry in WitnessTableReader(table: fixture.table).entries {
        let signature = try discovery.signature(ofWitnessAt: entry.witness)
        #expect(signature.isStatic == !entry.isInstance || signature.kind == .initializer)
        found[key(signature)] = signature
    }
    return found
}

private func key(_ signature: RequirementSignature) -> String {
    (signature.isStatic ? "static " : "") + signature.name + " \(signature.kind)"
}

private func same(_ type: SignatureType, _ expected: Any.Type) -> Bool {
    type.concreteType.map { ObjectIdentifier($0) == ObjectIdentifier(expected) } ?? false
}

/// Expects the parameter and result types of `signature`, exactly.
private func expect(
    _ signature: RequirementSignature?, _ parameters: [Any.Type], _ result: Any.Type,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    guard let signature else {
        Issue.record("requirement not discovered", sourceLocation: sourceLocation)
        return
    }
    #expect(signature.parameters.count == parameters.count, "\(signature)", sourceLocation: sourceLocation)
    for (parameter, expected) in zip(signature.parameters, parameters) {
        #expect(same(parameter.type, expected), "\(parameter.type) is not \(expected)", sourceLocation: sourceLocation)
    }
    #expect(same(signature.result, result), "\(signature.result) is not \(result)", sourceLocation: sourceLocation)
}

@Suite struct SignatureDiscoveryTests {
    @Test func integersOfEveryWidth() throws {
        let found = try signatures(of: .integers)
        expect(
            found["widths(_:_:_:_:_:) method"], [Int8.self, Int16.self, Int32.self, Int64.self, Int.self], UInt8.self)
        let unsigned = found["unsigned(_:b:c:d:e:) method"]
        expect(unsigned, [UInt8.self, UInt16.self, UInt32.self, UInt64.self, UInt.self], Int64.self)
        #expect(unsigned?.parameters.map(\.label) == [nil, "b", "c", "d", "e"])
        #expect(found.values.allSatisfy { $0.source == .debugInfo })
    }

    @Test func boolFloatsStringCharacterAndVoid() throws {
        let found = try signatures(of: .scalars)
        expect(found["flag(_:) method"], [Bool.self], Bool.self)
        expect(found["floats(_:d:) method"], [Float.self, Double.self], Double.self)
        expect(found["text(_:c:) method"], [String.self, Character.self], String.self)
        expect(found["nothing() method"], [], Void.self)
    }

    @Test func collectionsAndOptionals() throws {
        let found = try signatures(of: .collections)
        expect(found["array(_:) method"], [[Int].self], [String].self)
        expect(found["dictionary(_:) method"], [[String: Int].self], Set<Int>.self)
        expect(found["optionals(_:b:) method"], [Int?.self, String?.self], [Int]?.self)
    }

    @Test func enumsStructsClassesAndSIMD() throws {
        let found = try signatures(of: .aggregates)
        expect(found["direction(_:) method"], [FixtureDirection.self], FixtureShape.self)
        expect(
            found["structs(_:m:l:) method"], [FixtureSmall.self, FixtureMixed.self, FixtureLarge.self],
            FixtureEmpty.self)
        expect(found["box(_:) method"], [FixtureBox.self], FixtureBox?.self)
        expect(found["simd(_:) method"], [SIMD4<Float>.self], SIMD2<Double>.self)
    }

    @Test func existentialsClosuresTuplesAndMetatypes() throws {
        let found = try signatures(of: .higherOrder)
        expect(
            found["existential(_:_:) method"], [(any CustomStringConvertible).self, (any Equatable).self],
            Any.self)
        let closure = found["closure(_:g:) method"]
        #expect(closure.map { same($0.parameters[0].type, ((Int) -> String).self) } == true)
        #expect(closure.map { same($0.result, (() -> Void).self) } == true)
        // A non-escaping closure has its own metadata, which Swift source cannot name.
        #expect(closure?.parameters[1].type.concreteType.map { "\($0)" } == "(String) throws -> ()")
        #expect(closure.map { same($0.parameters[1].type, ((String) throws -> Void).self) } == false)
        #expect(closure?.parameters.map(\.label) == [nil, "g"])
        if case .function(let noEscape) = closure?.parameters[1].demangledType {
            #expect(noEscape.representation == .nonEscaping)
            #expect(noEscape.thrownError == .untyped)
        } else {
            Issue.record("g is not a function type")
        }
        expect(
            found["tuple(_:named:) method"], [(Int, String).self, (x: Double, y: Float).self], (a: Int, b: Bool).self)
        expect(
            found["metatypes(_:_:) method"], [Int.Type.self, (any CustomStringConvertible.Type).self],
            FixtureBox.Type.self)
    }

    @Test func ownershipAndVariadics() throws {
        let found = try signatures(of: .higherOrder)
        let ownership = try #require(found["ownership(_:b:c:d:) method"])
        expect(ownership, [Int.self, String.self, [Int].self, [Int].self], Void.self)
        #expect(ownership.parameters.map(\.ownership) == [.inout, .owned, .shared, .default])
        #expect(ownership.parameters.map(\.isVariadic) == [false, false, false, true])
        #expect(ownership.parameters[3].demangledType.description == "Swift.Int")
    }

    @Test func requirementLevelGenerics() throws {
        let found = try signatures(of: .higherOrder)
        let generic = try #require(found["generic(_:count:) method"])
        #expect(generic.genericParameters.count == 1)
        #expect(generic.genericParameters.first?.conformances.map(\.qualifiedName) == ["Swift.Equatable"])
        guard case .dependent(.genericParameter(depth: 1, index: 0)) = generic.parameters[0].type else {
            Issue.record("the first parameter is \(generic.parameters[0].type), not the generic parameter")
            return
        }
        #expect(same(generic.parameters[1].type, Int.self))
        #expect(generic.result.description == "Swift.Array<τ_1_0>")
    }

    @Test func throwsTypedThrowsAndAsync() throws {
        let found = try signatures(of: .effects)
        let throwing = try #require(found["throwing() method"])
        #expect(!throwing.isAsync)
        guard case .untyped = throwing.thrownType else { Issue.record("throwing() is \(throwing)"); return }
        let typed = try #require(found["typed() method"])
        guard case .typed(let error) = typed.thrownType, same(error, FixtureError.self) else {
            Issue.record("typed() is \(typed)")
            return
        }
        let asynchronous = try #require(found["asynchronous(_:) method"])
        expect(asynchronous, [Int.self], Int.self)
        #expect(asynchronous.isAsync)
        guard case .none = asynchronous.thrownType else { Issue.record("asynchronous is \(asynchronous)"); return }
        let both = try #require(found["both(_:) method"])
        #expect(both.isAsync)
        guard case .untyped = both.thrownType else { Issue.record("both is \(both)"); return }
        // An accessor's mangled type has no `async`; the async function pointer witness says it.
        let loading = try #require(found["loading getter"])
        #expect(loading.isAsync)
        #expect(loading.symbol.form == .asyncWitnessFunctionPointer)
        let slot = try #require(found["subscript(slot:) getter"])
        expect(slot, [Int.self], FixtureLarge.self)
        #expect(slot.isAsync)
        let asyncTyped = try #require(found["asyncTyped() method"])
        #expect(asyncTyped.isAsync)
        #expect(asyncTyped.symbol.form == .asyncWitnessFunctionPointer)
        guard case .typed(let asyncError) = asyncTyped.thrownType, same(asyncError, FixtureError.self) else {
            Issue.record("asyncTyped() is \(asyncTyped)")
            return
        }
    }

    @Test func propertiesSubscriptsStaticsAndInitializers() throws {
        let found = try signatures(of: .members)
        expect(found["readOnly getter"], [], Int.self)
        expect(found["readWrite getter"], [], String.self)
        expect(found["readWrite setter"], [String.self], Void.self)
        expect(found["readWrite modify"], [], String.self)
        expect(found["subscript(_:) getter"], [Int.self], Double.self)
        expect(found["subscript(_:_:) getter"], [String.self, Int.self], Int.self)
        expect(found["subscript(_:_:) setter"], [Int.self, String.self, Int.self], Void.self)
        expect(found["subscript(_:_:) modify"], [String.self, Int.self], Int.self)
        #expect(found["subscript(_:_:) setter"]?.isSubscript == true)
        #expect(found["readWrite setter"]?.isSubscript == false)
        let make = try #require(found["static make(seed:) method"])
        #expect(same(make.parameters[0].type, UInt32.self))
        #expect(make.result.description == "Self")
        expect(found["static shared getter"], [], Int.self)
        let initializer = try #require(found["init(value:label:) initializer"])
        #expect(initializer.parameters.map(\.label) == ["value", "label"])
        #expect(!initializer.isStatic)
        #expect(found.count == 11)
    }

    @Test func inheritanceAndComposition() throws {
        #expect(WitnessTableReader(table: Fixture.derived.table).protocolName == "FixtureDerived")
        #expect(WitnessTableReader(table: Fixture.other.table).protocolName == "FixtureOther")
        #expect(WitnessTableReader(table: Fixture.base.table).protocolName == "FixtureBase")
        expect(try signatures(of: .derived)["derived(_:) method"], [String.self], Bool.self)
        expect(try signatures(of: .other)["other() method"], [], Character.self)
        let base = try signatures(of: .base)["base(_:) method"]
        expect(base, [Int.self], Int.self)
        #expect(base?.symbol.protocolType.name == "FixtureBase")
    }

    @Test(arguments: Fixture.allCases)
    fileprivate func debugInfoAgreesWithTheSymbol(_ fixture: Fixture) throws {
        let fromDebugInfo = try signatures(of: fixture, sources: [.debugInfo])
        let fromSymbol = try signatures(of: fixture, sources: [.symbolTable])
        #expect(Set(fromDebugInfo.keys) == Set(fromSymbol.keys))
        #expect(!fromDebugInfo.isEmpty)
        for (key, debug) in fromDebugInfo {
            let symbol = try #require(fromSymbol[key])
            #expect(debug.source == .debugInfo)
            #expect(symbol.source == .symbolTable)
            #expect(debug.parameters.count == symbol.parameters.count, "\(key)")
            for (lhs, rhs) in zip(debug.parameters, symbol.parameters) {
                #expect(lhs.type.isSame(as: rhs.type), "\(key): \(lhs.type) vs \(rhs.type)")
                #expect(lhs.label == rhs.label && lhs.ownership == rhs.ownership, "\(key)")
            }
            #expect(debug.result.isSame(as: symbol.result), "\(key)")
            #expect(debug.isAsync == symbol.isAsync, "\(key)")
        }
    }

    @Test func anAddressOutsideEveryImageFailsWithEverySourceNamed() {
        do {
            _ = try SignatureDiscovery().signature(ofWitnessAt: UInt(0x10))
            Issue.record("address 0x10 gave a signature")
        } catch {
            #expect(error.address == 0x10)
            #expect(error.attempts.map(\.source) == [.debugInfo, .symbolTable])
            #expect(error.attempts.allSatisfy { $0.reason.contains("no loaded image") })
        }
    }

    @Test func aFunctionThatIsNotAWitnessIsRejected() throws {
        let registry = ImageRegistry.shared
        let table = try ThisBinary.symbolTable.get()
        let probe = try #require(
            table.symbols.first { $0.name.contains("elfSymbolTableProbe") && $0.name.hasSuffix("SiyF") })
        let address = try #require(registry.address(ofSymbol: probe.name))
        do {
            _ = try SignatureDiscovery(registry: registry).signature(ofWitnessAt: address)
            Issue.record("a plain function gave a signature")
        } catch {
            #expect(error.attempts.count == 2)
            #expect(error.description.contains("no decodable witness symbol"))
        }
    }
}

@Suite struct ConformerShapeTests {
    @Test func aGenericConformersWitnessGivesTheSameSignature() throws {
        let table = WitnessTableReader.tables(of: FixtureGenericConformer(element: "x") as any FixtureBase, count: 1)[0]
        let entry = try #require(WitnessTableReader(table: table).entries.first)
        let signature = try SignatureDiscovery().signature(ofWitnessAt: entry.witness)
        #expect(signature.name == "base(_:)")
        #expect(
            signature.parameters.map { $0.type.concreteType.map(ObjectIdentifier.init) } == [ObjectIdentifier(Int.self)]
        )
        guard case .nominal(let conformer) = signature.symbol.conformingType else {
            Issue.record("conformer is \(String(describing: signature.symbol.conformingType))")
            return
        }
        #expect(conformer.name == "FixtureGenericConformer")
        #expect(conformer.genericArguments == [.genericParameter(depth: 0, index: 0)])
    }

    @Test func aClassConformerOfAClassBoundProtocol() throws {
        // A class-bound existential is the reference, then the witness table.
        let container = UnsafeMutablePointer<any FixtureClassBound>.allocate(capacity: 1)
        container.initialize(to: FixtureClassConformer())
        defer {
            container.deinitialize(count: 1)
            container.deallocate()
        }
        #expect(MemoryLayout<any FixtureClassBound>.size == 16)
        let table = UnsafeRawPointer(container).load(fromByteOffset: 8, as: UnsafeRawPointer.self)
        let reader = WitnessTableReader(table: table)
        #expect(reader.protocolName == "FixtureClassBound")
        let entry = try #require(reader.entries.first)
        let signature = try SignatureDiscovery().signature(ofWitnessAt: entry.witness)
        #expect(signature.source == .debugInfo)
        #expect(signature.name == "reference(_:)")
        #expect(
            signature.parameters.first?.type.concreteType.map(ObjectIdentifier.init)
                == ObjectIdentifier(FixtureBox.self))
        #expect(signature.result.concreteType.map(ObjectIdentifier.init) == ObjectIdentifier(Int.self))
    }
}

@Suite struct MethodDescriptorTests {
    @Test func aResilientRequirementNeedsNoConformer() throws {
        let registry = ImageRegistry.shared
        let address = try #require(registry.address(ofSymbol: "$sSH4hash4intoys6HasherVz_tFTq"))
        let signature = try SignatureDiscovery(registry: registry).signature(ofMethodDescriptorAt: address)
        #expect(signature.source == .methodDescriptor)
        #expect(signature.symbol.protocolType.qualifiedName == "Swift.Hashable")
        #expect(signature.name == "hash(into:)")
        #expect(signature.parameters.map(\.ownership) == [.inout])
        #expect(
            signature.parameters.first?.type.concreteType.map(ObjectIdentifier.init) == ObjectIdentifier(Hasher.self))
        #expect(signature.result.concreteType.map(ObjectIdentifier.init) == ObjectIdentifier(Void.self))
    }

    @Test func staticOperatorsKeepSelfDependent() throws {
        let registry = ImageRegistry.shared
        let address = try #require(registry.address(ofSymbol: "$sSL1loiySbx_xtFZTq"))
        let signature = try SignatureDiscovery(registry: registry).signature(ofMethodDescriptorAt: address)
        #expect(signature.isStatic && signature.name == "<(_:_:)")
        #expect(signature.parameters.map(\.type.description) == ["Self", "Self"])
    }

    @Test func aWitnessIsNotAMethodDescriptor() throws {
        let table = WitnessTableReader.tables(of: FixtureConformer() as any FixtureScalars, count: 1)[0]
        let entry = try #require(WitnessTableReader(table: table).entries.first)
        do {
            _ = try SignatureDiscovery().signature(ofMethodDescriptorAt: entry.witness)
            Issue.record("a witness thunk was accepted as a method descriptor")
        } catch {
            #expect(error.attempts.map(\.source) == [.methodDescriptor])
            #expect(error.description.contains("is not a method descriptor"))
        }
    }
}

@Suite struct SeveralConformersTests {
    @Test func theFirstWitnessThatAnswersWins() throws {
        let table = WitnessTableReader.tables(of: FixtureConformer() as any FixtureBase, count: 1)[0]
        let witness = try #require(WitnessTableReader(table: table).entries.first).witness
        let discovery = SignatureDiscovery()
        let signature = try discovery.signature(ofAnyWitnessAmong: [0x10, witness])
        #expect(signature.name == "base(_:)")
        // A second query is answered from the cache with the same result.
        let again = try discovery.signature(ofWitnessAt: witness)
        #expect(again.name == signature.name && again.source == signature.source)
    }

    @Test func everyFailedWitnessIsNamed() {
        do {
            _ = try SignatureDiscovery().signature(ofAnyWitnessAmong: [0x10, 0x20])
            Issue.record("unmapped witnesses gave a signature")
        } catch {
            #expect(error.attempts.count == 4)
            #expect(error.attempts.contains { $0.reason.hasPrefix("witness 0x20:") })
        }
        do {
            _ = try SignatureDiscovery().signature(ofAnyWitnessAmong: [])
            Issue.record("no witnesses gave a signature")
        } catch {
            #expect(error.attempts.allSatisfy { $0.reason == "no linked conformer supplied a witness" })
        }
    }
}

@Suite struct MergedWitnessTests {
    @Test func mergedWitnessesOfTheSameShapeAreInterchangeable() throws {
        let count = try RequirementSymbol(mangledName: "$s3App4LiveVAA1PA2aDP5countSivgTW")
        let other = try RequirementSymbol(mangledName: "$s3App4LiveVAA1PA2aDP6numberSivgTW")
        let chosen = try SignatureDiscovery.choose(among: [count, other]).get()
        #expect(chosen == count)
    }

    @Test func mergedWitnessesOfDifferentShapesAreAmbiguous() throws {
        let getter = try RequirementSymbol(mangledName: "$s3App4LiveVAA1PA2aDP5countSivgTW")
        let setter = try RequirementSymbol(mangledName: "$s3App4LiveVAA1PA2aDP5countSivsTW")
        let method = try RequirementSymbol(mangledName: "$s3App4LiveVAA1PA2aDP5greet_5timesS2S_SitFTW")
        for pair in [[getter, setter], [getter, method]] {
            guard case .failure(let failure) = SignatureDiscovery.choose(among: pair) else {
                Issue.record("\(pair.map(\.name)) were accepted as one witness")
                continue
            }
            #expect(failure.message.hasPrefix("ambiguous"))
        }
    }
}

@Suite struct DependentTypeTests {
    @Test func associatedTypesAndSelfStayDependent() throws {
        let table = try #require(
            ImageRegistryTestsSupport.witnessTable(of: FixtureConformer.self, conformingTo: "FixtureAssociated"))
        let reader = WitnessTableReader(table: table)
        var found: [String: RequirementSignature] = [:]
        for entry in reader.entries {
            let signature = try SignatureDiscovery().signature(ofWitnessAt: entry.witness)
            found[signature.name] = signature
        }
        let item = try #require(found["item()"])
        #expect(item.result.description == "Self.Item")
        #expect(item.result.concreteType == nil)
        let take = try #require(found["take(_:into:)"])
        #expect(take.parameters.map(\.type.description) == ["Self.Item", "Self"])
        #expect(take.parameters.map(\.ownership) == [.default, .inout])
        #expect(take.result.concreteType.map(ObjectIdentifier.init) == ObjectIdentifier(Bool.self))
    }
}

/// Finds a witness table through the runtime's conformance lookup, the
/// protocol descriptor found by its `...Mp` symbol.
enum ImageRegistryTestsSupport {
    private typealias ConformsToProtocol = @convention(c) (UnsafeRawPointer, UnsafeRawPointer) -> UnsafeRawPointer?

    private static func conformsToProtocol(_ type: UnsafeRawPointer, _ proto: UnsafeRawPointer) -> UnsafeRawPointer? {
        guard let entry = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "swift_conformsToProtocol") else { return nil }
        return unsafeBitCast(entry, to: ConformsToProtocol.self)(type, proto)
    }

    static func witnessTable(of type: Any.Type, conformingTo protocolName: String) -> UnsafeRawPointer? {
        let table = try? ThisBinary.symbolTable.get()
        let suffix = "\(protocolName.utf8.count)\(protocolName)Mp"
        guard let descriptorSymbol = table?.symbols.first(where: { $0.name.hasSuffix(suffix) }),
            let descriptor = ImageRegistry.shared.address(ofSymbol: descriptorSymbol.name)
        else { return nil }
        let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
        return conformsToProtocol(metadata, UnsafeRawPointer(bitPattern: descriptor)!)
    }
}
