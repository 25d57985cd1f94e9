/// The fixed-arity Swift closures that stand for a direct-convention async
/// function: `(A, B, ...) async -> R` and `async throws`, built with the
/// function type's own parameter and result types, whose bodies await
/// `DirectFunction.callAsync(_:)`.
extension DirectFunction {
    func makeAsyncClosure0<R>(_: R.Type) -> Any {
        if signature.isThrowing {
            let closure: @Sendable () async throws -> R = { try await self.callAsync([]) as! R }
            return signature.isSendable ? closure as Any : closure as () async throws -> R
        }
        let closure: @Sendable () async -> R = { await self.callAsyncNonthrowing([]) as! R }
        return signature.isSendable ? closure as Any : closure as () async -> R
    }

    func makeAsyncClosure1<A, R>(_: A.Type, _: R.Type) -> Any {
        if signature.isThrowing {
            let closure: @Sendable (A) async throws -> R = { (a) in try await self.callAsync([a]) as! R }
            return signature.isSendable ? closure as Any : closure as (A) async throws -> R
        }
        let closure: @Sendable (A) async -> R = { (a) in await self.callAsyncNonthrowing([a]) as! R }
        return signature.isSendable ? closure as Any : closure as (A) async -> R
    }

    func makeAsyncClosure2<A, B, R>(_: A.Type, _: B.Type, _: R.Type) -> Any {
        if signature.isThrowing {
            let closure: @Sendable (A, B) async throws -> R = { (a, b) in try await self.callAsync([a, b]) as! R }
            return signature.isSendable ? closure as Any : closure as (A, B) async throws -> R
        }
        let closure: @Sendable (A, B) async -> R = { (a, b) in await self.callAsyncNonthrowing([a, b]) as! R }
        return signature.isSendable ? closure as Any : closure as (A, B) async -> R
    }

    func makeAsyncClosure3<A, B, C, R>(_: A.Type, _: B.Type, _: C.Type, _: R.Type) -> Any {
        if signature.isThrowing {
            let closure: @Sendable (A, B, C) async throws -> R = { (a, b, c) in
                try await self.callAsync([a, b, c]) as! R
            }
            return signature.isSendable ? closure as Any : closure as (A, B, C) async throws -> R
        }
        let closure: @Sendable (A, B, C) async -> R = { (a, b, c) in
            await self.callAsyncNonthrowing([a, b, c]) as! R
        }
        return signature.isSendable ? closure as Any : closure as (A, B, C) async -> R
    }

    func makeAsyncClosure4<A, B, C, D, R>(_: A.Type, _: B.Type, _: C.Type, _: D.Type, _: R.Type) -> Any {
        if signature.isThrowing {
            let closure: @Sendable (A, B, C, D) async throws -> R = { (a, b, c, d) in
                try await self.callAsync([a, b, c, d]) as! R
            }
            return signature.isSendable ? closure as Any : closure as (A, B, C, D) async throws -> R
        }
        let closure: @Sendable (A, B, C, D) async -> R = { (a, b, c, d) in
            await self.callAsyncNonthrowing([a, b, c, d]) as! R
        }
        return signature.isSendable ? closure as Any : closure as (A, B, C, D) async -> R
    }

    /// Awaits a nonthrowing async function; a call outside a non-escaping
    /// function's scope cannot be reported to its caller, so it stops the process.
    private func callAsyncNonthrowing(_ arguments: [Any]) async -> Any {
        do { return try await callAsync(arguments) } catch {
            stopForEscapedClosureCall(error)
        }
    }
}
