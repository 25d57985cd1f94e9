/// The value inside every fabricated existential.
///
/// A fabricated `any P` holds a reference to one of these as its value and
/// `FabricatedPayload`'s own class metadata as its dynamic type; the witness
/// tables are the fabricated ones. The payload keeps its conformance (and
/// with it the veneers and the handler) alive for as long as any copy of the
/// existential exists.
final class FabricatedPayload {
    /// The conformance whose tables the existential carries.
    let conformance: FabricatedConformance

    init(conformance: FabricatedConformance) {
        self.conformance = conformance
    }
}
