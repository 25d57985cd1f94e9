/// Classifies values for Swift's native calling convention (`swiftcc`) the
/// way the compiler's aggregate lowering does, for x86_64 and arm64.
///
/// Rules (checked against `swiftc -emit-ir` output for both targets; see the
/// tests):
/// - A value is exploded into its scalar leaves. Floating-point leaves stay
///   separate parts; integer leaves (and enum bytes) that fall in the same
///   8-byte chunk with nothing else between them merge into one part, widened
///   to a power-of-two size (`{Int32, Int32}` is one 8-byte part, three
///   `Int8`s one 4-byte part).
/// - SIMD vectors are split into legal vectors of 16 bytes (and, on arm64,
///   8 bytes); on x86_64 an 8-byte vector is split into its elements
///   (`SIMD2<Float>` is two floats, `SIMD2<Int32>` one 8-byte integer).
/// - A 128-bit integer (`Int128`, `UInt128`, their builtin storage) is two
///   8-byte parts that travel as one register pair (``LoweredFragment/startsPair``);
///   it never merges with a neighbour (it is 16-byte aligned) and counts as
///   two parts (measured with `swiftc -emit-ir`/`-S`, Swift 6.0.3 and 6.3.1).
/// - A value with more than four parts is passed and returned indirectly;
///   so is an address-only value. A zero-sized value is empty.
public enum ABIClassifier {
    /// The maximum number of register parts of a directly passed value.
    public static let maximumDirectParts = 4

    /// Classifies a value of the given layout.
    ///
    /// - Parameters:
    ///   - layout: The value's layout.
    ///   - architecture: The target architecture.
    /// - Returns: The fragments of a direct value, ``ValueLowering/empty`` for a zero-sized one, or
    ///   ``ValueLowering/indirect``.
    public static func classify(_ layout: TypeLayout, for architecture: Architecture) -> ValueLowering {
        var leaves: [Leaf] = []
        guard collect(layout, at: 0, into: &leaves, architecture: architecture) else { return .indirect }
        let parts = merge(leaves.sorted { $0.offset < $1.offset })
        if parts.isEmpty { return .empty }
        return parts.count > maximumDirectParts ? .indirect : .direct(parts)
    }

    /// Classifies a value of the given type, read from its runtime metadata.
    ///
    /// - Parameters:
    ///   - type: The value's type.
    ///   - architecture: The target architecture.
    /// - Returns: The fragments of a direct value, ``ValueLowering/empty`` for a zero-sized one, or
    ///   ``ValueLowering/indirect``.
    /// - Throws: ``MetadataError`` when the type's layout cannot be read.
    public static func classify(_ type: Any.Type, for architecture: Architecture) throws(MetadataError) -> ValueLowering
    {
        classify(try TypeLayout(of: type), for: architecture)
    }

    /// Classifies the result of a function.
    ///
    /// Swift lowers a tuple result element by element: each element passed by
    /// address (an opaque existential, a resilient type, a value holding one)
    /// gets its own result address and the others travel in registers, a
    /// split one placement cannot express, so such a tuple fails here. Any
    /// other result is classified whole, as ``classify(_:for:)-(Any.Type,_)`` does.
    ///
    /// - Parameters:
    ///   - type: The result type.
    ///   - architecture: The target architecture.
    /// - Returns: The fragments of a direct result, ``ValueLowering/empty`` for a zero-sized one, or
    ///   ``ValueLowering/indirect``.
    /// - Throws: ``MetadataError`` when the layout cannot be read, or for a
    ///   tuple result with an element passed by address.
    public static func classifyResult(
        _ type: Any.Type, for architecture: Architecture
    ) throws(MetadataError) -> ValueLowering {
        let layout = try TypeLayout(of: type)
        if TypeMetadata(type).kind == .tuple, layout.containsAddressOnly {
            let element = addressOnlyElement(of: type).map { "its element \(_typeName($0, qualified: false))" }
            throw .unsupportedType(
                typeName: _typeName(type, qualified: true),
                reason: "\(element ?? "an element") travels by address (an existential, resilient or generic "
                    + "value), and a tuple result returns such an element through its own result address, which "
                    + "the stub does not place")
        }
        return classify(layout, for: architecture)
    }

    /// The first element of the tuple `type`, nested tuples searched in
    /// order, whose layout is passed by address; nil when none is, or a
    /// layout cannot be read.
    private static func addressOnlyElement(of type: Any.Type) -> Any.Type? {
        let metadata = TypeMetadata(type)
        guard metadata.kind == .tuple, let tuple = try? TupleMetadata(metadata) else {
            return (try? TypeLayout(of: type))?.containsAddressOnly == true ? type : nil
        }
        for element in tuple.elements {
            if let found = addressOnlyElement(of: element.type.type) { return found }
        }
        return nil
    }

    /// Classifies a parameter of a function the way Swift lowers it: a
    /// parameter of tuple type is flattened into one argument per element
    /// (recursively), each classified on its own; any other type is one argument.
    /// (Results are not flattened: a tuple result is classified as a whole.)
    ///
    /// - Parameters:
    ///   - type: The parameter's declared type.
    ///   - architecture: The target architecture.
    /// - Returns: One classification per lowered argument, in order (none for `()`).
    /// - Throws: ``MetadataError`` when a layout cannot be read.
    public static func classifyParameter(
        _ type: Any.Type, for architecture: Architecture
    ) throws(MetadataError) -> [ValueLowering] {
        let metadata = TypeMetadata(type)
        guard metadata.kind == .tuple else { return [try classify(type, for: architecture)] }
        var arguments: [ValueLowering] = []
        for element in try TupleMetadata(metadata).elements {
            arguments += try classifyParameter(element.type.type, for: architecture)
        }
        return arguments
    }

    /// A scalar leaf before merging.
    private struct Leaf {
        var kind: LoweredFragment.Kind
        var offset: Int
        var size: Int
        var startsPair = false
    }

    /// Appends the leaves of `layout` placed at `base`; false when the value must go indirectly.
    private static func collect(
        _ layout: TypeLayout, at base: Int, into leaves: inout [Leaf], architecture: Architecture
    ) -> Bool {
        switch layout {
        case .empty:
            return true
        case .integer(let size) where size == 16:
            leaves.append(Leaf(kind: .integer, offset: base, size: 8, startsPair: true))
            leaves.append(Leaf(kind: .integer, offset: base + 8, size: 8))
        case .integer(let size):
            leaves.append(Leaf(kind: .integer, offset: base, size: size))
        case .floatingPoint(let size):
            leaves.append(Leaf(kind: .floatingPoint, offset: base, size: size))
        case .opaque(let size):
            // Enum bytes: one integer leaf per 8-byte chunk.
            var offset = 0
            while offset < size {
                let chunk = min(8 - (base + offset) % 8, size - offset)
                leaves.append(Leaf(kind: .integer, offset: base + offset, size: chunk))
                offset += chunk
            }
        case .vector(let count, let elementSize, let isFloatingPoint):
            let total = count * elementSize
            if isLegalVector(size: total, count: count, architecture: architecture) {
                leaves.append(Leaf(kind: .vector, offset: base, size: total))
            } else if total > 16, total % 16 == 0 {
                for chunk in stride(from: 0, to: total, by: 16) {
                    leaves.append(Leaf(kind: .vector, offset: base + chunk, size: 16))
                }
            } else {
                for element in 0..<count {
                    leaves.append(
                        Leaf(
                            kind: isFloatingPoint ? .floatingPoint : .integer, offset: base + element * elementSize,
                            size: elementSize))
                }
            }
        case .aggregate(_, _, let fields):
            for field in fields {
                guard collect(field.layout, at: base + field.offset, into: &leaves, architecture: architecture) else {
                    return false
                }
            }
        case .addressOnly:
            return false
        }
        return true
    }

    /// Whether a vector of `size` bytes travels whole in one vector register.
    private static func isLegalVector(size: Int, count: Int, architecture: Architecture) -> Bool {
        switch architecture {
        case .x86_64: size == 16
        case .arm64: (size == 8 || size == 16) && count > 1
        }
    }

    /// Merges integer leaves that share an 8-byte chunk into power-of-two parts.
    private static func merge(_ leaves: [Leaf]) -> [LoweredFragment] {
        var parts: [LoweredFragment] = []
        var pending: (begin: Int, end: Int)?
        func flush() {
            guard let range = pending else { return }
            var size = 1
            while size < range.end - range.begin { size *= 2 }
            var begin = range.begin / size * size
            while begin + size < range.end {
                size *= 2
                begin = range.begin / size * size
            }
            parts.append(LoweredFragment(.integer, offset: begin, size: size))
            pending = nil
        }
        var pairTail = false
        for leaf in leaves {
            guard leaf.kind == .integer, !leaf.startsPair, !pairTail else {
                // A floating-point or vector part, or a half of a 128-bit integer: a part of its own.
                flush()
                parts.append(
                    LoweredFragment(leaf.kind, offset: leaf.offset, size: leaf.size, startsPair: leaf.startsPair))
                pairTail = leaf.startsPair
                continue
            }
            if let range = pending, range.begin / 8 == leaf.offset / 8,
                (leaf.offset + leaf.size - 1) / 8 == range.begin / 8
            {
                pending = (range.begin, max(range.end, leaf.offset + leaf.size))
            } else {
                flush()
                pending = (leaf.offset, leaf.offset + leaf.size)
            }
        }
        flush()
        return parts
    }
}
