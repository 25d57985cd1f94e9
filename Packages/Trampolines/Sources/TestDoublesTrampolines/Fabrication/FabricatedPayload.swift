/// The value inside every fabricated existential.
///
/// A fabricated `any P` holds a reference to one of these as its value and
/// its conformance's own subclass of this class (`PayloadClass`) as its
/// dynamic type; the witness tables are the fabricated ones. The payload keeps its conformance (and
/// with it the veneers and the handler) alive for as long as any copy of the
/// existential exists.
///
/// Not `final`: each conformance's values are moved onto a subclass made at
/// run time, and a cast to this class must go through the superclass chain.
class FabricatedPayload {
    /// The conformance whose tables the existential carries.
    let conformance: FabricatedConformance

    /// Makes a payload of `conformance`, of its own payload class.
    ///
    /// - Parameter conformance: The conformance the payload keeps alive.
    /// - Returns: A new payload, referenced only by the caller.
    static func make(for conformance: FabricatedConformance) -> FabricatedPayload {
        let payload = FabricatedPayload(conformance: conformance)
        // The new object is not shared yet; the subclass adds no storage and
        // keeps this class's deinit, so only the metadata word changes.
        UnsafeMutableRawPointer(Unmanaged.passUnretained(payload).toOpaque())
            .storeBytes(of: conformance.payloadClass.metadata, as: UnsafeRawPointer.self)
        return payload
    }

    private init(conformance: FabricatedConformance) {
        self.conformance = conformance
    }
}
