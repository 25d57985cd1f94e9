import Synchronization

/// Signatures already discovered, by witness address and the sources asked for.
///
/// Witnesses live in loaded images, which Swift never unloads safely, so an
/// entry stays valid for the life of the process. Failures are not cached:
/// a later `dlopen` may supply what was missing.
final class SignatureCache: Sendable {
    private struct Key: Hashable {
        var address: UInt
        var sources: [SignatureSource]
    }

    private let entries = Mutex<[Key: RequirementSignature]>([:])

    func signature(at address: UInt, sources: [SignatureSource]) -> RequirementSignature? {
        entries.withLock { $0[Key(address: address, sources: sources)] }
    }

    func store(_ signature: RequirementSignature, at address: UInt, sources: [SignatureSource]) {
        entries.withLock { $0[Key(address: address, sources: sources)] = signature }
    }
}
