import Synchronization

/// Whether clients pass a struct or enum by address because it is resilient,
/// which its runtime layout does not show.
///
/// The rule (Swift's `TypeLowering`, checked with `swiftc -emit-ir` on
/// x86_64 and arm64): a struct or enum that is public (or
/// `@usableFromInline`) in a module built with library evolution and is not
/// `@frozen` is address-only in every function signature — arguments,
/// results, typed errors, closure parameters and results, protocol
/// requirements — whatever its size, even inside its own module. A value
/// that holds one (a struct field, an enum payload, a tuple element) is
/// address-only too; ``TypeLayout`` applies that by reading fields.
/// Types imported from C, internal and private types, and every type of a
/// module built without library evolution have a fixed layout.
///
/// Runtime metadata records neither a module's compilation mode nor
/// `@frozen`: toolchain modules are read from generated tables
/// (``ToolchainModules``), other modules from symbol evidence
/// (``ModuleResilienceEvidence``): an enum of a library-evolution module is
/// resilient exactly when its case tags are exported; a struct of one fails
/// closed, since nothing records whether it is `@frozen`. Whatever cannot be
/// told fails closed.
enum TypeResilience {
    /// The answers given so far, by metadata address (metadata lives as long
    /// as the process, and the answer never changes): a double's construction
    /// asks for every field of every type of every requirement.
    /// Keyed by `UInt64`, as the DWARF reader's maps are: the runtime checks each key type's
    /// `Hashable` conformance by walking every conformance record the first time it is used.
    private static let answers = Mutex<[UInt64: Answer]>([:])

    /// One answer. Not a `Result`: the runtime instantiates `Result<Bool, MetadataError>` by name,
    /// checking `MetadataError: Error` through every conformance record of the process the first time.
    private enum Answer {
        case resilient(Bool)
        case failed(MetadataError)

        func get() throws(MetadataError) -> Bool {
            switch self {
            case .resilient(let resilient): return resilient
            case .failed(let error): throw error
            }
        }
    }

    /// Whether values of the type are passed by address because the type is resilient.
    ///
    /// - Parameter metadata: Struct, enum or optional metadata (other kinds answer false).
    /// - Returns: True for a resilient type.
    /// - Throws: ``MetadataError/unsupportedType(typeName:reason:)`` when it
    ///   cannot be told exactly.
    static func isResilient(_ metadata: TypeMetadata) throws(MetadataError) -> Bool {
        let key = UInt64(UInt(bitPattern: metadata.pointer))
        if let known = answers.withLock({ $0[key] }) { return try known.get() }
        let answer: Answer
        do { answer = .resilient(try decide(metadata)) } catch { answer = .failed(error) }
        answers.withLock { $0[key] = answer }
        return try answer.get()
    }

    /// Decides ``isResilient(_:)`` for a type not asked about before.
    private static func decide(_ metadata: TypeMetadata) throws(MetadataError) -> Bool {
        guard [.struct, .enum, .optional].contains(metadata.kind), let descriptor = metadata.typeDescriptor else {
            return false
        }
        var names: [String] = []
        var module: String?
        var current: ContextDescriptor? = descriptor.context
        while let context = current {
            switch context.kind {
            case .module:
                module = context.name
            case .anonymous:
                return false  // a private or local type: never formally resilient
            case .extension:
                break
            default:
                if let name = context.name { names.append(name) }
            }
            current = context.parent
        }
        guard let module else {
            throw .unsupportedType(typeName: metadata.description, reason: "its descriptor names no module")
        }
        if module == "__C" || module == "__C_Synthesized" { return false }
        // Joined by hand: `reversed().joined(separator:)` instantiates `ReversedCollection<[String]>`,
        // whose requirement the runtime checks by walking every conformance record the first time.
        names.reverse()
        var path = ""
        for index in names.indices {
            if index > 0 { path += "." }
            path += names[index]
        }
        switch ToolchainModules.verdict(module: module, path: path) {
        case .fixedLayoutModule, .frozen:
            return false
        case .resilient:
            return true
        case .unlisted:
            throw .unsupportedType(
                typeName: metadata.description,
                reason: "it belongs to \(module), which is built with library evolution, and this build does not "
                    + "know whether \(path) is @frozen (the difference between passing it in registers and by "
                    + "address), which runtime metadata does not record")
        case .unknownModule:
            break
        }
        switch ModuleResilienceEvidence.verdict(module: module, descriptor: descriptor.pointer) {
        case .fixedLayout:
            return false
        case .libraryEvolution:
            if descriptor.kind == .enum, let resilient = ModuleResilienceEvidence.exportsCaseTags(ofEnum: descriptor) {
                return resilient
            }
            throw .unsupportedType(
                typeName: metadata.description,
                reason: "its module \(module) is built with library evolution, and runtime metadata does not "
                    + "record whether \(path) is @frozen (the difference between passing it in registers and by "
                    + "address)")
        case .unknown(let why):
            throw .unsupportedType(
                typeName: metadata.description,
                reason: "whether its module \(module) is built with library evolution (which decides whether "
                    + "callers pass it in registers or by address) cannot be told: \(why)")
        }
    }
}
