import TestDoublesMetadata

/// Whether a value keeps one memory form at every abstraction level.
///
/// A requirement that names a bound associated type (`var value: A`) hands
/// its value over in the form generic code uses (maximal abstraction), while
/// the runtime stub holds the value as its concrete type. For most types the
/// two forms are the same bytes: structs, enums, classes and existentials lay
/// out their stored values once, whatever the context. They differ for a
/// function (generic code holds a thunk that passes every argument and the
/// result indirectly) and for a thin metatype (no bytes, or one tag byte
/// inside an `Optional`, where generic code holds the metadata address), and
/// so for an `Optional` or a tuple that holds one of those.
enum AbstractionForm {
    /// Whether a value of `type` has the same bytes in memory in its concrete
    /// and its maximally abstract form.
    ///
    /// - Parameter type: The bound associated type, or a wrapper of it.
    /// - Returns: `false` for a function, a thin metatype, or an `Optional`
    ///   or tuple holding one, at any depth.
    static func matchesConcrete(_ type: Any.Type) -> Bool {
        matchesConcrete(TypeMetadata(type))
    }

    private static func matchesConcrete(_ metadata: TypeMetadata) -> Bool {
        switch metadata.kind {
        case .function:
            return false
        case .metatype:
            guard let metatype = try? MetatypeMetadata(metadata) else { return false }
            return !metatype.isThin
        case .optional:
            return metadata.optionalWrapped.map(matchesConcrete) ?? false
        case .tuple:
            guard let tuple = try? TupleMetadata(metadata) else { return false }
            return tuple.elements.allSatisfy { matchesConcrete($0.type) }
        default:
            return true
        }
    }
}
