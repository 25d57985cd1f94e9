import Synchronization
import TestDoublesMetadata

/// What the tests need to build hand-written layouts, read through
/// Metadata's API: the protocol descriptor of an existential type and the
/// kinds of a protocol's requirements.
enum ProtocolProbe {
    /// `ProtocolRequirementFlags::Kind`.
    typealias RequirementKind = ProtocolRequirementKind

    /// The single protocol descriptor of `any P`.
    static func protocolDescriptor(of type: any Any.Type) throws -> UnsafeRawPointer {
        let descriptors = try ProtocolDescriptor.protocols(of: type)
        precondition(descriptors.count == 1, "\(type) has \(descriptors.count) protocols")
        return descriptors[0].pointer
    }

    /// The kinds of the protocol's requirements, in witness-table order.
    static func requirementKinds(of descriptor: UnsafeRawPointer) throws -> [RequirementKind] {
        try ProtocolDescriptor(pointer: descriptor).requirements().map(\.kind)
    }

    /// The requirement kinds of the single protocol of `type`.
    static func requirementKinds(of type: any Any.Type) throws -> [RequirementKind] {
        try requirementKinds(of: protocolDescriptor(of: type))
    }
}

/// A thread-safe list of what handlers observed.
final class Observations<Element: Sendable>: Sendable {
    private let storage = Mutex<[Element]>([])

    func append(_ element: Element) { storage.withLock { $0.append(element) } }

    var all: [Element] { storage.withLock { $0 } }
}
