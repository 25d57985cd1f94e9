extension ProtocolDescriptor {
    /// The descriptor of a protocol a mangled name names, read from the
    /// metadata of its existential (`any P`).
    ///
    /// - Parameter proto: The protocol as a signature names it.
    /// - Returns: nil when the runtime cannot find the protocol.
    public init?(named proto: DemangledNominalType) {
        let existential = DemangledType.existential(DemangledExistential(protocols: [proto]))
        guard let type = RuntimeTypeLookup.type(forMangledName: existential.mangledName),
            let metadata = try? ExistentialMetadata(TypeMetadata(type)), metadata.protocols.count == 1
        else { return nil }
        self = metadata.protocols[0]
    }
}
