/// What materialization needs to know about an existential type, read from
/// its runtime metadata (`TargetExistentialTypeMetadata`).
///
///     +0   kind (0x303 for existentials)
///     +8   flags: u32 (witness table count in bits 0-23, special protocol
///          in 24-29, has superclass bit 30, class constraint bit 31:
///          0 = class-bound, 1 = any)
///     +12  protocol count: u32
///     +16  superclass (only when the flag says so), then the protocol
///          descriptor references, one word each
struct ExistentialTypeShape {
    /// Whether the existential is class-bound (one reference, no inline buffer).
    let isClassBound: Bool
    /// The protocol descriptors, in the order of the container's witness
    /// tables (empty for a constrained existential until its reader names it).
    var protocols: [UnsafeRawPointer]

    static let existentialKind: UInt = 0x303
    static let extendedExistentialKind: UInt = 0x307

    /// Reads the shape of `type`.
    ///
    /// - Throws: `TrampolineError.unsupportedExistential` for anything but a
    ///   plain (not extended, not superclass-constrained) Swift existential.
    init(_ type: any Any.Type) throws(TrampolineError) {
        let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
        if metadata.load(as: UInt.self) == Self.extendedExistentialKind {
            self = try ExistentialTypeShape(extended: type, metadata: metadata)
            return
        }
        guard metadata.load(as: UInt.self) == Self.existentialKind else {
            throw .unsupportedExistential("\(type) is not a protocol existential type")
        }
        let flags = metadata.load(fromByteOffset: 8, as: UInt32.self)
        let protocolCount = Int(metadata.load(fromByteOffset: 12, as: UInt32.self))
        let witnessTableCount = Int(flags & 0x00FF_FFFF)
        guard flags & 0x4000_0000 == 0 else {
            throw .unsupportedExistential("\(type) has a superclass constraint")
        }
        guard (flags >> 24) & 0x3F == 0 else {
            throw .unsupportedExistential("\(type) is a special protocol existential (Error)")
        }
        guard witnessTableCount == protocolCount else {
            throw .unsupportedExistential("\(type) has protocols without witness tables")
        }
        isClassBound = flags & 0x8000_0000 == 0
        protocols = (0..<protocolCount).map { index in
            let word = metadata.load(fromByteOffset: 16 + index * 8, as: UInt.self)
            return UnsafeRawPointer(bitPattern: word & ~1)!
        }
    }

    /// The shape of a constrained existential (`any P<Int>`), read from its
    /// `ExtendedExistentialTypeMetadata`: word 1 is the shape, whose first
    /// word's low byte is the special kind (0 opaque, 1 class-bound).
    ///
    /// Only single-protocol shapes are supported: the container holds one
    /// witness table, and its protocol is not read from the shape, so
    /// `protocols` is empty and materialization uses the only root table.
    private init(extended type: any Any.Type, metadata: UnsafeRawPointer) throws(TrampolineError) {
        guard let shape = metadata.load(fromByteOffset: 8, as: UnsafeRawPointer?.self) else {
            throw .unsupportedExistential("\(type) has no existential shape")
        }
        let specialKind = shape.load(as: UInt32.self) & 0xFF
        switch specialKind {
        case 0: isClassBound = false
        case 1: isClassBound = true
        default: throw .unsupportedExistential("\(type) is a metatype or explicit-layout existential")
        }
        protocols = []
        isConstrained = true
    }

    /// Whether this is a constrained (extended) existential such as `any P<Int>`.
    private(set) var isConstrained = false
}
