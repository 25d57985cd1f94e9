import TestDoublesMetadata
import TestDoublesTrampolines

/// A value of the existential a double is built for, whose conformance
/// anchors signature discovery: a Spy's target, the conformer
/// `Stub(discoveringFrom:)` is given.
///
/// Its witness tables are read as forwarding reads them (`ForwardingTarget`):
/// the existential's own tables from the container, the base protocols' from
/// the runtime's conformance lookup on the value's dynamic type (a generic
/// conformance may resolve its base entries lazily, so its base-protocol
/// slots are not read). The value is not called. Reading fails quietly: an
/// anchor that cannot be read only leaves discovery to the linked conformers.
struct DiscoveryAnchor {
    private let read: (ProtocolHierarchy) -> ConformanceAnchor?

    /// An anchor over `value`, a value of `Subject` (an existential, not opened).
    ///
    /// - Parameters:
    ///   - value: The value whose conformance to read.
    ///   - subject: Its existential type.
    init<Subject>(_ value: Subject, as subject: Subject.Type) {
        read = { hierarchy in
            // A constrained existential's one protocol is the hierarchy's only root, as for the Spy's target.
            let target: ForwardingTarget
            do {
                target = try ForwardingTarget(
                    value, as: subject,
                    constrainedProtocol: hierarchy.roots.count == 1 ? hierarchy.roots[0].pointer : nil)
            } catch {
                return nil
            }
            var tables: [(protocolDescriptor: ProtocolDescriptor, table: WitnessTable)] = []
            for node in hierarchy.nodes {
                if let table = target.witnessTable(for: node.protocolDescriptor.pointer) {
                    tables.append((node.protocolDescriptor, WitnessTable(pointer: table)))
                }
            }
            return ConformanceAnchor(typeName: target.dynamicType.description, tables: tables)
        }
    }

    /// The value's conformance to the protocols of `hierarchy`.
    ///
    /// - Parameter hierarchy: The flattened protocols of the existential.
    /// - Returns: The anchor, or nil when the value's container cannot be read.
    func conformance(over hierarchy: ProtocolHierarchy) -> ConformanceAnchor? { read(hierarchy) }
}
