import TestDoublesMetadata
import TestDoublesTrampolines

extension TupleResultLowering {
    /// Whether `type` is a tuple holding an element passed by address.
    static func holdsAddressOnly(_ type: Any.Type) -> Bool {
        TypeMetadata(type).kind == .tuple && (try? TypeLayout(of: type))?.containsAddressOnly == true
    }
}

/// A result of tuple type holding elements passed by address (an `any P`,
/// a resilient value), which Swift returns split: each such element through
/// a result address of its own, the others together in result registers
/// (``TupleResultLowering``).
enum TupleResult {
    /// How `type` is returned split; nil when it is not a tuple or holds no
    /// element passed by address (it is then classified whole).
    ///
    /// - Throws: The element and the reason as text when the tuple cannot be
    ///   returned split: a closure or thin metatype element (each crosses in
    ///   another form than its memory form), or an element passed by address
    ///   that cannot be moved bit for bit.
    static func lowering(
        of type: Any.Type, architecture: Architecture
    ) throws(TupleParameterError) -> TupleResultLowering? {
        guard TupleResultLowering.holdsAddressOnly(type) else { return nil }
        var addressed: [TupleResultElement] = []
        var direct: [(element: TupleResultElement, layout: TypeLayout, alignment: Int)] = []
        try flatten(type, at: 0) { element, offset throws(TupleParameterError) in
            let witnesses = TypeMetadata(element).valueWitnesses
            let layout: TypeLayout
            do {
                layout = try TypeLayout(of: element)
            } catch {
                throw TupleParameterError(element: element, reason: "it cannot be classified (\(error))")
            }
            let placed = TupleResultElement(offset: offset, size: witnesses.size)
            if layout.containsAddressOnly {
                // Its bytes are moved from the answer into the caller's result address.
                guard witnesses.isBitwiseTakable else {
                    throw TupleParameterError(
                        element: element, reason: "that element travels by address and cannot be moved bit for bit")
                }
                addressed.append(placed)
            } else {
                direct.append((placed, layout, witnesses.alignment))
            }
        }
        // The directly returned elements travel as a tuple of their own: laid out anew, side by side.
        var end = 0
        var alignment = 1
        var fields: [TypeLayout.Field] = []
        var packed: [TupleResultElement] = []
        for (element, layout, elementAlignment) in direct {
            let offset = (end + elementAlignment - 1) / elementAlignment * elementAlignment
            packed.append(TupleResultElement(offset: element.offset, size: element.size, packedOffset: offset))
            fields.append(TypeLayout.Field(offset: offset, layout: layout))
            end = offset + element.size
            alignment = max(alignment, elementAlignment)
        }
        let remainder = ABIClassifier.classify(
            .aggregate(size: (end + alignment - 1) / alignment * alignment, alignment: alignment, fields: fields),
            for: architecture)
        return TupleResultLowering(addressed: addressed, direct: packed, remainder: remainder)
    }

    /// Visits every element that is not itself a tuple, nested tuples
    /// flattened, with its offset in the outermost tuple.
    private static func flatten(
        _ type: Any.Type, at base: Int, _ visit: (Any.Type, Int) throws(TupleParameterError) -> Void
    ) throws(TupleParameterError) {
        let metadata = TypeMetadata(type)
        if metadata.kind == .tuple, let tuple = try? TupleMetadata(metadata) {
            for element in tuple.elements { try flatten(element.type.type, at: base + element.offset, visit) }
            return
        }
        if ClosureBridge.converts(type) {
            throw TupleParameterError(element: type, reason: "a closure element crosses in another convention")
        }
        if (try? ConcreteRepresentation(of: type)) ?? nil != nil {
            throw TupleParameterError(element: type, reason: "a thin metatype element travels as nothing")
        }
        try visit(type, base)
    }
}
