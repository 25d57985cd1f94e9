import TestDoublesMetadata

/// A placeholder for a constrained existential (`any Sequence<Int>`,
/// `any Clock<Duration>`) in a recording pass: a value of a standard type
/// built from the bound types (an empty array, an empty stream, one of their
/// iterators, a clock),
/// kept only when the runtime's own cast proves it conforms with every
/// bound associated type equal (`[Int]` is an `any Sequence<Int>`, never an
/// `any Sequence<String>`). When none fits, there is no placeholder and the
/// recording pass takes its no-value path.
enum ConstrainedExistentialPlaceholder {
    /// A value of `type`, an extended existential, boxed as that existential; nil when no candidate conforms.
    static func value(of type: Any.Type) -> Any? {
        guard let existential = try? ExtendedExistentialMetadata(TypeMetadata(type)) else { return nil }
        for candidate in candidates(existential.generalizationArguments) {
            if let boxed = box(candidate, as: type) { return boxed }
        }
        return nil
    }

    /// Standard values whose conformances may match: the bound types decide their generic arguments.
    private static func candidates(_ arguments: [Any.Type]) -> [Any] {
        var values: [Any] = [ContinuousClock(), SuspendingClock()]
        if let element = arguments.first {
            values += emptyCollections(of: element)
        }
        return values
    }

    /// An empty array and empty streams of `element`, and their iterators
    /// (an `any AsyncIteratorProtocol<Line, any Error>` cursor parameter).
    private static func emptyCollections(of element: Any.Type) -> [Any] {
        func open<Element>(_: Element.Type) -> [Any] {
            let array: [Element] = []
            let stream = AsyncStream<Element> { $0.finish() }
            let throwing = AsyncThrowingStream<Element, any Error> { $0.finish() }
            return [
                array, stream, throwing, array.makeIterator(), stream.makeAsyncIterator(),
                throwing.makeAsyncIterator(),
            ]
        }
        return _openExistential(element, do: open)
    }

    /// `value` cast to the existential `type` (the runtime checks the conformance and each bound type).
    private static func box(_ value: Any, as type: Any.Type) -> Any? {
        func cast<Existential>(_: Existential.Type) -> Any? {
            guard let converted = value as? Existential else { return nil }
            return converted
        }
        return _openExistential(type, do: cast)
    }
}
