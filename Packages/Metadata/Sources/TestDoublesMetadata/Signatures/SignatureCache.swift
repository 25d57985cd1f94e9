import Synchronization

/// Signatures already discovered, by witness address and the sources asked for.
///
/// Witnesses live in loaded images, which Swift never unloads safely, so an
/// entry stays valid for the life of the process. Failures are not cached:
/// a later `dlopen` may supply what was missing.
///
/// Keyed by the address as a `UInt64`, with each list of sources beside its
/// signature: a `Hashable` key of its own made the runtime check its
/// conformance by walking every conformance record of the process on the
/// first use (~420,000 instructions of a process's first `Stub`), while
/// `UInt64: Hashable` is checked for other maps anyway.
final class SignatureCache: Sendable {
    private struct Entry: Sendable {
        var sources: [SignatureSource]
        var signature: RequirementSignature
    }

    private let entries = Mutex<[UInt64: [Entry]]>([:])

    func signature(at address: UInt, sources: [SignatureSource]) -> RequirementSignature? {
        entries.withLock { $0[UInt64(address)]?.first { $0.sources == sources }?.signature }
    }

    func store(_ signature: RequirementSignature, at address: UInt, sources: [SignatureSource]) {
        entries.withLock { entries in
            var list = entries[UInt64(address)] ?? []
            if let index = list.firstIndex(where: { $0.sources == sources }) {
                list[index].signature = signature
            } else {
                list.append(Entry(sources: sources, signature: signature))
            }
            entries[UInt64(address)] = list
        }
    }
}
