import Synchronization

@testable import TestDoublesTrampolines

/// Reads just enough runtime metadata for the tests to build hand-written
/// layouts: the protocol descriptors of an existential type and the kinds
/// of a protocol's requirements.
enum ProtocolProbe {
    /// `ProtocolRequirementFlags::Kind`.
    enum RequirementKind: UInt32, Equatable {
        case baseProtocol = 0
        case method = 1
        case initializer = 2
        case getter = 3
        case setter = 4
        case readCoroutine = 5
        case modifyCoroutine = 6
        case associatedTypeAccessFunction = 7
        case associatedConformanceAccessFunction = 8
    }

    /// The protocol descriptors of an existential type, in container order.
    static func protocolDescriptors(of type: any Any.Type) throws -> [UnsafeRawPointer] {
        try ExistentialTypeShape(type).protocols
    }

    /// The single protocol descriptor of `any P`.
    static func protocolDescriptor(of type: any Any.Type) throws -> UnsafeRawPointer {
        let descriptors = try protocolDescriptors(of: type)
        precondition(descriptors.count == 1, "\(type) has \(descriptors.count) protocols")
        return descriptors[0]
    }

    /// The kinds of the protocol's requirements, in witness-table order (raw
    /// values for kinds this probe does not name).
    static func requirementKinds(of descriptor: UnsafeRawPointer) -> [UInt32] {
        let signatureCount = Int(descriptor.load(fromByteOffset: 12, as: UInt32.self))
        let requirementCount = Int(descriptor.load(fromByteOffset: 16, as: UInt32.self))
        let requirements = descriptor + 24 + signatureCount * 12
        return (0..<requirementCount).map { requirements.load(fromByteOffset: $0 * 8, as: UInt32.self) & 0xF }
    }

    /// The requirement kinds of the single protocol of `type`.
    static func requirementKinds(of type: any Any.Type) throws -> [RequirementKind?] {
        requirementKinds(of: try protocolDescriptor(of: type)).map(RequirementKind.init(rawValue:))
    }
}

/// A thread-safe list of what handlers observed.
final class Observations<Element: Sendable>: Sendable {
    private let storage = Mutex<[Element]>([])

    func append(_ element: Element) { storage.withLock { $0.append(element) } }

    var all: [Element] { storage.withLock { $0 } }
}
