#if compiler(>=6.2)
/// An `InlineArray`'s elements for diagnostics: its reflection shows only
/// `_storage: (Unknown)`, so ``describeValue(_:)`` prints its elements as
/// an array literal instead.
protocol InlineArrayElements {
    /// The elements, in order.
    var elementsForDescription: [Any] { get }
}

extension InlineArray: InlineArrayElements {
    var elementsForDescription: [Any] { indices.map { self[$0] } }
}
#endif
