import Synchronization

/// Builds the metadata of a constrained existential (`any Clock<Duration>`,
/// `any Sequence<Int> & AnyObject`), which the runtime's lookup by mangled
/// name cannot build (its decoder leaves `XP` unimplemented).
///
/// The compiler reaches such a type through an extended existential *shape*:
/// the existential with each bound type replaced by a generalization
/// parameter (`any Clock<τ_0_0>`), its requirement signature
/// (`τ_0_0 == τ_1_0.Duration`, `τ_1_0: Clock`, with `τ_1_0` the opened
/// `Self`), and the bound types as generalization arguments
/// (`swift_getExtendedExistentialTypeMetadata`). This builds the same
/// non-unique shape (`Metadata.h`, `TargetNonUniqueExtendedExistentialTypeShape`:
/// a relative pointer to a uniquing cache, then flags, the relative mangled
/// existential type, the requirement-signature and generalization-signature
/// headers and the requirement descriptors) in one allocation kept for the
/// process, and lets the runtime unique it: shapes with the same mangled
/// existential type are one shape, so the metadata is the runtime's own.
///
/// Served: one protocol (not a marker protocol) whose primary associated
/// types are bound, optionally with `AnyObject`; the protocol may be
/// class-bound. Others throw.
enum ConstrainedExistentialMetadata {
    /// Built shapes by their mangled existential type (never freed: the runtime keeps pointers into them).
    private static let shapes = Mutex<[String: UInt]>([:])

    /// `swift_getExtendedExistentialTypeMetadata(shape, generalizationArguments)`: C linkage, pointers only.
    private typealias GetMetadata = @convention(c) (UnsafeRawPointer, UnsafeRawPointer) -> UnsafeRawPointer?

    /// The metadata of `existential`, whose constraint types are already resolved to `arguments`.
    ///
    /// - Parameters:
    ///   - existential: A constrained existential.
    ///   - arguments: The metadata of each constraint's type, in order.
    /// - Returns: The existential's metadata.
    /// - Throws: A reason, in words, when the form is not served or the runtime refuses it.
    static func type(
        of existential: DemangledExistential, arguments: [Any.Type]
    ) throws(ConstrainedExistentialFailure) -> Any.Type {
        let protocols = existential.protocols.filter { !TypeMangler.markerProtocols.contains($0.qualifiedName) }
        guard protocols.count == 1, let base = protocols.first, existential.superclass == nil else {
            throw ConstrainedExistentialFailure(
                "a constrained existential composed with other protocols or a superclass is not built")
        }
        guard existential.constraints.count == arguments.count, !arguments.isEmpty,
            existential.constraints.allSatisfy({
                $0.protocolType.map { $0.qualifiedName == base.qualifiedName } ?? true
            })
        else {
            throw ConstrainedExistentialFailure("its constraints do not all bind associated types of \(base)")
        }
        let plainName = DemangledType.existential(DemangledExistential(protocols: [base])).mangledName
        guard let plain = RuntimeTypeLookup.type(forMangledName: plainName),
            let plainExistential = try? ExistentialMetadata(TypeMetadata(plain)),
            let descriptor = plainExistential.protocols.first, plainExistential.protocolCount == 1
        else {
            throw ConstrainedExistentialFailure("the runtime has no descriptor for the protocol \(base)")
        }
        guard plainExistential.representation != .error else {
            throw ConstrainedExistentialFailure("a constrained Error existential is not built")
        }
        let isClassBound = existential.isClassBound || plainExistential.isClassConstrained
        var generalized = existential
        generalized.protocols = [base]
        // The compiler's shape names the protocol of every associated type, which a symbol may leave out.
        for index in generalized.constraints.indices { generalized.constraints[index].protocolType = base }
        var shapeName = Self.shapeMangling(generalized)
        if case .module(let module) = base.parent, base.privateDiscriminator == nil, base.genericArguments.isEmpty,
            let compilers = ShapeNameMangler.spelling(
                protocolName: base.name, module: module, isClassBound: existential.isClassBound,
                associatedTypes: existential.constraints.map(\.associatedType))
        {
            shapeName = compilers
        }
        let shape = try Self.shape(
            named: shapeName, descriptor: descriptor, constraints: existential.constraints,
            layoutRequirement: existential.isClassBound, isClassBound: isClassBound)
        guard let function = SwiftRuntime.extendedExistentialTypeMetadata else {
            throw ConstrainedExistentialFailure("the runtime does not export swift_getExtendedExistentialTypeMetadata")
        }
        let words = arguments.map { unsafeBitCast($0, to: UnsafeRawPointer.self) }
        let metadata = words.withUnsafeBufferPointer { buffer -> UnsafeRawPointer? in
            guard let base = buffer.baseAddress, let shape = UnsafeRawPointer(bitPattern: shape) else { return nil }
            return unsafeBitCast(function, to: GetMetadata.self)(shape, UnsafeRawPointer(base))
        }
        guard let metadata, TypeMetadata(pointer: metadata).kind == .extendedExistential else {
            throw ConstrainedExistentialFailure("the runtime did not build extended existential metadata")
        }
        return unsafeBitCast(metadata, to: Any.Type.self)
    }

    /// The generalized existential's mangling: each bound type is a generalization parameter (`x`, `q_`, ...).
    static func shapeMangling(_ existential: DemangledExistential) -> String {
        var plain = existential
        plain.constraints = []
        var mangler = TypeMangler()
        mangler.append(.existential(plain))
        mangler.appendConstraints(
            existential.constraints.enumerated().map { ($1, .genericParameter(depth: 0, index: $0)) })
        return mangler.output
    }

    /// The mangling of generalization parameter `index` (depth 0).
    private static func parameterName(_ index: Int) -> String {
        var mangler = TypeMangler()
        mangler.append(.genericParameter(depth: 0, index: index))
        return mangler.output
    }

    /// The protocol that declares the associated type `name` seen from `proto`: `proto` itself, or
    /// the base that declares it (an `override associatedtype` adds no requirement, and the compiler's
    /// requirement signature names the declaration: `Collection`'s `Element` is `Sequence`'s).
    static func declaringProtocol(
        of name: String, from proto: ProtocolDescriptor
    ) throws(ConstrainedExistentialFailure) -> ProtocolDescriptor {
        var found: [ProtocolDescriptor] = []
        var visited: Set<ProtocolDescriptor> = []
        var pending = [proto]
        while let next = pending.popLast() {
            guard visited.insert(next).inserted else { continue }
            if next.associatedTypeNames.contains(name) {
                found.append(next)
            } else {
                pending += next.baseProtocols
            }
        }
        guard found.count == 1, let declaring = found.first else {
            throw ConstrainedExistentialFailure(
                found.isEmpty
                    ? "no protocol in \(proto.qualifiedName)'s hierarchy declares the associated type \(name)"
                    : "several protocols declare an associated type \(name): "
                        + found.map(\.qualifiedName).joined(separator: ", "))
        }
        return declaring
    }

    /// The non-unique shape for `name`, built once.
    private static func shape(
        named name: String, descriptor: ProtocolDescriptor, constraints: [DemangledExistentialConstraint],
        layoutRequirement: Bool, isClassBound: Bool
    ) throws(ConstrainedExistentialFailure) -> UInt {
        if let built = shapes.withLock({ $0[name] }) { return built }
        let selfName = "qd__"  // τ_1_0, the opened Self of the requirement signature
        enum Requirement {
            /// `τ_0_index == τ_1_0.name`, the member's protocol in `slot`.
            case sameType(index: Int, name: String, slot: Int)
            case classLayout
            case conformance
        }
        var declaring: [ProtocolDescriptor] = []
        var requirements: [Requirement] = []
        for (index, constraint) in constraints.enumerated() {
            let root = try declaringProtocol(of: constraint.associatedType, from: descriptor)
            let slot = declaring.firstIndex(of: root) ?? declaring.count
            if slot == declaring.count { declaring.append(root) }
            requirements.append(.sameType(index: index, name: constraint.associatedType, slot: slot))
        }
        if layoutRequirement { requirements.append(.classLayout) }
        requirements.append(.conformance)

        // Layout: cache reference, shape, requirements, strings, then 8-byte slots: the uniquing
        // cache, the protocol's descriptor, then each associated type's declaring protocol.
        let requirementsOffset = 28
        var strings: [UInt8] = []
        /// Where a symbolic reference's 32-bit offset sits in `strings`, and the slot it names.
        var references: [(offset: Int, slot: Int)] = []
        func string(_ text: String) -> Int {
            let offset = strings.count
            strings += Array(text.utf8) + [0]
            return offset
        }
        let typeString = string(name)
        let selfString = string(selfName)
        var requirementStrings: [(Int, Int?)] = []
        for requirement in requirements {
            switch requirement {
            case .sameType(let index, let member, let slot):
                let parameter = string(parameterName(index))
                // `<name>` then an indirect symbolic reference (0x02) to the declaring protocol, then `Qyd__`.
                var mangler = TypeMangler()
                mangler.identifier(member)
                let memberString = strings.count
                strings += Array(mangler.output.utf8) + [0x02]
                references.append((strings.count, slot))
                strings += [0, 0, 0, 0] + Array("Qyd__".utf8) + [0]
                requirementStrings.append((parameter, memberString))
            case .classLayout, .conformance: requirementStrings.append((selfString, nil))
            }
        }
        let stringsOffset = requirementsOffset + 12 * requirements.count
        let slotsOffset = (stringsOffset + strings.count + 7) & ~7
        let cacheSlot = slotsOffset
        let protocolSlot = slotsOffset + 8
        let declaringSlots = slotsOffset + 16
        let size = declaringSlots + 8 * declaring.count
        let memory = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
        memory.initializeMemory(as: UInt8.self, repeating: 0, count: size)
        func relative(from field: Int, to target: Int) -> Int32 { Int32(target - field) }
        for (offset, slot) in references {
            let field = stringsOffset + offset
            let distance = relative(from: field, to: declaringSlots + 8 * slot)
            withUnsafeBytes(of: distance.littleEndian) { bytes in
                for (index, byte) in bytes.enumerated() { strings[offset + index] = byte }
            }
        }
        memory.storeBytes(of: relative(from: 0, to: cacheSlot), toByteOffset: 0, as: Int32.self)
        // Flags: special kind (1 class), generalization signature, implicit parameters of both signatures.
        let flags: UInt32 = 0x100 | 0x800 | 0x1000 | (isClassBound ? 1 : 0)
        memory.storeBytes(of: flags, toByteOffset: 4, as: UInt32.self)
        memory.storeBytes(
            of: relative(from: 8, to: stringsOffset + typeString), toByteOffset: 8, as: Int32.self)
        let count = constraints.count
        // Requirement signature: the generalization parameters and Self; key arguments add one witness table.
        for (offset, value) in [count + 1, requirements.count, count + 2, 0].enumerated() {
            memory.storeBytes(of: UInt16(value), toByteOffset: 12 + 2 * offset, as: UInt16.self)
        }
        // Generalization signature: one unconstrained key parameter per bound type.
        for (offset, value) in [count, 0, count, 0].enumerated() {
            memory.storeBytes(of: UInt16(value), toByteOffset: 20 + 2 * offset, as: UInt16.self)
        }
        for (index, requirement) in requirements.enumerated() {
            let field = requirementsOffset + 12 * index
            let (parameter, member) = requirementStrings[index]
            let requirementFlags: UInt32
            let payload: Int32
            switch requirement {
            case .sameType:
                requirementFlags = 0x01  // same type, no key argument
                payload = relative(from: field + 8, to: stringsOffset + (member ?? 0))
            case .classLayout:
                requirementFlags = 0x1F  // layout: class
                payload = 0
            case .conformance:
                requirementFlags = 0x80  // protocol, with a key argument (the witness table)
                payload = relative(from: field + 8, to: protocolSlot) | 1  // indirect
            }
            memory.storeBytes(of: requirementFlags, toByteOffset: field, as: UInt32.self)
            memory.storeBytes(
                of: relative(from: field + 4, to: stringsOffset + parameter), toByteOffset: field + 4, as: Int32.self)
            memory.storeBytes(of: payload, toByteOffset: field + 8, as: Int32.self)
        }
        strings.withUnsafeBytes { bytes in
            (memory + stringsOffset).copyMemory(from: bytes.baseAddress!, byteCount: bytes.count)
        }
        memory.storeBytes(of: UInt(bitPattern: descriptor.pointer), toByteOffset: protocolSlot, as: UInt.self)
        for (index, root) in declaring.enumerated() {
            memory.storeBytes(
                of: UInt(bitPattern: root.pointer), toByteOffset: declaringSlots + 8 * index, as: UInt.self)
        }
        let shape = UInt(bitPattern: memory)
        return shapes.withLock { built in
            if let existing = built[name] {
                memory.deallocate()
                return existing
            }
            built[name] = shape
            return shape
        }
    }
}

/// Why a constrained existential's metadata was not built.
struct ConstrainedExistentialFailure: Error {
    var reason: String
    init(_ reason: String) { self.reason = reason }
}
