extension InvocationRecorder {
    /// Lines up, during a recording pass, the matchers written for the
    /// elements of variadic arguments (`func tag(_ id: UUID, _ labels: String...)`
    /// recorded as `tag(Match.any(), Match.equal("a"), Match.hasPrefix("b"))`);
    /// does nothing outside a recording pass.
    ///
    /// A variadic parameter reaches the witness as one array, while the call
    /// pushes one matcher per element. When the matchers pushed number the
    /// other arguments plus every variadic argument's elements, each variadic
    /// argument's element matchers become one matcher of the array: exactly
    /// that many elements, each accepted by its own matcher, in order (so a lone
    /// `Match.any()` accepts exactly one element). Otherwise (literals only, or a count that fits no such reading) the
    /// pass keeps what the caller pushed and the recording reports the usual
    /// problem. Element matchers that capture are left as they are too: a
    /// captor reads a whole argument, not an element.
    ///
    /// - Parameters:
    ///   - arguments: The call's arguments, in the recorder's order.
    ///   - positions: The positions of the variadic arguments.
    public func recordVariadicMatchers(in arguments: [Any], variadic positions: [Int]) {
        guard !positions.isEmpty, let session = CaptureSession.currentIfRecording else { return }
        let pushed = session.pop(from: 0)
        var counts: [Int: Int] = [:]
        for position in positions where position < arguments.count {
            guard let elements = arguments[position] as? any Collection else { break }
            counts[position] = elements.count
        }
        let expected = arguments.count - counts.count + counts.values.reduce(0, +)
        guard !pushed.isEmpty, counts.count == positions.count, pushed.count == expected else {
            for matcher in pushed { session.push(matcher) }
            return
        }
        var lined: [ArgumentMatcher] = []
        var next = pushed.makeIterator()
        for index in arguments.indices {
            guard let count = counts[index] else {
                if let matcher = next.next() { lined.append(matcher) }
                continue
            }
            var elements: [ArgumentMatcher] = []
            for _ in 0..<count { if let matcher = next.next() { elements.append(matcher) } }
            guard elements.allSatisfy(\.captors.isEmpty) else {
                for matcher in pushed { session.push(matcher) }
                return
            }
            lined.append(Self.elementwise(elements))
        }
        for matcher in lined { session.push(matcher) }
    }

    /// One matcher of a variadic argument's array: its count, and each element by its own matcher.
    private static func elementwise(_ elements: [ArgumentMatcher]) -> ArgumentMatcher {
        ArgumentMatcher(description: "[\(elements.map(\.description).joined(separator: ", "))]") { argument in
            guard let collection = argument as? any Collection else { return false }
            let values = Self.boxedElements(of: collection)
            guard values.count == elements.count else { return false }
            return zip(elements, values).allSatisfy { $0.matches($1) }
        }
    }

    private static func boxedElements(of collection: some Collection) -> [Any] { collection.map { $0 as Any } }
}
