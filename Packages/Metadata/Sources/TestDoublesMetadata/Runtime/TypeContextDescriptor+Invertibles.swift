extension TypeContextDescriptor {
    /// Whether the type suppresses `Copyable` (it is declared `~Copyable`),
    /// read from its descriptor; nil when the descriptor's layout does not
    /// say it plainly here (a generic type, a class).
    ///
    /// A struct or enum descriptor whose common flags have bit 5 set is
    /// followed, after its kind's counts and its metadata-initialization
    /// records, by the set of invertible protocols it suppresses (a 16-bit
    /// set, `Copyable` = bit 0). The runtime's lookup by mangled name does
    /// not return such a type, which is why this is read from the descriptor.
    public var suppressesCopyable: Bool? {
        guard !isGeneric, kind == .struct || kind == .enum else { return nil }
        guard context.flags & 0x20 != 0 else { return false }
        // Flags, parent, name, accessor, fields, then two 32-bit counts (struct and enum alike).
        var offset = 28
        switch metadataInitialization {
        case 0: break
        case 1: offset += 12  // singleton initialization: cache, incomplete metadata, completion
        case 2: offset += 4  // foreign initialization: completion
        default: return nil
        }
        return pointer.load(fromByteOffset: offset, as: UInt16.self) & 0x1 != 0
    }
}
