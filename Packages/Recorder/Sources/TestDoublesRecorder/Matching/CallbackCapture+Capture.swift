// The `capture()` overloads: one per callback shape whose closures the
// capture can build without a placeholder and wrap to track calls.

extension CallbackCapture {
    /// Records a capturing matcher for a callback without arguments.
    ///
    /// - Returns: A placeholder closure; calling it does nothing but report an issue at the capture's creation site.
    public func capture() -> Value where Value == () -> Void {
        track { callback, onCall in
            let original = callback as! () -> Void
            return {
                onCall()
                original()
            }
        }
        let site = creationSite
        return Match.record(matcher, returning: { Self.placeholderCalled(at: site) })
    }

    /// Records a capturing matcher for a `@Sendable` callback without arguments.
    ///
    /// - Returns: A placeholder closure; calling it does nothing but report an issue at the capture's creation site.
    public func capture() -> Value where Value == @Sendable () -> Void {
        track { callback, onCall in
            let original = callback as! @Sendable () -> Void
            return { @Sendable in
                onCall()
                original()
            }
        }
        let site = creationSite
        return Match.record(matcher, returning: { @Sendable in Self.placeholderCalled(at: site) })
    }

    /// Records a capturing matcher for a callback with one argument.
    ///
    /// - Returns: A placeholder closure; calling it does nothing but report an issue at the capture's creation site.
    public func capture<Argument>() -> Value where Value == (Argument) -> Void {
        track { callback, onCall in
            let original = callback as! (Argument) -> Void
            return { (argument: Argument) in
                onCall()
                original(argument)
            }
        }
        let site = creationSite
        return Match.record(matcher, returning: { (_: Argument) in Self.placeholderCalled(at: site) })
    }

    /// Records a capturing matcher for a `@Sendable` callback with one argument.
    ///
    /// - Returns: A placeholder closure; calling it does nothing but report an issue at the capture's creation site.
    public func capture<Argument>() -> Value where Value == @Sendable (Argument) -> Void {
        track { callback, onCall in
            let original = callback as! @Sendable (Argument) -> Void
            return { @Sendable (argument: Argument) in
                onCall()
                original(argument)
            }
        }
        let site = creationSite
        return Match.record(matcher, returning: { @Sendable (_: Argument) in Self.placeholderCalled(at: site) })
    }

    /// Records a capturing matcher for a callback with two arguments.
    ///
    /// - Returns: A placeholder closure; calling it does nothing but report an issue at the capture's creation site.
    public func capture<First, Second>() -> Value where Value == (First, Second) -> Void {
        track { callback, onCall in
            let original = callback as! (First, Second) -> Void
            return { (first: First, second: Second) in
                onCall()
                original(first, second)
            }
        }
        let site = creationSite
        return Match.record(matcher, returning: { (_: First, _: Second) in Self.placeholderCalled(at: site) })
    }

    /// Records a capturing matcher for a `@Sendable` callback with two arguments.
    ///
    /// - Returns: A placeholder closure; calling it does nothing but report an issue at the capture's creation site.
    public func capture<First, Second>() -> Value where Value == @Sendable (First, Second) -> Void {
        track { callback, onCall in
            let original = callback as! @Sendable (First, Second) -> Void
            return { @Sendable (first: First, second: Second) in
                onCall()
                original(first, second)
            }
        }
        let site = creationSite
        return Match.record(
            matcher, returning: { @Sendable (_: First, _: Second) in Self.placeholderCalled(at: site) })
    }

    /// Records a capturing matcher for a main-actor callback without
    /// arguments, as a `@MainActor` view model hands one to a dependency
    /// (`func onLogout(_ handler: @escaping @MainActor () -> Void)`).
    ///
    /// - Returns: A placeholder closure; calling it does nothing but report an issue at the capture's creation site.
    public func capture() -> Value where Value == @MainActor () -> Void {
        track { callback, onCall in
            let original = callback as! @MainActor () -> Void
            return { @MainActor in
                onCall()
                original()
            }
        }
        let site = creationSite
        return Match.record(matcher, returning: { @MainActor in Self.placeholderCalled(at: site) })
    }

    /// Records a capturing matcher for a main-actor callback with one argument.
    ///
    /// - Returns: A placeholder closure; calling it does nothing but report an issue at the capture's creation site.
    public func capture<Argument>() -> Value where Value == @MainActor (Argument) -> Void {
        track { callback, onCall in
            let original = callback as! @MainActor (Argument) -> Void
            // Typed by the declaration, not in the closure: Swift 6.0 reads `@MainActor (argument: …)` as
            // the attribute's arguments.
            let wrapped: @MainActor (Argument) -> Void = { argument in
                onCall()
                original(argument)
            }
            return wrapped
        }
        let site = creationSite
        let placeholder: @MainActor (Argument) -> Void = { _ in Self.placeholderCalled(at: site) }
        return Match.record(matcher, returning: placeholder)
    }

    /// Installs the wrapper that marks a kept callback handled when it is called.
    private func track(_ wrap: @escaping @Sendable (Any, @escaping @Sendable () -> Void) -> Any) {
        state.withLock { $0.tracker = CallbackTracker(wrap: wrap) }
    }

    /// Reports that something called the placeholder of a recording pass, and returns.
    ///
    /// The placeholder answers nothing (its callbacks return `Void`), so
    /// returning is safe; the issue tells the test its code called a closure
    /// that only the double's recording pass should have received.
    ///
    /// - Parameter site: Where the capture was created.
    static func placeholderCalled(at site: CallSite) {
        TestDoubleIssueReporting.report(
            TestDoubleIssue(
                kind: .invalidRecording,
                message: "CallbackCapture<\(Value.self)>: the placeholder closure that capture() gave a "
                    + "recording pass was called; only the double should receive it. Call the callbacks "
                    + "the capture keeps (first, last, callbacks) instead",
                location: site))
    }
}
