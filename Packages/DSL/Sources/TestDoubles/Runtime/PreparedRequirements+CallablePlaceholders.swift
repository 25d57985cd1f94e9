import TestDoublesMetadata

extension PreparedRequirements {
    /// Whether a placeholder of `type`, as a recording pass makes it, may
    /// hold a fail-on-use closure the recording closure could call: a
    /// closure, or a struct, tuple or enum with one inside.
    ///
    /// A requirement returning one makes the double's passes run where a
    /// call may park (see `InvocationRecorder.declareRecordingTypes`): a
    /// `when { $0.makeHandler()(1) }` then stops only its own pass, with an
    /// issue at the `when` line, never the process.
    static func mayHoldCallablePlaceholder(_ type: Any.Type) -> Bool {
        holdsFunction(TypeMetadata(type), depth: 0)
    }

    private static func holdsFunction(_ metadata: TypeMetadata, depth: Int) -> Bool {
        // Deeper than placeholders are planned: the plan refuses it anyway.
        guard depth < 8 else { return false }
        switch metadata.kind {
        case .function:
            return true
        case .struct:
            guard let fields = try? StructMetadata(metadata).fields() else { return false }
            return fields.contains { !$0.mangledTypeName.isBuiltin && holdsFunction($0.type, depth: depth + 1) }
        case .fixedArray:
            // `InlineArray`'s storage: every element is the element's placeholder.
            guard let array = try? FixedArrayMetadata(metadata), array.count > 0 else { return false }
            return holdsFunction(array.element, depth: depth + 1)
        case .tuple:
            guard let elements = try? TupleMetadata(metadata).elements else { return false }
            return elements.contains { holdsFunction($0.type, depth: depth + 1) }
        case .enum:
            // The placeholder is the first case without a payload when there is one.
            guard let enumMetadata = try? EnumMetadata(metadata), enumMetadata.emptyCaseCount == 0,
                let cases = try? enumMetadata.cases()
            else { return false }
            return cases.contains { $0.payloadType.map { holdsFunction($0, depth: depth + 1) } ?? false }
        default:
            // An optional's placeholder is `nil`; a class, existential or metatype holds no closure of its own.
            return false
        }
    }
}
