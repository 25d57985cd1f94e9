#if compiler(>=6.2)
/// A small conformer that stands in for a protocol by forwarding every
/// requirement to a ``ManualStub`` controller.
///
/// Write one per protocol (or let `doubles-gen` write it): store the
/// controller, and make each requirement's body one forwarding call whose
/// `#function` names the requirement.
///
/// ```swift
/// struct PriceServiceStubConformer: PriceService, ManualStubConformer {
///     let stub: ManualStub<Self>
///     init(stub: ManualStub<Self>) { self.stub = stub }
///
///     func price(_ item: String) throws -> Int { try stub.throwingCall(item) }
/// }
/// typealias PriceServiceStub = ManualStub<PriceServiceStubConformer>
/// ```
///
/// The conformance is never isolated to an actor (the protocol refines
/// `SendableMetatype`): the controller makes conformers and forwards calls
/// from any thread. In a module built with `-default-isolation MainActor`,
/// mark `init(stub:)` `nonisolated`, as `doubles-gen` and `@Stubbable` do for
/// every protocol. (Without the refinement, such a module's inference of an
/// isolated conformance failed with "circular reference": the witness's type,
/// `ManualStub<Self>`, needs the very conformance being inferred.)
public protocol ManualStubConformer: SendableMetatype {
    /// The controller every requirement forwards to.
    var stub: ManualStub<Self> { get }

    /// Creates a conformer that forwards to a controller.
    ///
    /// - Parameter stub: The controller.
    init(stub: ManualStub<Self>)
}
#else
/// A small conformer that stands in for a protocol by forwarding every
/// requirement to a ``ManualStub`` controller.
///
/// Write one per protocol (or let `doubles-gen` write it): store the
/// controller, and make each requirement's body one forwarding call whose
/// `#function` names the requirement.
///
/// ```swift
/// struct PriceServiceStubConformer: PriceService, ManualStubConformer {
///     let stub: ManualStub<Self>
///     init(stub: ManualStub<Self>) { self.stub = stub }
///
///     func price(_ item: String) throws -> Int { try stub.throwingCall(item) }
/// }
/// typealias PriceServiceStub = ManualStub<PriceServiceStubConformer>
/// ```
public protocol ManualStubConformer {
    /// The controller every requirement forwards to.
    var stub: ManualStub<Self> { get }

    /// Creates a conformer that forwards to a controller.
    ///
    /// - Parameter stub: The controller.
    init(stub: ManualStub<Self>)
}
#endif
