/// A chain of associated types from a protocol's `Self` (`Self.Element`,
/// `Self.Instant.Duration`), read from the mangled name of a requirement
/// signature's subject or same-type constraint.
///
/// The forms read are a single member of `Self`, `<member>Qz`, and a chain,
/// `<member>_<member><member>…QZ`, where each member is an identifier optionally
/// followed by one symbolic reference to the protocol that declares it, or by
/// the standard substitution of a standard library protocol (`7ElementST`, the
/// `Element` of `Sequence`, in `C.Element: Hashable` for `C: Collection`) or of
/// a Concurrency protocol (`7ElementScI`, the `Element` of `AsyncIteratorProtocol`).
/// Any other spelling (a word substitution, a protocol spelled out, another
/// generic parameter) is not a path: the reader returns nil and the caller
/// fails closed.
public struct AssociatedTypePath: Hashable, @unchecked Sendable, CustomStringConvertible {
    /// One member of the chain.
    public struct Member: Hashable, @unchecked Sendable {
        /// The associated type's name.
        public let name: String
        /// The protocol declaring it, when the mangling names it.
        public let declaringProtocol: ProtocolDescriptor?
    }

    /// The members, outermost first (`Instant`, then `Duration`).
    public let members: [Member]

    /// `Self.Instant.Duration`.
    public var description: String { (["Self"] + members.map(\.name)).joined(separator: ".") }

    /// Reads `name` as a path from `Self`.
    ///
    /// - Parameter name: A mangled name from a protocol's requirement signature.
    /// - Returns: The path, nil when the name is not a chain of associated types of `Self`.
    public init?(_ name: MangledTypeName) {
        let start = name.pointer
        let length = name.length
        func byte(_ offset: Int) -> UInt8 { start.load(fromByteOffset: offset, as: UInt8.self) }
        var members: [Member] = []
        var offset = 0
        while offset < length {
            var count = 0
            var digits = 0
            while offset < length, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte(offset)) {
                count = count * 10 + Int(byte(offset) - UInt8(ascii: "0"))
                digits += 1
                offset += 1
            }
            guard digits > 0, count > 0, offset + count <= length else { return nil }
            let identifier = (0..<count).map { byte(offset + $0) }
            offset += count
            var declaring: ProtocolDescriptor?
            if offset < length, byte(offset) == 1 || byte(offset) == 2 {
                let reference = start + offset + 1
                guard let target = reference.relativeDirect(at: 0) else { return nil }
                guard let descriptor = byte(offset) == 1 ? target : target.pointer(at: 0) else { return nil }
                declaring = ProtocolDescriptor(pointer: descriptor)
                offset += 5
            } else if offset + 2 < length, byte(offset) == UInt8(ascii: "S"), byte(offset + 1) == UInt8(ascii: "c") {
                // A Concurrency protocol by its standard substitution (`7ElementScI`: AsyncIteratorProtocol's).
                guard let descriptor = SwiftRuntime.substitutedProtocolDescriptor(byte(offset + 2), concurrency: true)
                else { return nil }
                declaring = ProtocolDescriptor(pointer: descriptor)
                offset += 3
            } else if offset + 1 < length, byte(offset) == UInt8(ascii: "S") {
                // A standard library protocol by its standard substitution (`7ElementST`: Sequence's Element).
                guard let descriptor = SwiftRuntime.substitutedProtocolDescriptor(byte(offset + 1), concurrency: false)
                else { return nil }
                declaring = ProtocolDescriptor(pointer: descriptor)
                offset += 2
            }
            members.append(Member(name: String(decoding: identifier, as: UTF8.self), declaringProtocol: declaring))
            let rest = (offset..<length).map(byte)
            if rest == Array("Qz".utf8), members.count == 1 { break }
            if rest == Array("QZ".utf8), members.count > 1 { break }
            // `assoc-type-list ::= assoc-type-name '_' assoc-type-name*`: one separator, after the first.
            if members.count == 1 {
                guard rest.first == UInt8(ascii: "_") else { return nil }
                offset += 1
            }
        }
        guard !members.isEmpty else { return nil }
        self.members = members
    }
}
