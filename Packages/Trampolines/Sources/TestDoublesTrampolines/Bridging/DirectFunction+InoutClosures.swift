/// The Swift closures that stand for a direct-convention function whose
/// first parameter is `inout`: `(inout A) -> R` and `(inout A, B) -> R`, in
/// every effect the bridge serves (`throws`, `throws(E)`, `async`,
/// `async throws`, `async throws(E)`), `@Sendable` or not.
///
/// A body copies its `inout` argument into the boxed arguments, calls the
/// function with the address of a variable holding that copy
/// (`call(writingBack:)`, `callAsync(writingBack:)`), and assigns the
/// variable's final value back to its own `inout` parameter, also when the
/// function throws: the caller of the closure sees every change the
/// function made, as with a direct call.
extension DirectFunction {
    /// The Swift closure of a function type whose first parameter is `inout`,
    /// boxed as `Any`; `nil` for an arity the inout wrappers do not cover.
    func makeInoutClosure() -> Any? {
        if let errorType = signature.thrownErrorType {
            func withError<E: Error>(_: E.Type) -> Any? {
                signature.open(with: InoutTypedClosureOpener<E>(function: self)) ?? nil
            }
            return _openExistential(errorType, do: withError)
        }
        return signature.open(with: InoutClosureOpener(function: self)) ?? nil
    }

    /// Calls a nonthrowing function, writing its `inout` argument back; a
    /// call outside a non-escaping function's scope cannot be reported to
    /// its caller, so it stops the process.
    fileprivate func callInoutNonthrowing(_ arguments: inout [Any]) -> Any {
        do { return try call(writingBack: &arguments) } catch {
            stopForEscapedClosureCall(error)
        }
    }

    /// Awaits a nonthrowing async function, writing its `inout` argument back.
    fileprivate func callAsyncInoutNonthrowing(_ arguments: inout [Any]) async -> Any {
        do { return try await callAsync(writingBack: &arguments) } catch {
            stopForEscapedClosureCall(error)
        }
    }

    /// Calls a `throws(E)` function, writing its `inout` argument back; its
    /// error is rethrown as `E`.
    fileprivate func callInoutTyped<E: Error>(_ arguments: inout [Any], _: E.Type) throws(E) -> Any {
        do {
            return try call(writingBack: &arguments)
        } catch let error as E {
            throw error
        } catch {
            stopForEscapedClosureCall(error)
        }
    }

    /// Awaits an `async throws(E)` function, writing its `inout` argument back.
    fileprivate func callAsyncInoutTyped<E: Error>(_ arguments: inout [Any], _: E.Type) async throws(E) -> Any {
        do {
            return try await callAsync(writingBack: &arguments)
        } catch let error as E {
            throw error
        } catch {
            stopForEscapedClosureCall(error)
        }
    }
}

/// Makes the closure of an untyped or nonthrowing inout function type.
private struct InoutClosureOpener: FunctionTypeOpener {
    let function: DirectFunction

    func open<R>(_: R.Type) -> Any? { nil }
    func open<A, B, C, R>(_: A.Type, _: B.Type, _: C.Type, _: R.Type) -> Any? { nil }
    func open<A, B, C, D, R>(_: A.Type, _: B.Type, _: C.Type, _: D.Type, _: R.Type) -> Any? { nil }

    func open<A, R>(_: A.Type, _: R.Type) -> Any? {
        let function = self.function
        let sendable = function.signature.isSendable
        switch (function.signature.isAsync, function.signature.isThrowing) {
        case (false, false):
            let closure: @Sendable (inout A) -> R = { (a: inout A) -> R in
                var box: [Any] = [a]
                defer { a = function.answer(box[0]) }
                return function.answer(function.callInoutNonthrowing(&box))
            }
            return sendable ? closure as Any : closure as (inout A) -> R
        case (false, true):
            let closure: @Sendable (inout A) throws -> R = { (a: inout A) throws -> R in
                var box: [Any] = [a]
                defer { a = function.answer(box[0]) }
                return function.answer(try function.call(writingBack: &box))
            }
            return sendable ? closure as Any : closure as (inout A) throws -> R
        case (true, false):
            let closure: @Sendable (inout A) async -> R = { (a: inout A) async -> R in
                var box: [Any] = [a]
                defer { a = function.answer(box[0]) }
                return function.answer(await function.callAsyncInoutNonthrowing(&box))
            }
            return sendable ? closure as Any : closure as (inout A) async -> R
        case (true, true):
            let closure: @Sendable (inout A) async throws -> R = { (a: inout A) async throws -> R in
                var box: [Any] = [a]
                defer { a = function.answer(box[0]) }
                return function.answer(try await function.callAsync(writingBack: &box))
            }
            return sendable ? closure as Any : closure as (inout A) async throws -> R
        }
    }

    func open<A, B, R>(_: A.Type, _: B.Type, _: R.Type) -> Any? {
        let function = self.function
        let sendable = function.signature.isSendable
        switch (function.signature.isAsync, function.signature.isThrowing) {
        case (false, false):
            let closure: @Sendable (inout A, B) -> R = { (a: inout A, b: B) -> R in
                var box: [Any] = [a, b]
                defer { a = function.answer(box[0]) }
                return function.answer(function.callInoutNonthrowing(&box))
            }
            return sendable ? closure as Any : closure as (inout A, B) -> R
        case (false, true):
            let closure: @Sendable (inout A, B) throws -> R = { (a: inout A, b: B) throws -> R in
                var box: [Any] = [a, b]
                defer { a = function.answer(box[0]) }
                return function.answer(try function.call(writingBack: &box))
            }
            return sendable ? closure as Any : closure as (inout A, B) throws -> R
        case (true, false):
            let closure: @Sendable (inout A, B) async -> R = { (a: inout A, b: B) async -> R in
                var box: [Any] = [a, b]
                defer { a = function.answer(box[0]) }
                return function.answer(await function.callAsyncInoutNonthrowing(&box))
            }
            return sendable ? closure as Any : closure as (inout A, B) async -> R
        case (true, true):
            let closure: @Sendable (inout A, B) async throws -> R = { (a: inout A, b: B) async throws -> R in
                var box: [Any] = [a, b]
                defer { a = function.answer(box[0]) }
                return function.answer(try await function.callAsync(writingBack: &box))
            }
            return sendable ? closure as Any : closure as (inout A, B) async throws -> R
        }
    }
}

/// Makes the closure of a `throws(E)` or `async throws(E)` inout function type.
private struct InoutTypedClosureOpener<E: Error>: FunctionTypeOpener {
    let function: DirectFunction

    func open<R>(_: R.Type) -> Any? { nil }
    func open<A, B, C, R>(_: A.Type, _: B.Type, _: C.Type, _: R.Type) -> Any? { nil }
    func open<A, B, C, D, R>(_: A.Type, _: B.Type, _: C.Type, _: D.Type, _: R.Type) -> Any? { nil }

    func open<A, R>(_: A.Type, _: R.Type) -> Any? {
        let function = self.function
        let sendable = function.signature.isSendable
        if function.signature.isAsync {
            let closure: @Sendable (inout A) async throws(E) -> R = { (a: inout A) async throws(E) -> R in
                var box: [Any] = [a]
                defer { a = function.answer(box[0]) }
                return function.answer(try await function.callAsyncInoutTyped(&box, E.self))
            }
            return sendable ? closure as Any : closure as (inout A) async throws(E) -> R
        }
        let closure: @Sendable (inout A) throws(E) -> R = { (a: inout A) throws(E) -> R in
            var box: [Any] = [a]
            defer { a = function.answer(box[0]) }
            return function.answer(try function.callInoutTyped(&box, E.self))
        }
        return sendable ? closure as Any : closure as (inout A) throws(E) -> R
    }

    func open<A, B, R>(_: A.Type, _: B.Type, _: R.Type) -> Any? {
        let function = self.function
        let sendable = function.signature.isSendable
        if function.signature.isAsync {
            let closure: @Sendable (inout A, B) async throws(E) -> R = { (a: inout A, b: B) async throws(E) -> R in
                var box: [Any] = [a, b]
                defer { a = function.answer(box[0]) }
                return function.answer(try await function.callAsyncInoutTyped(&box, E.self))
            }
            return sendable ? closure as Any : closure as (inout A, B) async throws(E) -> R
        }
        let closure: @Sendable (inout A, B) throws(E) -> R = { (a: inout A, b: B) throws(E) -> R in
            var box: [Any] = [a, b]
            defer { a = function.answer(box[0]) }
            return function.answer(try function.callInoutTyped(&box, E.self))
        }
        return sendable ? closure as Any : closure as (inout A, B) throws(E) -> R
    }
}
