extension Match {
    /// Matches floating-point arguments within a tolerance of a value: an
    /// argument matches when its distance to `value` is at most
    /// `absoluteTolerance`, or at most `relativeTolerance` times the larger
    /// magnitude of the two. With both tolerances zero it is exact equality.
    ///
    /// ```swift
    /// meter.when { $0.record(Match.approximately(1_000, absoluteTolerance: 0.01)) }.thenDoNothing()
    /// ```
    ///
    /// `nan` never matches.
    ///
    /// - Parameters:
    ///   - value: The expected value.
    ///   - absoluteTolerance: The largest accepted distance.
    ///   - relativeTolerance: The largest accepted distance, as a fraction of the larger magnitude.
    /// - Returns: `value`.
    public static func approximately<Value: BinaryFloatingPoint>(
        _ value: Value, absoluteTolerance: Value = 0, relativeTolerance: Value = 0
    ) -> Value {
        record(
            .typed(
                "approximately(\(value), absoluteTolerance: \(absoluteTolerance), "
                    + "relativeTolerance: \(relativeTolerance))"
            ) { (argument: Value) in
                guard !argument.isNaN, !value.isNaN else { return false }
                if argument == value { return true }
                let distance = (argument - value).magnitude
                if distance <= absoluteTolerance { return true }
                return distance <= relativeTolerance * Swift.max(argument.magnitude, value.magnitude)
            },
            returning: value)
    }

    /// Matches arguments whose property at `keyPath` equals `expected`.
    ///
    /// ```swift
    /// repository.when { $0.save(Match.property(\.id, equalTo: 42)) }.thenReturn("saved")
    /// ```
    ///
    /// - Parameters:
    ///   - keyPath: The property to read.
    ///   - expected: The value it must equal.
    /// - Returns: A placeholder of `Root`.
    public static func property<Root, Value: Equatable>(
        _ keyPath: KeyPath<Root, Value>, equalTo expected: Value
    ) -> Root {
        record(propertyMatcher(keyPath, expected))
    }

    /// Matches arguments whose property at `keyPath` equals `expected`, with
    /// an explicit placeholder for the recording pass.
    ///
    /// - Parameters:
    ///   - placeholder: Any valid value; it is never matched against or returned.
    ///   - keyPath: The property to read.
    ///   - expected: The value it must equal.
    /// - Returns: `placeholder`.
    public static func property<Root, Value: Equatable>(
        using placeholder: Root, _ keyPath: KeyPath<Root, Value>, equalTo expected: Value
    ) -> Root {
        record(propertyMatcher(keyPath, expected), returning: placeholder)
    }

    private static func propertyMatcher<Root, Value: Equatable>(
        _ keyPath: KeyPath<Root, Value>, _ expected: Value
    ) -> ArgumentMatcher {
        nonisolated(unsafe) let keyPath = keyPath
        return .typed("property(\(keyPath), equalTo: \(describeValue(expected)))") { (argument: Root) in
            argument[keyPath: keyPath] == expected
        }
    }

    /// Matches arguments of one enum case whose associated value another
    /// matcher accepts. `extract` returns the associated value for that case
    /// and `nil` for every other case.
    ///
    /// ```swift
    /// handler.when {
    ///     $0.handle(Match.enumCase("failed", extracting: { if case .failed(let code) = $0 { code } else { nil } },
    ///                              matching: Match.inRange(400...499)))
    /// }.thenReturn(.retry)
    /// ```
    ///
    /// - Parameters:
    ///   - name: The case's name, for diagnostics.
    ///   - extract: The associated value of the case, or `nil`.
    ///   - matcher: A matcher expression (or a literal) for the associated value.
    /// - Returns: A placeholder of `Enum`.
    public static func enumCase<Enum, Associated>(
        _ name: String, extracting extract: @escaping @Sendable (Enum) -> Associated?,
        matching matcher: @autoclosure () -> Associated
    ) -> Enum {
        record(enumCaseMatcher(name, extract, operand(matcher).matcher))
    }

    /// Matches arguments of one enum case with two associated values, each
    /// accepted by its own matcher.
    ///
    /// - Parameters:
    ///   - name: The case's name, for diagnostics.
    ///   - extract: The associated values of the case, or `nil`.
    ///   - first: A matcher expression (or a literal) for the first value.
    ///   - second: A matcher expression (or a literal) for the second value.
    /// - Returns: A placeholder of `Enum`.
    public static func enumCase<Enum, First, Second>(
        _ name: String, extracting extract: @escaping @Sendable (Enum) -> (First, Second)?,
        matching first: @autoclosure () -> First, _ second: @autoclosure () -> Second
    ) -> Enum {
        record(enumCasePairMatcher(name, extract, operand(first).matcher, operand(second).matcher))
    }

    /// ``enumCase(_:extracting:matching:)`` with an explicit placeholder for the recording pass.
    ///
    /// - Parameters:
    ///   - placeholder: Any valid value; it is never matched against or returned.
    ///   - name: The case's name, for diagnostics.
    ///   - extract: The associated value of the case, or `nil`.
    ///   - matcher: A matcher expression (or a literal) for the associated value.
    /// - Returns: `placeholder`.
    public static func enumCase<Enum, Associated>(
        using placeholder: Enum, _ name: String, extracting extract: @escaping @Sendable (Enum) -> Associated?,
        matching matcher: @autoclosure () -> Associated
    ) -> Enum {
        record(enumCaseMatcher(name, extract, operand(matcher).matcher), returning: placeholder)
    }

    /// ``enumCase(_:extracting:matching:_:)`` with an explicit placeholder for the recording pass.
    ///
    /// - Parameters:
    ///   - placeholder: Any valid value; it is never matched against or returned.
    ///   - name: The case's name, for diagnostics.
    ///   - extract: The associated values of the case, or `nil`.
    ///   - first: A matcher expression (or a literal) for the first value.
    ///   - second: A matcher expression (or a literal) for the second value.
    /// - Returns: `placeholder`.
    public static func enumCase<Enum, First, Second>(
        using placeholder: Enum, _ name: String, extracting extract: @escaping @Sendable (Enum) -> (First, Second)?,
        matching first: @autoclosure () -> First, _ second: @autoclosure () -> Second
    ) -> Enum {
        record(
            enumCasePairMatcher(name, extract, operand(first).matcher, operand(second).matcher),
            returning: placeholder)
    }

    private static func enumCaseMatcher<Enum, Associated>(
        _ name: String, _ extract: @escaping @Sendable (Enum) -> Associated?, _ inner: ArgumentMatcher
    ) -> ArgumentMatcher {
        ArgumentMatcher(description: "enumCase(\(name), \(inner))", captors: inner.captors) { argument in
            guard let value = argument as? Enum, let associated = extract(value) else { return false }
            return inner.matches(associated)
        }
    }

    private static func enumCasePairMatcher<Enum, First, Second>(
        _ name: String, _ extract: @escaping @Sendable (Enum) -> (First, Second)?, _ first: ArgumentMatcher,
        _ second: ArgumentMatcher
    ) -> ArgumentMatcher {
        ArgumentMatcher(
            description: "enumCase(\(name), \(first), \(second))", captors: first.captors + second.captors
        ) { argument in
            guard let value = argument as? Enum, let (a, b) = extract(value) else { return false }
            return first.matches(a) && second.matches(b)
        }
    }

    /// Matches collections with an element that satisfies a predicate.
    ///
    /// - Parameter predicate: Whether an element qualifies; it runs outside every lock.
    /// - Returns: A placeholder of `C`.
    public static func contains<C: Collection>(where predicate: @escaping @Sendable (C.Element) -> Bool) -> C {
        record(.typed("contains(where:)") { (argument: C) in argument.contains(where: predicate) })
    }

    /// Matches collections whose element count another matcher accepts.
    ///
    /// - Parameter matcher: A matcher expression (or a literal) for the count.
    /// - Returns: A placeholder of `C`.
    public static func hasCount<C: Collection>(matching matcher: @autoclosure () -> Int) -> C {
        let inner = operand(matcher).matcher
        return record(
            ArgumentMatcher(description: "hasCount(\(inner))", captors: inner.captors) { argument in
                guard let collection = argument as? C else { return false }
                return inner.matches(collection.count)
            })
    }

    /// Matches arguments satisfying a predicate, with an explicit placeholder
    /// (the placeholder first, as the seed spells it).
    ///
    /// - Parameters:
    ///   - placeholder: Any valid value; it is never matched against or returned.
    ///   - description: The text diagnostics print for the matcher.
    ///   - predicate: Whether an argument matches; it runs outside every lock.
    /// - Returns: `placeholder`.
    public static func matching<T>(
        using placeholder: T, description: String = "matching(where:)", where predicate: @escaping (T) -> Bool
    ) -> T {
        record(.typed(description, predicate), returning: placeholder)
    }
}
