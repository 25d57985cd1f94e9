/// The fixed-arity Swift closures that stand for a direct-convention function.
///
/// Each wrapper is a generic closure `(A, B, ...) -> R` built with the
/// function type's own parameter and result types, so the value it produces
/// is a genuine Swift closure of that type, stored in `Any` the way the
/// compiler stores any closure there (the generic convention). Its body
/// boxes the arguments and calls the original function through
/// `DirectFunction.call(_:)`.
extension DirectFunction {
    /// The Swift closure for this function, boxed as `Any`.
    ///
    /// - Returns: A value whose dynamic type is exactly `signature.type`.
    func makeClosure() -> Any {
        let plain = makePlainClosure()
        guard signature.isGlobalActorIsolated else { return plain }
        // A synchronous global-actor-isolated function has the convention of
        // the same function without the actor: only the type says where it runs.
        return FunctionRetyping.reinterpret(plain, as: signature.type)
    }

    /// The closure with the function type's parameters, result and effects
    /// but no global actor.
    func makePlainClosure() -> Any {
        let types = signature.parameters.map(\.type)
        switch types.count {
        case 0:
            func openR<R>(_: R.Type) -> Any { self.makeClosure0(R.self) }
            return openR(signature.resultType)
        case 1:
            func open1(_ types: [any Any.Type]) -> Any {
                func openA<A>(_: A.Type) -> Any {
                    func openR<R>(_: R.Type) -> Any { self.makeClosure1(A.self, R.self) }
                    return openR(self.signature.resultType)
                }
                return openA(types[0])
            }
            return open1(types)
        case 2:
            func open2(_ types: [any Any.Type]) -> Any {
                func openA<A>(_: A.Type) -> Any {
                    func openB<B>(_: B.Type) -> Any {
                        func openR<R>(_: R.Type) -> Any { self.makeClosure2(A.self, B.self, R.self) }
                        return openR(self.signature.resultType)
                    }
                    return openB(types[1])
                }
                return openA(types[0])
            }
            return open2(types)
        case 3:
            func open3(_ types: [any Any.Type]) -> Any {
                func openA<A>(_: A.Type) -> Any {
                    func openB<B>(_: B.Type) -> Any {
                        func openC<C>(_: C.Type) -> Any {
                            func openR<R>(_: R.Type) -> Any { self.makeClosure3(A.self, B.self, C.self, R.self) }
                            return openR(self.signature.resultType)
                        }
                        return openC(types[2])
                    }
                    return openB(types[1])
                }
                return openA(types[0])
            }
            return open3(types)
        case 4:
            func open4(_ types: [any Any.Type]) -> Any {
                func openA<A>(_: A.Type) -> Any {
                    func openB<B>(_: B.Type) -> Any {
                        func openC<C>(_: C.Type) -> Any {
                            func openD<D>(_: D.Type) -> Any {
                                func openR<R>(_: R.Type) -> Any {
                                    self.makeClosure4(A.self, B.self, C.self, D.self, R.self)
                                }
                                return openR(self.signature.resultType)
                            }
                            return openD(types[3])
                        }
                        return openC(types[2])
                    }
                    return openB(types[1])
                }
                return openA(types[0])
            }
            return open4(types)
        default:
            preconditionFailure("the signature admits at most \(FunctionSignature.maximumArity) parameters")
        }
    }

    private func makeClosure0<R>(_: R.Type) -> Any {
        if signature.isThrowing {
            let closure: @Sendable () throws -> R = { try self.call([]) as! R }
            return signature.isSendable ? closure as Any : closure as () throws -> R
        }
        let closure: @Sendable () -> R = { self.callNonthrowing([]) as! R }
        return signature.isSendable ? closure as Any : closure as () -> R
    }

    private func makeClosure1<A, R>(_: A.Type, _: R.Type) -> Any {
        if signature.isThrowing {
            let closure: @Sendable (A) throws -> R = { (a) in try self.call([a]) as! R }
            return signature.isSendable ? closure as Any : closure as (A) throws -> R
        }
        let closure: @Sendable (A) -> R = { (a) in self.callNonthrowing([a]) as! R }
        return signature.isSendable ? closure as Any : closure as (A) -> R
    }

    private func makeClosure2<A, B, R>(_: A.Type, _: B.Type, _: R.Type) -> Any {
        if signature.isThrowing {
            let closure: @Sendable (A, B) throws -> R = { (a, b) in try self.call([a, b]) as! R }
            return signature.isSendable ? closure as Any : closure as (A, B) throws -> R
        }
        let closure: @Sendable (A, B) -> R = { (a, b) in self.callNonthrowing([a, b]) as! R }
        return signature.isSendable ? closure as Any : closure as (A, B) -> R
    }

    private func makeClosure3<A, B, C, R>(_: A.Type, _: B.Type, _: C.Type, _: R.Type) -> Any {
        if signature.isThrowing {
            let closure: @Sendable (A, B, C) throws -> R = { (a, b, c) in try self.call([a, b, c]) as! R }
            return signature.isSendable ? closure as Any : closure as (A, B, C) throws -> R
        }
        let closure: @Sendable (A, B, C) -> R = { (a, b, c) in self.callNonthrowing([a, b, c]) as! R }
        return signature.isSendable ? closure as Any : closure as (A, B, C) -> R
    }

    private func makeClosure4<A, B, C, D, R>(_: A.Type, _: B.Type, _: C.Type, _: D.Type, _: R.Type) -> Any {
        if signature.isThrowing {
            let closure: @Sendable (A, B, C, D) throws -> R = { (a, b, c, d) in try self.call([a, b, c, d]) as! R }
            return signature.isSendable ? closure as Any : closure as (A, B, C, D) throws -> R
        }
        let closure: @Sendable (A, B, C, D) -> R = { (a, b, c, d) in self.callNonthrowing([a, b, c, d]) as! R }
        return signature.isSendable ? closure as Any : closure as (A, B, C, D) -> R
    }

    /// Calls a nonthrowing function; a call outside a non-escaping
    /// function's scope cannot be reported to its caller, so it stops the process.
    private func callNonthrowing(_ arguments: [Any]) -> Any {
        do { return try call(arguments) } catch {
            fatalError("TestDoubles: \(error) (a non-escaping closure argument escaped the call it was passed to)")
        }
    }
}
