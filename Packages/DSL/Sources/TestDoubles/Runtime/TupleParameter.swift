import TestDoublesMetadata
import TestDoublesTrampolines

/// A parameter of tuple type, which the witness receives exploded: one
/// argument per element, nested tuples flattened, `()` as nothing.
///
/// Each element is placed as an argument of its own, as a value of its type
/// alone would travel: in registers and stack words, or by address (a
/// struct too wide for the registers, an `any P`, a resilient value). The
/// elements' fragments are then gathered back into one location at their
/// offsets in the tuple, a by-address element as the location of its
/// pointer (`ArgumentLocation.mixed`), so the frame decodes (and a spy
/// re-issues) the whole tuple as one value.
struct TupleParameter {
    /// One element that is not itself a tuple, at its byte offset in the outermost tuple.
    struct Element {
        let type: Any.Type
        let offset: Int
        let size: Int
        /// Whether the element travels by address (its pointer is the argument).
        var isAddressed = false
    }

    /// The elements in call order.
    let elements: [Element]

    /// The exploded form of `type`; nil when `type` is not a tuple.
    ///
    /// - Throws: The reason as text when an element cannot be reassembled:
    ///   a closure (it crosses in another convention than the tuple's memory
    ///   form), a thin metatype (nothing travels for it), or a value passed
    ///   by address that cannot be copied bit for bit into the tuple.
    init?(_ type: Any.Type, architecture: Architecture) throws(TupleParameterError) {
        guard TypeMetadata(type).kind == .tuple else { return nil }
        var elements: [Element] = []
        try Self.flatten(type, at: 0, into: &elements, architecture: architecture)
        self.elements = elements
    }

    private static func flatten(
        _ type: Any.Type, at base: Int, into elements: inout [Element], architecture: Architecture
    ) throws(TupleParameterError) {
        let metadata = TypeMetadata(type)
        if metadata.kind == .tuple, let tuple = try? TupleMetadata(metadata) {
            for element in tuple.elements {
                try flatten(element.type.type, at: base + element.offset, into: &elements, architecture: architecture)
            }
            return
        }
        if ClosureBridge.converts(type) {
            throw TupleParameterError(element: type, reason: "a closure element crosses in another convention")
        }
        if (try? ConcreteRepresentation(of: type)) ?? nil != nil {
            throw TupleParameterError(element: type, reason: "a thin metatype element travels as nothing")
        }
        let passing: ValueLowering
        do {
            passing = try ABIClassifier.classify(type, for: architecture)
        } catch {
            throw TupleParameterError(element: type, reason: "it cannot be classified (\(error))")
        }
        var element = Element(type: type, offset: base, size: size(of: type))
        if case .indirect = passing {
            // Its bytes are copied from the caller's memory into the gathered tuple, which the tuple's
            // value witnesses then copy or take: sound only for a value that may move bit for bit.
            guard TypeMetadata(type).valueWitnesses.isBitwiseTakable else {
                throw TupleParameterError(
                    element: type, reason: "that element travels by address and cannot be moved bit for bit")
            }
            element.isAddressed = true
        }
        elements.append(element)
    }

    private static func size(of type: Any.Type) -> Int {
        func measure<T>(_: T.Type) -> Int { MemoryLayout<T>.size }
        return _openExistential(type, do: measure)
    }

    /// The lowerings of the elements, one argument each, in call order.
    func lowerings(architecture: Architecture) -> [ValueLowering] {
        elements.map { element in
            // `flatten` classified every element already; classification is deterministic.
            (try? ABIClassifier.classify(element.type, for: architecture)) ?? .indirect
        }
    }

    /// The tuple's location: every element's fragments at their offsets in
    /// the tuple, and the pointer of each element passed by address.
    ///
    /// - Parameter locations: The elements' placed locations, in call order.
    func gathered(_ locations: some Collection<ArgumentLocation>) -> ArgumentLocation {
        var parts: [PlacedFragment] = []
        var addressed: [AddressedElement] = []
        for (element, location) in zip(elements, locations) {
            if case .indirect(let pointer) = location {
                addressed.append(AddressedElement(offset: element.offset, size: element.size, pointer: pointer))
                continue
            }
            guard case .direct(let pieces) = location else { continue }
            for piece in pieces where piece.fragment.offset < element.size {
                // A register holds at most the element's own bytes: never its neighbours'.
                let size = min(piece.fragment.size, element.size - piece.fragment.offset)
                parts.append(
                    PlacedFragment(
                        LoweredFragment(
                            piece.fragment.kind, offset: element.offset + piece.fragment.offset, size: size),
                        at: piece.location))
            }
        }
        if !addressed.isEmpty { return .mixed(direct: parts, addressed: addressed) }
        return parts.isEmpty ? .empty : .direct(parts)
    }
}

/// Why a tuple parameter cannot be reassembled.
struct TupleParameterError: Error {
    let element: Any.Type
    let reason: String
}
