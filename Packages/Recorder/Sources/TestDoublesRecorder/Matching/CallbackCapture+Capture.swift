// The `capture()` overloads: one per callback shape whose closures the
// capture can build without a placeholder and wrap to track calls.

extension CallbackCapture {
    /// Records a capturing matcher for a callback without arguments.
    ///
    /// - Returns: A placeholder closure; it stops the process if anything calls it.
    public func capture() -> Value where Value == () -> Void {
        track { callback, onCall in
            let original = callback as! () -> Void
            return {
                onCall()
                original()
            }
        }
        return Match.record(matcher, returning: { Self.placeholderCalled() })
    }

    /// Records a capturing matcher for a `@Sendable` callback without arguments.
    ///
    /// - Returns: A placeholder closure; it stops the process if anything calls it.
    public func capture() -> Value where Value == @Sendable () -> Void {
        track { callback, onCall in
            let original = callback as! @Sendable () -> Void
            return { @Sendable in
                onCall()
                original()
            }
        }
        return Match.record(matcher, returning: { @Sendable in Self.placeholderCalled() })
    }

    /// Records a capturing matcher for a callback with one argument.
    ///
    /// - Returns: A placeholder closure; it stops the process if anything calls it.
    public func capture<Argument>() -> Value where Value == (Argument) -> Void {
        track { callback, onCall in
            let original = callback as! (Argument) -> Void
            return { (argument: Argument) in
                onCall()
                original(argument)
            }
        }
        return Match.record(matcher, returning: { (_: Argument) in Self.placeholderCalled() })
    }

    /// Records a capturing matcher for a `@Sendable` callback with one argument.
    ///
    /// - Returns: A placeholder closure; it stops the process if anything calls it.
    public func capture<Argument>() -> Value where Value == @Sendable (Argument) -> Void {
        track { callback, onCall in
            let original = callback as! @Sendable (Argument) -> Void
            return { @Sendable (argument: Argument) in
                onCall()
                original(argument)
            }
        }
        return Match.record(matcher, returning: { @Sendable (_: Argument) in Self.placeholderCalled() })
    }

    /// Records a capturing matcher for a callback with two arguments.
    ///
    /// - Returns: A placeholder closure; it stops the process if anything calls it.
    public func capture<First, Second>() -> Value where Value == (First, Second) -> Void {
        track { callback, onCall in
            let original = callback as! (First, Second) -> Void
            return { (first: First, second: Second) in
                onCall()
                original(first, second)
            }
        }
        return Match.record(matcher, returning: { (_: First, _: Second) in Self.placeholderCalled() })
    }

    /// Records a capturing matcher for a `@Sendable` callback with two arguments.
    ///
    /// - Returns: A placeholder closure; it stops the process if anything calls it.
    public func capture<First, Second>() -> Value where Value == @Sendable (First, Second) -> Void {
        track { callback, onCall in
            let original = callback as! @Sendable (First, Second) -> Void
            return { @Sendable (first: First, second: Second) in
                onCall()
                original(first, second)
            }
        }
        return Match.record(
            matcher, returning: { @Sendable (_: First, _: Second) in Self.placeholderCalled() })
    }

    /// Installs the wrapper that marks a kept callback handled when it is called.
    private func track(_ wrap: @escaping @Sendable (Any, @escaping @Sendable () -> Void) -> Any) {
        state.withLock { $0.tracker = CallbackTracker(wrap: wrap) }
    }

    /// Stops the process: something called the placeholder of a recording pass.
    static func placeholderCalled() -> Never {
        fatalError(
            "CallbackCapture<\(Value.self)>: the placeholder closure of a recording pass was called; "
                + "only the double's recording pass should receive it")
    }
}
