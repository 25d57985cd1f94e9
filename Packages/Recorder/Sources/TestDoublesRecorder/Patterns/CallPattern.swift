/// A recorded call shape of one double: configure its behaviors, verify
/// it, read its typed arguments, stream future matches.
///
/// `when` returns one. Each behavior method appends a step to the
/// registration's chain and returns the pattern, so chains read in order:
///
/// ```swift
/// let loads = loader.when { try await $0.loadFeed() }
///     .thenThrow(URLError(.timedOut))
///     .thenReturn(["Hello, world"])
/// loads.verify(2...2)
/// ```
///
/// A bare intermediate step serves one call; the bare last step serves every
/// later call; `times:` gives a step an exact count (`times: 2`) or makes it
/// unbounded (`times: 1...`). When every step is used up, calls fall through
/// to later registrations. The first registration whose matchers accept a
/// call serves it, like the cases of a `switch`.
public struct CallPattern<Result>: InteractionObserving, Sendable {
    let core: CallSelection
    /// The actor of the code that recorded an async requirement's pattern
    /// (`await stub.when { … }` in a `@MainActor` test): a synchronous
    /// handler written there is isolated to it, so its calls run there.
    let handlerActor: (any Actor)?

    init(core: CallSelection, handlerActor: (any Actor)? = nil) {
        self.core = core
        self.handlerActor = handlerActor
    }

    /// The observation-only view of the pattern's calls.
    public var interactions: CallInteractions<Result> { CallInteractions(core: core) }

    /// The requirement the pattern names, or `nil` when its recording failed.
    public var requirement: Requirement? { core.requirement }

    /// The argument matchers of the pattern, one per argument.
    public var matchers: [ArgumentMatcher] { core.matchers }

    func appending(
        _ action: BehaviorAction, _ repetition: BehaviorRepeat, _ site: CallSite, scalarHandler: ScalarHandler? = nil
    ) -> Self {
        add(action, repetition, site, scalarHandler: scalarHandler)
        return self
    }

    /// Appends a behavior after checking it fits the requirement; returns whether it was added.
    @discardableResult
    func add(
        _ action: BehaviorAction, _ repetition: BehaviorRepeat, _ site: CallSite, scalarHandler: ScalarHandler? = nil
    ) -> Bool {
        guard core.isValid, let registration = core.registration, let requirement = core.requirement else {
            return false
        }
        if case .error = action, !requirement.effects.canThrow {
            core.report(
                "\(core.recorder.name): thenThrow needs a throwing requirement, and \(requirement.name) is "
                    + "\(requirement.effects); the behavior was not added.",
                at: site, kind: .invalidBehavior)
            return false
        }
        if action.isAsyncOnly, !requirement.effects.isAsync {
            core.report(
                "\(core.recorder.name): \(action.name) needs an async requirement, and \(requirement.name) is "
                    + "\(requirement.effects); the behavior was not added.",
                at: site, kind: .invalidBehavior)
            return false
        }
        if Result.self == Void.self, action.producesValue, requirement.resultType != Void.self,
            requirement.resultType != Any.self
        {
            // A one-expression `when { }` closure also fits `R == Void` (its result is discarded); with a
            // handler whose result needs a conversion, the compiler can prefer that typing.
            core.report(
                "\(core.recorder.name): \(requirement.name) returns \(requirement.resultType), but this pattern's "
                    + "result type was inferred as Void, so \(action.name) would answer with (); write the "
                    + "handler's result type (.then { (…) -> \(requirement.resultType) in … }) or the pattern's "
                    + "(let pattern: CallPattern<\(requirement.resultType)> = …); the behavior was not added.",
                at: site, kind: .invalidBehavior)
            return false
        }
        if requirement.resultIsErased, case .value(let value) = action, !Self.value(value, is: requirement.resultType) {
            core.report(
                "\(core.recorder.name): \(requirement.name) returns \(requirement.resultType) for this double (the "
                    + "caller sees a wider type), but \(action.name) was given \(String(reflecting: value)) of type "
                    + "\(type(of: value)); the behavior was not added.",
                at: site, kind: .invalidBehavior)
            return false
        }
        if case .forward = action, core.recorder.unmatchedCallPolicy != .forward {
            core.report(
                "\(core.recorder.name): thenForward needs a double with a real implementation (a spy); "
                    + "the behavior was not added.",
                at: site, kind: .invalidBehavior)
            return false
        }
        if case .compute(let compute) = action, let actor = handlerActor, requirement.effects.isAsync {
            // A closure written on an actor is isolated to it, and Swift checks that at run time (in the
            // closures it passes to `map`, `filter` …): an async call is answered on the global executor, so
            // the handler runs on its actor instead of stopping the process there.
            core.recorder.append(
                BehaviorStep(
                    action: .computeAsync(Self.hopping(to: actor, compute)), repetition: repetition, site: site),
                to: registration)
            return true
        }
        core.recorder.append(
            BehaviorStep(action: action, repetition: repetition, site: site, scalarHandler: scalarHandler),
            to: registration)
        return true
    }

    /// A synchronous handler run on `actor`, as an async one.
    private static func hopping(
        to actor: any Actor, _ compute: @escaping (UnsafeBufferPointer<Any>, Int) throws -> Any
    ) -> ([Any], Int) async throws -> Any {
        let handler = UncheckedSendable(compute)
        return { arguments, count in
            let lent = UncheckedSendable(arguments)
            let answer = try await runIsolated(on: actor) {
                UncheckedSendable(try lent.value.withUnsafeBufferPointer { try handler.value($0, count) })
            }
            return answer.value
        }
    }

    private static func runIsolated<T: Sendable>(
        on actor: isolated any Actor, _ body: @Sendable () throws -> T
    ) throws -> T {
        try body()
    }

    /// Whether `value` can be handed to a caller as a `type` (after unwrapping existential boxes).
    static func value(_ value: Any, is type: Any.Type) -> Bool {
        func check<T>(_: T.Type) -> Bool { value is T }
        return _openExistential(type, do: check)
    }

    /// Appends a synchronous computed behavior (from `then` or `thenForEachCall`).
    @usableFromInline
    func appendingCompute(
        _ compute: @escaping (UnsafeBufferPointer<Any>, Int) throws -> Any, times: BehaviorRepeatKind?, site: CallSite
    ) -> Self {
        appending(.compute(compute), times.map(BehaviorRepeat.init) ?? .bare, site)
    }

    /// Appends a typed synchronous handler (from `then`): its untyped form,
    /// and, when its result is `()` or a scalar, its unboxed form
    /// (``ScalarHandler``), both worked out here, once.
    @inlinable
    func appendingTypedCompute<each Argument>(
        _ handler: @escaping (repeat each Argument) throws -> Result, times: BehaviorRepeatKind?, site: CallSite
    ) -> Self {
        let requirement = requirement
        let ownTypes = ArgumentUnpacking.OwnTypes(repeat (each Argument).self)
        return appendingCompute(
            { arguments, _ in try ArgumentUnpacking.apply(arguments, to: handler, ownTypes, requirement) },
            scalarHandler: ScalarHandler.make(handler, ownTypes, requirement), times: times, site: site)
    }

    /// Appends a typed synchronous handler of one parameter (from the
    /// one-argument `then` forms), as ``appendingTypedCompute(_:times:site:)``
    /// does for a parameter pack, without one: its calls read the argument
    /// where the call's box keeps it (``ArgumentUnpacking/apply(_:toUnary:_:)``).
    @inlinable
    func appendingTypedCompute<Argument>(
        unary handler: @escaping (Argument) throws -> Result, times: BehaviorRepeatKind?, site: CallSite
    ) -> Self {
        let requirement = requirement
        return appendingCompute(
            { arguments, _ in try ArgumentUnpacking.apply(arguments, toUnary: handler, requirement) },
            scalarHandler: ScalarHandler.make(unary: handler, requirement), times: times, site: site)
    }

    /// Appends a typed synchronous handler of two parameters (from the
    /// two-argument `then` forms), as ``appendingTypedCompute(unary:times:site:)`` does for one.
    @inlinable
    func appendingTypedCompute<First, Second>(
        binary handler: @escaping (First, Second) throws -> Result, times: BehaviorRepeatKind?, site: CallSite
    ) -> Self {
        let requirement = requirement
        return appendingCompute(
            { arguments, _ in try ArgumentUnpacking.apply(arguments, toBinary: handler, requirement) },
            scalarHandler: ScalarHandler.make(binary: handler, requirement), times: times, site: site)
    }

    /// Appends a synchronous computed behavior with its unboxed form.
    @usableFromInline
    func appendingCompute(
        _ compute: @escaping (UnsafeBufferPointer<Any>, Int) throws -> Any, scalarHandler: ScalarHandler?,
        times: BehaviorRepeatKind?, site: CallSite
    ) -> Self {
        appending(.compute(compute), times.map(BehaviorRepeat.init) ?? .bare, site, scalarHandler: scalarHandler)
    }

    /// Wraps a typed handler into the engine's untyped form.
    @inlinable
    static func typedHandler<each Argument>(
        _ handler: @escaping (repeat each Argument) throws -> Result, _ requirement: Requirement?
    ) -> (UnsafeBufferPointer<Any>, Int) throws -> Any {
        typedHandler(handler, requirement) { $0 }
    }

    /// Wraps a typed handler whose value `answer` turns into the call's
    /// answer (an optional result's handler gives the unwrapped value).
    @inlinable
    static func typedHandler<each Argument, Value>(
        _ handler: @escaping (repeat each Argument) throws -> Value, _ requirement: Requirement?,
        answer: @escaping (Value) -> Any
    ) -> (UnsafeBufferPointer<Any>, Int) throws -> Any {
        // The parameter types are checked against each call's arguments as
        // worked out here, once per configured handler.
        let ownTypes = ArgumentUnpacking.OwnTypes(repeat (each Argument).self)
        return { arguments, _ in answer(try ArgumentUnpacking.apply(arguments, to: handler, ownTypes, requirement)) }
    }

    /// Wraps a counting typed handler into the engine's untyped form.
    @inlinable
    static func countedHandler<each Argument>(
        _ handler: @escaping (Int, repeat each Argument) throws -> Result, _ requirement: Requirement?
    ) -> (UnsafeBufferPointer<Any>, Int) throws -> Any {
        { arguments, count in
            let unpacked: (repeat each Argument)
            do {
                unpacked = try ArgumentUnpacking.unpack(arguments)
            } catch {
                throw BehaviorMisuse(message: ArgumentUnpacking.describe(error, arguments, requirement))
            }
            return try handler(count, repeat each unpacked)
        }
    }

    func typedAsyncHandler<each Argument>(
        _ handler: @escaping (repeat each Argument) async throws -> Result
    ) -> ([Any], Int) async throws -> Any {
        typedAsyncHandler(handler) { $0 }
    }

    func typedAsyncHandler<each Argument, Value>(
        _ handler: @escaping (repeat each Argument) async throws -> Value, answer: @escaping (Value) -> Any
    ) -> ([Any], Int) async throws -> Any {
        let requirement = core.requirement
        return { arguments, _ in
            let unpacked: (repeat each Argument)
            do {
                unpacked = try ArgumentUnpacking.unpack(arguments)
            } catch {
                throw BehaviorMisuse(message: ArgumentUnpacking.describe(error, arguments, requirement))
            }
            return answer(try await handler(repeat each unpacked))
        }
    }

    func countedAsyncHandler<each Argument>(
        _ handler: @escaping (Int, repeat each Argument) async throws -> Result
    ) -> ([Any], Int) async throws -> Any {
        let requirement = core.requirement
        return { arguments, count in
            let unpacked: (repeat each Argument)
            do {
                unpacked = try ArgumentUnpacking.unpack(arguments)
            } catch {
                throw BehaviorMisuse(message: ArgumentUnpacking.describe(error, arguments, requirement))
            }
            return try await handler(count, repeat each unpacked)
        }
    }
}

extension BehaviorRepetition {
    var engineRepeat: BehaviorRepeat {
        switch behaviorRepeat {
        case .times(let n): .times(n)
        case .unbounded: .unbounded
        }
    }
}

/// A pattern as the chaining `then…(times:)` behaviors hand it back, by the
/// name the seed library gives it: every behavior added through it answers
/// the calls after the ones before it.
public typealias StubBehaviorChain<Result> = CallPattern<Result>
