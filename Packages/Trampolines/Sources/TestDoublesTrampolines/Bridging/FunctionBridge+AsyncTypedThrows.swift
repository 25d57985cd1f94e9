/// Async typed-throwing function types, `(A, ...) async throws(E) -> R`:
/// the Swift closures that stand for a direct-convention function of such a
/// type (`DirectFunction`) and the callers of a Swift closure of such a type
/// (`DynamicFunction`), one per arity, generic over the error type too.
///
/// The convention is the async one (`DirectFunction.callAsync(_:)`) with
/// the typed error of the synchronous one: the error register of the
/// resumption carries the thrown flag, and the payload travels in the result
/// registers or in a buffer whose address the caller passes after the
/// parameters (`FunctionSignature.typedError`), as for an
/// `async throws(E)` requirement.
extension DirectFunction {
    /// The Swift closure of an `async throws(E)` function type, boxed as `Any`.
    func makeAsyncTypedThrowingClosure(errorType: any Error.Type) -> Any? {
        func withError<E: Error>(_: E.Type) -> Any? {
            signature.open(with: AsyncTypedClosureOpener<E>(function: self))
        }
        return _openExistential(errorType, do: withError)
    }

    private struct AsyncTypedClosureOpener<E: Error>: FunctionTypeOpener {
        let function: DirectFunction
        var sendable: Bool { function.signature.isSendable }

        func open<R>(_: R.Type) -> Any {
            let closure: @Sendable () async throws(E) -> R = { () async throws(E) -> R in
                try function.answer(await function.callAsyncTyped([], E.self))
            }
            return sendable ? closure as Any : closure as () async throws(E) -> R
        }
        func open<A, R>(_: A.Type, _: R.Type) -> Any {
            let closure: @Sendable (A) async throws(E) -> R = { (a: A) async throws(E) -> R in
                try function.answer(await function.callAsyncTyped([a], E.self))
            }
            return sendable ? closure as Any : closure as (A) async throws(E) -> R
        }
        func open<A, B, R>(_: A.Type, _: B.Type, _: R.Type) -> Any {
            let closure: @Sendable (A, B) async throws(E) -> R = { (a: A, b: B) async throws(E) -> R in
                try function.answer(await function.callAsyncTyped([a, b], E.self))
            }
            return sendable ? closure as Any : closure as (A, B) async throws(E) -> R
        }
        func open<A, B, C, R>(_: A.Type, _: B.Type, _: C.Type, _: R.Type) -> Any {
            let closure: @Sendable (A, B, C) async throws(E) -> R = { (a: A, b: B, c: C) async throws(E) -> R in
                try function.answer(await function.callAsyncTyped([a, b, c], E.self))
            }
            return sendable ? closure as Any : closure as (A, B, C) async throws(E) -> R
        }
        func open<A, B, C, D, R>(_: A.Type, _: B.Type, _: C.Type, _: D.Type, _: R.Type) -> Any {
            let closure: @Sendable (A, B, C, D) async throws(E) -> R = {
                (a: A, b: B, c: C, d: D) async throws(E) -> R in
                try function.answer(await function.callAsyncTyped([a, b, c, d], E.self))
            }
            return sendable ? closure as Any : closure as (A, B, C, D) async throws(E) -> R
        }
    }

    /// Awaits the function; its typed error is rethrown as `E`.
    ///
    /// A call outside a non-escaping function's scope has no `E` to report
    /// it with, so it stops the process, as a nonthrowing function's does.
    func callAsyncTyped<E: Error>(_ arguments: [Any], _: E.Type) async throws(E) -> Any {
        do {
            return try await callAsync(arguments)
        } catch let error as E {
            throw error
        } catch {
            stopForEscapedClosureCall(error)
        }
    }
}

extension DynamicFunction {
    /// The caller of a Swift closure of an `async throws(E)` function type,
    /// or `nil` when `closure` is not of that type.
    static func makeAsyncTypedThrowingCaller(
        of closure: Any, signature: FunctionSignature, errorType: any Error.Type
    ) -> AsyncCaller? {
        func withError<E: Error>(_: E.Type) -> AsyncCaller? {
            signature.open(with: AsyncTypedCallerOpener<E>(closure: closure, sendable: signature.isSendable)) ?? nil
        }
        return _openExistential(errorType, do: withError)
    }

    // Each `open` casts and holds the closure itself: Swift 6.0.3's SILGen
    // crashes on a generic helper that takes these function types.
    private struct AsyncTypedCallerOpener<E: Error>: FunctionTypeOpener {
        let closure: Any
        let sendable: Bool

        func open<R>(_: R.Type) -> AsyncCaller? {
            let function: (() async throws(E) -> R)? =
                sendable ? closure as? @Sendable () async throws(E) -> R : closure as? () async throws(E) -> R
            guard let function else { return nil }
            let held = HeldTypedFunction(value: function)
            return { _ in try await held.value() }
        }
        func open<A, R>(_: A.Type, _: R.Type) -> AsyncCaller? {
            let function: ((A) async throws(E) -> R)? =
                sendable ? closure as? @Sendable (A) async throws(E) -> R : closure as? (A) async throws(E) -> R
            guard let function else { return nil }
            let held = HeldTypedFunction(value: function)
            return { arguments in try await held.value(argument(arguments, 0)) }
        }
        func open<A, B, R>(_: A.Type, _: B.Type, _: R.Type) -> AsyncCaller? {
            let function: ((A, B) async throws(E) -> R)? =
                sendable
                ? closure as? @Sendable (A, B) async throws(E) -> R : closure as? (A, B) async throws(E) -> R
            guard let function else { return nil }
            let held = HeldTypedFunction(value: function)
            return { arguments in try await held.value(argument(arguments, 0), argument(arguments, 1)) }
        }
        func open<A, B, C, R>(_: A.Type, _: B.Type, _: C.Type, _: R.Type) -> AsyncCaller? {
            let function: ((A, B, C) async throws(E) -> R)? =
                sendable
                ? closure as? @Sendable (A, B, C) async throws(E) -> R : closure as? (A, B, C) async throws(E) -> R
            guard let function else { return nil }
            let held = HeldTypedFunction(value: function)
            return { arguments in
                try await held.value(argument(arguments, 0), argument(arguments, 1), argument(arguments, 2))
            }
        }
        func open<A, B, C, D, R>(_: A.Type, _: B.Type, _: C.Type, _: D.Type, _: R.Type) -> AsyncCaller? {
            let function: ((A, B, C, D) async throws(E) -> R)? =
                sendable
                ? closure as? @Sendable (A, B, C, D) async throws(E) -> R
                : closure as? (A, B, C, D) async throws(E) -> R
            guard let function else { return nil }
            let held = HeldTypedFunction(value: function)
            return { arguments in
                try await held.value(
                    argument(arguments, 0), argument(arguments, 1), argument(arguments, 2), argument(arguments, 3))
            }
        }
    }
}

/// A typed-throwing async closure held by a `Sendable` caller: a
/// non-`Sendable` closure runs on the task of whoever calls the bridged
/// function, as a direct call would.
private struct HeldTypedFunction<Value>: @unchecked Sendable {
    let value: Value
}
