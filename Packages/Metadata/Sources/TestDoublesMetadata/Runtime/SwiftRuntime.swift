#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The entry points of the Swift runtime the readers call, looked up once
/// with `dlsym` in the running process (the type-by-mangled-name lookup,
/// which the standard library declares, goes through `RuntimeTypeLookup`).
///
/// All are exported by `libswiftCore` (6.0.3 and 6.3.1) with C linkage and
/// take and return only pointers and integers, so calling them through a C
/// function pointer matches their definitions on x86_64 and arm64.
enum SwiftRuntime {
    typealias ConformsToProtocol = @convention(c) (UnsafeRawPointer, UnsafeRawPointer) -> UnsafeRawPointer?
    /// `swift_getWitnessTable(conformance, type, instantiationArgs)`.
    typealias GetWitnessTable =
        @convention(c) (UnsafeRawPointer, UnsafeRawPointer, UnsafeRawPointer?) -> UnsafeRawPointer?
    /// `swift_getAssociatedTypeWitness(request, table, type, requirementBase, requirement)`. The runtime
    /// declares it with the Swift calling convention and returns a two-word `MetadataResponse`; for
    /// five pointer-sized arguments that convention uses the C argument registers on x86_64 and
    /// arm64, and the metadata comes back in the first C result register, which is all this reads.
    typealias AssociatedTypeWitness =
        @convention(c) (UInt, UnsafeRawPointer, UnsafeRawPointer, UnsafeRawPointer, UnsafeRawPointer) ->
        UnsafeRawPointer?
    /// A callback `swift_enumerateAllMetadataSections` calls once per image; returning false stops the walk.
    typealias SectionsVisitor = @convention(c) (UnsafeRawPointer?, UnsafeMutableRawPointer?) -> Bool
    typealias EnumerateSections = @convention(c) (SectionsVisitor, UnsafeMutableRawPointer?) -> Void

    /// Finds the address of `name` among the symbols visible to the process, zero when absent.
    private static func address(of name: String) -> UInt {
        #if os(Linux)
        let handle = UnsafeMutableRawPointer(bitPattern: 0)  // RTLD_DEFAULT
        #else
        let handle = UnsafeMutableRawPointer(bitPattern: -2)  // RTLD_DEFAULT on Darwin
        #endif
        return UInt(bitPattern: dlsym(handle, name))
    }

    /// The descriptor of the protocol a mangling's standard substitution
    /// names: `S<letter>` for the standard library (`ST` Sequence, `Sl`
    /// Collection), `Sc<letter>` for Concurrency (`Sci` AsyncSequence, `ScI`
    /// AsyncIteratorProtocol, `ScA` Actor), read from its exported symbol
    /// `$s<substitution>Mp`; nil when no protocol has one.
    ///
    /// - Parameters:
    ///   - letter: The substitution's last byte.
    ///   - concurrency: Whether the substitution is `Sc<letter>`.
    /// - Returns: The protocol descriptor, nil when the symbol is absent.
    static func substitutedProtocolDescriptor(_ letter: UInt8, concurrency: Bool) -> UnsafeRawPointer? {
        guard
            (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(letter)
                || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(letter)
        else { return nil }
        let prefix = concurrency ? "Sc" : "S"
        return UnsafeRawPointer(bitPattern: address(of: "$s\(prefix)\(Character(Unicode.Scalar(letter)))Mp"))
    }

    /// The function at `address` as `type`, nil for address zero.
    private static func function<Function>(at address: UInt, as type: Function.Type) -> Function? {
        guard let pointer = UnsafeRawPointer(bitPattern: address) else { return nil }
        return unsafeBitCast(pointer, to: type)
    }

    // Addresses are stored as integers (Sendable in every compiler version).
    private static let conformsToProtocolAddress = address(of: "swift_conformsToProtocol")
    private static let getWitnessTableAddress = address(of: "swift_getWitnessTable")
    private static let enumerateSectionsAddress = address(of: "swift_enumerateAllMetadataSections")
    private static let associatedTypeWitnessAddress = address(of: "swift_getAssociatedTypeWitness")
    private static let extendedExistentialAddress = address(of: "swift_getExtendedExistentialTypeMetadata")

    /// `swift_getExtendedExistentialTypeMetadata`, nil when the runtime does not export it.
    static var extendedExistentialTypeMetadata: UnsafeRawPointer? {
        UnsafeRawPointer(bitPattern: extendedExistentialAddress)
    }

    /// Looks up the witness table of `type`'s conformance to `protocolDescriptor`.
    static func conformsToProtocol(
        _ type: UnsafeRawPointer, _ protocolDescriptor: UnsafeRawPointer
    ) throws(MetadataError) -> UnsafeRawPointer? {
        guard let function = function(at: conformsToProtocolAddress, as: ConformsToProtocol.self) else {
            throw .runtimeQueryFailed("swift_conformsToProtocol is not exported")
        }
        return function(type, protocolDescriptor)
    }

    /// The witness table of the conformance `conformance` describes, for `type`, a type it names
    /// that has no generic arguments (the conformance has no conditional requirements).
    ///
    /// - Returns: The table; nil when the runtime does not export `swift_getWitnessTable`.
    static func witnessTable(
        of conformance: UnsafeRawPointer, for type: UnsafeRawPointer
    ) -> UnsafeRawPointer? {
        guard let function = function(at: getWitnessTableAddress, as: GetWitnessTable.self) else { return nil }
        return function(conformance, type, nil)
    }

    /// The complete metadata of an associated type witness of `type`'s conformance, whose table is `table`.
    static func associatedTypeWitness(
        table: UnsafeRawPointer, type: UnsafeRawPointer, requirementBase: UnsafeRawPointer,
        requirement: UnsafeRawPointer
    ) throws(MetadataError) -> UnsafeRawPointer? {
        guard let function = function(at: associatedTypeWitnessAddress, as: AssociatedTypeWitness.self) else {
            throw .runtimeQueryFailed("swift_getAssociatedTypeWitness is not exported")
        }
        return function(0, table, type, requirementBase, requirement)  // request 0: complete, blocking
    }

    /// Calls `visitor` with each loaded image's `MetadataSections` record.
    static func enumerateMetadataSections(
        _ visitor: SectionsVisitor, context: UnsafeMutableRawPointer?
    ) throws(MetadataError) {
        guard let function = function(at: enumerateSectionsAddress, as: EnumerateSections.self) else {
            throw .runtimeQueryFailed("swift_enumerateAllMetadataSections is not exported")
        }
        function(visitor, context)
    }
}
