import TestDoublesMetadata

/// A real conformer that forwarded calls go to: an owned copy of an
/// existential value, and what a witness call on it needs.
///
/// A witness call needs the receiver in the self register (an opaque
/// existential's projected value address, a class-bound existential's
/// reference), the dynamic type's metadata and the witness table of the
/// protocol that declares the requirement (the trailing `Self` words).
/// For opaque existentials the target keeps its own copy of the value, so
/// mutating requirements (setters) change the target's copy; read it back with
/// `value(as:)`. Class instances are shared, as usual.
public final class ForwardingTarget: @unchecked Sendable {
    /// The dynamic type of the target.
    public let dynamicType: TypeMetadata
    /// Whether the existential is class-bound (self is the reference).
    public let isClassBound: Bool
    /// The witness tables of the existential's protocols and their bases, by protocol descriptor address.
    let witnessTables: [UInt: UnsafeRawPointer]
    /// Every callable requirement of the existential's protocol hierarchy, by dispatch index.
    let callableRequirements: [ProtocolHierarchy.CallableRequirement]
    /// Opaque: the target's own copy of the value. Class-bound: one word, a retained reference.
    let storage: UnsafeMutableRawPointer

    /// Copies `value` as the forwarding target.
    ///
    /// The existential type is explicit because Swift opens an existential
    /// passed to a generic parameter: `ForwardingTarget(real, as: (any P).self)`.
    ///
    /// A constrained existential (`any Store<Int>`) holds the same container
    /// as its protocol's plain existential (one witness table, of the
    /// protocol), but its metadata does not name the protocol in a form read
    /// here: the caller names it as `constrainedProtocol`.
    ///
    /// - Parameters:
    ///   - value: A value of a protocol existential type.
    ///   - type: That type (`any P`, `any P & Q`, `any AnyObject & P`, `any P<Int>`).
    ///   - constrainedProtocol: The protocol descriptor of a constrained
    ///     existential's only protocol; ignored for other existentials.
    /// - Throws: `ForwardingError.unsupportedTarget` for other types
    ///   (superclass-bound and `Error` existentials, non-existentials, a
    ///   constrained existential without its protocol).
    public init<Existential>(
        _ value: Existential, as existentialType: Existential.Type, constrainedProtocol: UnsafeRawPointer? = nil
    ) throws(ForwardingError) {
        var shape: ExistentialTypeShape
        do {
            shape = try ExistentialTypeShape(Existential.self)
        } catch {
            throw .unsupportedTarget("\(Existential.self): \(error)")
        }
        let roots: [ProtocolDescriptor]?
        if shape.isConstrained {
            guard let constrainedProtocol else {
                throw .unsupportedTarget(
                    "\(Existential.self) is a constrained existential whose protocol was not named")
            }
            shape.protocols = [constrainedProtocol]
            roots = [ProtocolDescriptor(pointer: constrainedProtocol)]
        } else {
            roots = nil
        }
        isClassBound = shape.isClassBound
        let words = withUnsafeBytes(of: value) { bytes in
            (0..<(bytes.count / 8)).map { bytes.load(fromByteOffset: $0 * 8, as: UInt.self) }
        }
        let firstTable = shape.isClassBound ? 1 : 4
        guard words.count == firstTable + shape.protocols.count else {
            throw .unsupportedTarget("\(Existential.self) has an unexpected container size")
        }
        var tables: [UInt: UnsafeRawPointer] = [:]
        for (index, descriptor) in shape.protocols.enumerated() {
            tables[UInt(bitPattern: descriptor)] = UnsafeRawPointer(bitPattern: words[firstTable + index])
        }
        let dynamicMetadata: TypeMetadata
        if shape.isClassBound {
            guard let reference = UnsafeRawPointer(bitPattern: words[0]) else {
                throw .unsupportedTarget("\(Existential.self) value has no object")
            }
            dynamicMetadata = TypeMetadata(type(of: Unmanaged<AnyObject>.fromOpaque(reference).takeUnretainedValue()))
        } else if let metadata = UnsafeRawPointer(bitPattern: words[3]) {
            dynamicMetadata = TypeMetadata(pointer: metadata)
        } else {
            throw .unsupportedTarget("\(Existential.self) value has no type")
        }
        // Base protocols' tables come from the runtime's conformance lookup;
        // the roots' are the container's own.
        let hierarchy: ProtocolHierarchy? =
            if let roots { try? ProtocolHierarchy(roots: roots) } else { try? ProtocolHierarchy(of: Existential.self) }
        if let hierarchy {
            callableRequirements = hierarchy.callableRequirements
            if let all = try? hierarchy.witnessTables(of: dynamicMetadata) {
                for (descriptor, table) in all where tables[UInt(bitPattern: descriptor.pointer)] == nil {
                    tables[UInt(bitPattern: descriptor.pointer)] = table.pointer
                }
            }
        } else {
            callableRequirements = []
        }
        witnessTables = tables
        if shape.isClassBound {
            let object = Unmanaged<AnyObject>.fromOpaque(UnsafeRawPointer(bitPattern: words[0])!)
            dynamicType = dynamicMetadata
            storage = UnsafeMutableRawPointer.allocate(byteCount: 8, alignment: 8)
            storage.storeBytes(of: UInt(bitPattern: object.retain().toOpaque()), as: UInt.self)
        } else {
            let type = dynamicMetadata
            dynamicType = type
            let witnesses = type.valueWitnesses
            storage = UnsafeMutableRawPointer.allocate(
                byteCount: max(witnesses.size, 1), alignment: max(witnesses.alignment, 16))
            withUnsafePointer(to: value) { container in
                let projected = ExistentialContainer.valueAddress(
                    in: UnsafeRawPointer(container), isInline: witnesses.isInlineStorage,
                    boxedValueOffset: ExistentialContainer.boxedValueOffset(alignment: witnesses.alignment))
                type.initializeWithCopy(storage, from: projected)
            }
        }
    }

    deinit {
        if isClassBound {
            Unmanaged<AnyObject>.fromOpaque(UnsafeRawPointer(bitPattern: storage.load(as: UInt.self))!).release()
        } else {
            dynamicType.destroy(storage)
        }
        storage.deallocate()
    }

    /// The self register of a witness call on the target.
    public var selfValue: UInt {
        isClassBound ? storage.load(as: UInt.self) : UInt(bitPattern: storage)
    }

    /// The self register of a call of `witness`: ``selfValue``, except that a
    /// class-bound target's witness of a protocol that is not class-bound (a
    /// base of the existential's protocol: `protocol Queue: Named, AnyObject`)
    /// receives self by address, the address of a word holding the reference,
    /// as generic code passes any value of such a protocol.
    ///
    /// - Parameter witness: A witness of the target.
    /// - Returns: The word to place in the self register.
    public func selfValue(for witness: ForwardingWitness) -> UInt {
        witness.takesSelfIndirectly && isClassBound ? UInt(bitPattern: storage) : selfValue
    }

    /// The target's witness table for `protocolDescriptor`, one of the
    /// existential's protocols (reach inherited protocols through their base entries).
    ///
    /// - Parameter protocolDescriptor: The protocol's descriptor.
    /// - Returns: The table, or `nil` when the existential does not list the protocol.
    public func witnessTable(for protocolDescriptor: UnsafeRawPointer) -> UnsafeRawPointer? {
        witnessTables[UInt(bitPattern: protocolDescriptor)]
    }

    /// The target's witness for requirement `requirementIndex` of a protocol.
    ///
    /// - Parameters:
    ///   - requirementIndex: The requirement's index in the protocol descriptor (table word `1 + index`).
    ///   - table: The target's witness table of the protocol that declares the requirement.
    /// - Returns: The witness: the function (sync) or async function pointer record (async), and the table.
    /// - Throws: `ForwardingError.missingWitness` when the table word is empty.
    public func witness(
        forRequirementAt requirementIndex: Int, in table: UnsafeRawPointer
    ) throws(ForwardingError) -> ForwardingWitness {
        guard requirementIndex >= 0,
            let function = table.load(fromByteOffset: (1 + requirementIndex) * 8, as: UnsafeRawPointer?.self)
        else { throw .missingWitness(requirementIndex: requirementIndex) }
        return ForwardingWitness(function: function, witnessTable: table)
    }

    /// The target's witness for requirement `requirementIndex` of one of the existential's protocols.
    ///
    /// - Parameters:
    ///   - requirementIndex: The requirement's index in the protocol descriptor.
    ///   - protocolDescriptor: The protocol that declares the requirement.
    /// - Returns: The witness and the table.
    /// - Throws: `ForwardingError.missingWitnessTable` or `.missingWitness`.
    public func witness(
        forRequirementAt requirementIndex: Int, of protocolDescriptor: UnsafeRawPointer
    ) throws(ForwardingError) -> ForwardingWitness {
        guard let table = witnessTable(for: protocolDescriptor) else {
            throw .missingWitnessTable(protocolDescriptor: UInt(bitPattern: protocolDescriptor))
        }
        var found = try witness(forRequirementAt: requirementIndex, in: table)
        found.takesSelfIndirectly = !ProtocolDescriptor(pointer: protocolDescriptor).isClassBound
        return found
    }

    /// The target's witness for the requirement with dispatch index `dispatchIndex`
    /// in the dense numbering of the existential's callable requirements
    /// (`ProtocolHierarchy.callableRequirements`: base protocols first, each
    /// protocol's in declaration order), the numbering fabricated doubles use.
    ///
    /// - Parameter dispatchIndex: The requirement's dispatch index (a fabricated frame's `slot`).
    /// - Returns: The witness and the table of the protocol that declares the requirement.
    /// - Throws: `ForwardingError.missingWitness` for an index outside the hierarchy,
    ///   `.missingWitnessTable` when the target's type has no table for the declaring protocol.
    public func witness(forDispatchIndex dispatchIndex: Int) throws(ForwardingError) -> ForwardingWitness {
        guard callableRequirements.indices.contains(dispatchIndex) else {
            throw .missingWitness(requirementIndex: dispatchIndex)
        }
        let callable = callableRequirements[dispatchIndex]
        return try witness(forRequirementAt: callable.requirement.index, of: callable.protocolDescriptor.pointer)
    }

    /// The target's current value, as the existential type it was made from.
    ///
    /// - Parameter type: The existential type (`(any P).self`).
    /// - Returns: A copy of the current value (setters forwarded to an opaque
    ///   target change it), or `nil` when `type` does not fit.
    public func value<Existential>(as type: Existential.Type) -> Existential? {
        if isClassBound {
            let object = Unmanaged<AnyObject>.fromOpaque(UnsafeRawPointer(bitPattern: storage.load(as: UInt.self))!)
                .takeUnretainedValue()
            return object as? Existential
        }
        return dynamicType.copyAsAny(from: storage) as? Existential
    }
}

/// A real witness to call: its function and the witness table passed as the
/// trailing `Self` witness-table word.
public struct ForwardingWitness: @unchecked Sendable, Hashable {
    /// Sync requirements: the function's entry. Async requirements: its async function pointer record.
    public var function: UnsafeRawPointer
    /// The conformance's witness table.
    public var witnessTable: UnsafeRawPointer
    /// Whether the witness's protocol is not class-bound, so it takes self by address even for a class
    /// (see ``ForwardingTarget/selfValue(for:)``); false when the protocol is not known.
    public var takesSelfIndirectly = false

    /// Names a witness.
    ///
    /// - Parameters:
    ///   - function: The entry (sync) or async function pointer record (async).
    ///   - witnessTable: The witness table the witness belongs to.
    public init(function: UnsafeRawPointer, witnessTable: UnsafeRawPointer) {
        self.function = function
        self.witnessTable = witnessTable
    }
}
