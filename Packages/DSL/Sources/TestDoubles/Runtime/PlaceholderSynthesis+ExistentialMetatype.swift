import Synchronization
import TestDoublesMetadata

extension PlaceholderSynthesis {
    /// The dummies whose types serve as existential metatype placeholders,
    /// by metatype, kept for the process's life: a metatype holds no
    /// reference to the witness tables its container carries.
    private static let metatypeDummies = Mutex<[ObjectIdentifier: KeptDummy]>([:])

    /// A placeholder of an existential metatype (`any Plugin.Type`): the
    /// dynamic type of a dummy of `any Plugin`, with the dummy's witness
    /// tables, so a static requirement called through it reaches the dummy.
    ///
    /// The container of `any P.Type` is the conforming type's metadata
    /// followed by one witness table per protocol; the tables are copied
    /// from the dummy's own existential container (after the three-word
    /// buffer and the metadata of an opaque one, after the reference of a
    /// class-bound one, whose metadata is the object's first word).
    ///
    /// - Parameter type: An existential metatype.
    /// - Returns: The metatype boxed as `Any`, nil when the instance type is
    ///   not a protocol existential with witness tables or no dummy of it can be made.
    static func existentialMetatype(_ type: Any.Type) -> Any? {
        let instanceWord = TypeMetadata(type).pointer.load(fromByteOffset: 8, as: UnsafeRawPointer.self)
        let instance = unsafeBitCast(instanceWord, to: Any.Type.self)
        guard TypeMetadata(instance).kind == .existential,
            let existential = try? ExistentialMetadata(TypeMetadata(instance)),
            existential.witnessTableCount > 0,
            MemoryLayout<UInt>.size * (1 + existential.witnessTableCount) == TypeMetadata(type).valueWitnesses.size,
            let dummy = try? DummyFactory.make(instance, site: site).get()
        else { return nil }
        let tableCount = existential.witnessTableCount
        let isClassBound = existential.isClassConstrained
        func words<Existential>(_: Existential.Type) -> [UInt]? {
            guard var value = dummy as? Existential else { return nil }
            return withUnsafeBytes(of: &value) { container -> [UInt]? in
                let firstTable = isClassBound ? 1 : 4
                guard container.count == MemoryLayout<UInt>.size * (firstTable + tableCount) else { return nil }
                let metadata =
                    isClassBound
                    ? container.load(as: UnsafeRawPointer.self).load(as: UInt.self)
                    : container.load(fromByteOffset: 3 * MemoryLayout<UInt>.size, as: UInt.self)
                let tables = (0..<tableCount).map {
                    container.load(fromByteOffset: (firstTable + $0) * MemoryLayout<UInt>.size, as: UInt.self)
                }
                return [metadata] + tables
            }
        }
        guard let words = _openExistential(instance, do: words) else { return nil }
        let kept = KeptDummy(value: dummy)
        metatypeDummies.withLock { $0[ObjectIdentifier(type)] = kept }
        func load<Metatype>(_: Metatype.Type) -> Any { words.withUnsafeBytes { $0.load(as: Metatype.self) } }
        return _openExistential(type, do: load)
    }

    /// A dummy kept alive; never read again, so never shared across threads.
    private final class KeptDummy: @unchecked Sendable {
        let value: Any
        init(value: Any) { self.value = value }
    }
}
