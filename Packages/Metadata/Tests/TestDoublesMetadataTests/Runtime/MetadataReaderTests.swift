import Testing

@testable import TestDoublesMetadata

@Suite struct MetadataKindTests {
    @Test func kindsOfEveryFamily() {
        #expect(TypeMetadata(Int.self).kind == .struct)
        #expect(TypeMetadata(RTDirection.self).kind == .enum)
        #expect(TypeMetadata(Optional<Int>.self).kind == .optional)
        #expect(TypeMetadata(Optional<Int>.self).isOptional)
        #expect(!TypeMetadata(Int.self).isOptional)
        #expect(TypeMetadata(RTBox.self).kind == .class)
        #expect(TypeMetadata((Int, String).self).kind == .tuple)
        #expect(TypeMetadata(((Int) -> Int).self).kind == .function)
        #expect(TypeMetadata((any RTGreeter).self).kind == .existential)
        #expect(TypeMetadata(Any.self).kind == .existential)
        #expect(TypeMetadata(Int.Type.self).kind == .metatype)
        #expect(TypeMetadata((any RTGreeter.Type).self).kind == .existentialMetatype)
    }

    @Test func unknownKindValuesAreKeptNotGuessed() {
        #expect(MetadataKind(rawValue: 0x2FF) == .unknown(0x2FF))
        #expect(MetadataKind(rawValue: 0x7FF) == .unknown(0x7FF))
        // Values above the enumerated range are isa pointers, i.e. classes.
        #expect(MetadataKind(rawValue: 0x1_0000) == .class)
    }

    @Test func kindSpecificViewsRefuseOtherKinds() {
        #expect(throws: MetadataError.unexpectedMetadataKind(expected: "struct", found: .class)) {
            try StructMetadata(TypeMetadata(RTBox.self))
        }
        #expect(throws: MetadataError.self) { try EnumMetadata(TypeMetadata(Int.self)) }
        #expect(throws: MetadataError.self) { try TupleMetadata(TypeMetadata(Int.self)) }
        #expect(throws: MetadataError.self) { try FunctionMetadata(TypeMetadata(Int.self)) }
        #expect(throws: MetadataError.self) { try ClassMetadata(TypeMetadata(Int.self)) }
        #expect(throws: MetadataError.self) { try ExistentialMetadata(TypeMetadata(Int.self)) }
        #expect(throws: MetadataError.self) { try MetatypeMetadata(TypeMetadata(Int.self)) }
        #expect(throws: MetadataError.self) { try ProtocolDescriptor.protocols(of: Int.self) }
    }

    @Test func typeRoundTripsThroughMetadata() {
        let metadata = TypeMetadata(RTPoint.self)
        #expect(ObjectIdentifier(metadata.type) == ObjectIdentifier(RTPoint.self))
        #expect(metadata.description.hasSuffix("RTPoint"))
    }
}

@Suite struct ValueWitnessTableTests {
    @Test func layoutMatchesMemoryLayout() {
        func check<T>(_ type: T.Type) {
            let witnesses = TypeMetadata(type).valueWitnesses
            #expect(witnesses.size == MemoryLayout<T>.size, "\(type)")
            #expect(witnesses.stride == MemoryLayout<T>.stride, "\(type)")
            #expect(witnesses.alignment == MemoryLayout<T>.alignment, "\(type)")
        }
        check(Int8.self)
        check(Int16.self)
        check(Bool.self)
        check(Double.self)
        check(String.self)
        check(RTPoint.self)
        check(RTShape.self)
        check((Int8, Int64, Int8).self)
        check(SIMD4<Float>.self)
        check(Optional<Double>.self)
        check((any RTGreeter).self)
    }

    @Test func flags() {
        let int = TypeMetadata(Int.self).valueWitnesses
        #expect(int.isPOD)
        #expect(int.isBitwiseTakable)
        #expect(int.isInlineStorage)
        #expect(int.isCopyable)
        #expect(!int.hasEnumWitnesses)
        let string = TypeMetadata(String.self).valueWitnesses
        #expect(!string.isPOD)
        #expect(string.isBitwiseTakable)
        let large = TypeMetadata((Int, Int, Int, Int).self).valueWitnesses
        #expect(!large.isInlineStorage)
        #expect(TypeMetadata(RTShape.self).valueWitnesses.hasEnumWitnesses)
        // Bool uses one bit of its byte: 254 extra inhabitants; Int has none.
        #expect(TypeMetadata(Bool.self).valueWitnesses.extraInhabitantCount == 254)
        #expect(int.extraInhabitantCount == 0)
    }

    @Test func weakReferencesAreNotBitwiseTakable() {
        struct HoldsWeak { weak var box: RTBox? }
        #expect(!TypeMetadata(HoldsWeak.self).valueWitnesses.isBitwiseTakable)
    }
}

@Suite struct StructMetadataTests {
    @Test func fieldsOfAStruct() throws {
        let point = try StructMetadata(TypeMetadata(RTPoint.self))
        #expect(point.fieldCount == 3)
        #expect(point.descriptor.name == "RTPoint")
        #expect(point.descriptor.kind == .struct)
        #expect(point.descriptor.context.moduleName == "TestDoublesMetadataTests")
        let fields = try point.fields()
        #expect(fields.map(\.name) == ["x", "y", "label"])
        #expect(fields.map(\.offset) == [0, 8, 16])
        #expect(fields[0].type == TypeMetadata(Int.self))
        #expect(fields[1].type == TypeMetadata(Double.self))
        #expect(fields[2].type == TypeMetadata(String.self))
        #expect(
            point.fieldOffsets == [MemoryLayout<RTPoint>.offset(of: \.x), MemoryLayout<RTPoint>.offset(of: \.y)] + [16])
    }

    @Test func fieldsOfAGenericInstantiation() throws {
        let generic = try StructMetadata(TypeMetadata(RTGeneric<Int8>.self))
        #expect(generic.descriptor.isGeneric)
        let fields = try generic.fields()
        #expect(fields.map(\.name) == ["first", "count"])
        #expect(fields[0].type == TypeMetadata(Int8.self))
        #expect(fields.map(\.offset) == [0, 8])
    }

    @Test func builtinFieldsOfStandardLibraryTypes() throws {
        let int = try StructMetadata(TypeMetadata(Int.self)).fields()
        #expect(int.count == 1)
        #expect(int[0].mangledTypeName.isBuiltin)
        #expect(int[0].mangledTypeName.description == "Bi64_")
        let float = try StructMetadata(TypeMetadata(Float.self)).fields()
        #expect(float[0].mangledTypeName.description == "Bf32_")
    }
}

@Suite struct EnumMetadataTests {
    @Test func casesOfAPayloadEnum() throws {
        let shape = try EnumMetadata(TypeMetadata(RTShape.self))
        #expect(shape.payloadCaseCount == 2)
        #expect(shape.emptyCaseCount == 2)
        #expect(shape.caseCount == 4)
        #expect(shape.hasStaticLayout)
        #expect(!shape.hasRuntimePayloadSize)
        let cases = try shape.cases()
        #expect(cases.map(\.name) == ["circle", "rectangle", "empty", "unknown"])
        #expect(cases.map(\.tag) == [0, 1, 2, 3])
        // A labeled single payload is a one-element labeled tuple.
        let circle = try TupleMetadata(try #require(cases[0].payloadType))
        #expect(circle.elements.map(\.label) == ["radius"])
        #expect(circle.elements.map(\.type) == [TypeMetadata(Double.self)])
        #expect(cases[1].payloadType?.kind == .tuple)
        #expect(cases[2].payloadType == nil)
    }

    @Test func cLikeEnum() throws {
        let direction = try EnumMetadata(TypeMetadata(RTDirection.self))
        #expect(direction.payloadCaseCount == 0)
        #expect(direction.emptyCaseCount == 4)
        #expect(try direction.cases().map(\.name) == ["north", "south", "east", "west"])
    }

    @Test func optionalIsAnEnum() throws {
        let optional = try EnumMetadata(TypeMetadata(Optional<String>.self))
        #expect(optional.payloadCaseCount == 1)
        #expect(optional.emptyCaseCount == 1)
        let cases = try optional.cases()
        #expect(cases.map(\.name) == ["some", "none"])
        #expect(cases[0].payloadType == TypeMetadata(String.self))
    }

    @Test func indirectCases() throws {
        let tree = try EnumMetadata(TypeMetadata(RTTree.self))
        let cases = try tree.cases()
        #expect(cases.first { $0.name == "node" }?.isIndirect == true)
    }

    @Test func genericEnumLayoutIsNotStatic() throws {
        // Optional<T> is generic: its layout comes from the instantiation.
        #expect(!(try EnumMetadata(TypeMetadata(Optional<Int>.self))).hasStaticLayout)
    }
}

@Suite struct TupleMetadataTests {
    @Test func elementsAndOffsets() throws {
        let tuple = try TupleMetadata(TypeMetadata((Int8, Int, Bool).self))
        #expect(tuple.count == 3)
        let elements = tuple.elements
        #expect(elements.map(\.offset) == [0, 8, 16])
        #expect(elements.map(\.type) == [TypeMetadata(Int8.self), TypeMetadata(Int.self), TypeMetadata(Bool.self)])
        #expect(elements.allSatisfy { $0.label == nil })
    }

    @Test func labels() throws {
        let tuple = try TupleMetadata(TypeMetadata((width: Int, Double, height: Int).self))
        #expect(tuple.elements.map(\.label) == ["width", nil, "height"])
    }
}

@Suite struct FunctionMetadataTests {
    @Test func plainClosure() throws {
        let function = try FunctionMetadata(TypeMetadata(((Int, String) -> Bool).self))
        #expect(function.convention == .swift)
        #expect(function.parameterCount == 2)
        #expect(function.parameters.map(\.type) == [TypeMetadata(Int.self), TypeMetadata(String.self)])
        #expect(function.resultType == TypeMetadata(Bool.self))
        #expect(!function.isThrowing)
        #expect(!function.isAsync)
        #expect(function.isEscaping)
        #expect(function.thrownErrorType == nil)
    }

    @Test func effectsAndConventions() throws {
        #expect(try FunctionMetadata(TypeMetadata((() throws -> Void).self)).isThrowing)
        #expect(try FunctionMetadata(TypeMetadata((() async -> Void).self)).isAsync)
        #expect(try FunctionMetadata(TypeMetadata((@Sendable () -> Void).self)).isSendable)
        #expect(try FunctionMetadata(TypeMetadata((@convention(c) (Int32) -> Int32).self)).convention == .c)
        #expect(try FunctionMetadata(TypeMetadata((@convention(thin) () -> Void).self)).convention == .thin)
    }

    @Test func typedThrows() throws {
        let function = try FunctionMetadata(TypeMetadata(((Int) throws(RTError) -> Void).self))
        #expect(function.isThrowing)
        #expect(function.thrownErrorType == TypeMetadata(RTError.self))
        #expect(function.parameters.map(\.type) == [TypeMetadata(Int.self)])
    }

    @Test func parameterFlags() throws {
        typealias Shape = (inout Int, consuming String, Int...) -> Void
        let function = try FunctionMetadata(TypeMetadata(Shape.self))
        let parameters = function.parameters
        #expect(parameters.map(\.ownership) == [FunctionMetadata.Ownership.inout, .consuming, .default])
        #expect(parameters.map(\.isVariadic) == [false, false, true])
    }

    @Test func globalActor() throws {
        let function = try FunctionMetadata(TypeMetadata((@MainActor (Int) throws(RTError) -> Void).self))
        #expect(function.globalActor == TypeMetadata(MainActor.self))
        #expect(function.thrownErrorType == TypeMetadata(RTError.self))
    }
}

@Suite struct ClassMetadataTests {
    @Test func swiftClass() throws {
        let box = try ClassMetadata(TypeMetadata(RTBox.self))
        #expect(box.isSwiftClass)
        // Header (metadata pointer + refcount) plus Int plus String.
        #expect(box.instanceSize == 16 + 8 + 16)
        #expect(box.instanceAlignment == 8)
        #expect(box.descriptor?.name == "RTBox")
        #expect(box.superclass == nil)
        #expect(try ClassMetadata(TypeMetadata(RTDerived.self)).superclass == TypeMetadata(RTBase.self))
        #expect(TypeMetadata(RTBox.self).typeDescriptor?.name == "RTBox")
    }
}

@Suite struct ExistentialMetadataTests {
    @Test func opaqueExistential() throws {
        let existential = try ExistentialMetadata(TypeMetadata((any RTGreeter).self))
        #expect(existential.representation == .opaque)
        #expect(!existential.isClassConstrained)
        #expect(existential.witnessTableCount == 1)
        #expect(existential.protocolCount == 1)
        #expect(existential.protocols.map(\.name) == ["RTGreeter"])
        #expect(existential.specialProtocol == 0)
    }

    @Test func anyAndAnyObjectAndError() throws {
        let any = try ExistentialMetadata(TypeMetadata(Any.self))
        #expect(any.protocolCount == 0)
        #expect(any.representation == .opaque)
        let object = try ExistentialMetadata(TypeMetadata(AnyObject.self))
        #expect(object.isClassConstrained)
        #expect(object.representation == .classBound)
        let error = try ExistentialMetadata(TypeMetadata((any Error).self))
        #expect(error.specialProtocol == 1)
        #expect(error.representation == .error)
    }

    @Test func compositionAndConstraints() throws {
        let composition = try ExistentialMetadata(TypeMetadata((any RTGreeter & RTObjectOnly).self))
        #expect(composition.isClassConstrained)
        #expect(composition.witnessTableCount == 2)
        #expect(Set(composition.protocols.map(\.name)) == ["RTGreeter", "RTObjectOnly"])
        let withSuperclass = try ExistentialMetadata(TypeMetadata((RTBase & RTGreeter).self))
        #expect(withSuperclass.hasSuperclassConstraint)
        #expect(withSuperclass.superclassConstraint == TypeMetadata(RTBase.self))
        #expect(withSuperclass.protocols.map(\.name) == ["RTGreeter"])
    }
}

@Suite struct MetatypeMetadataTests {
    @Test func metatypes() throws {
        let int = try MetatypeMetadata(TypeMetadata(Int.Type.self))
        #expect(int.instanceType == TypeMetadata(Int.self))
        #expect(int.isThin)
        #expect(!int.isExistential)
        #expect(!(try MetatypeMetadata(TypeMetadata(RTBox.Type.self))).isThin)
        let existential = try MetatypeMetadata(TypeMetadata((any RTGreeter.Type).self))
        #expect(existential.isExistential)
        #expect(existential.witnessTableCount == 1)
        #expect(!existential.isThin)
    }
}
