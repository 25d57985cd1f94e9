/// Receives the parameter and result types of a function signature as
/// generic parameters: one method per arity the bridge covers.
protocol FunctionTypeOpener {
    associatedtype Opened
    func open<R>(_: R.Type) -> Opened
    func open<A, R>(_: A.Type, _: R.Type) -> Opened
    func open<A, B, R>(_: A.Type, _: B.Type, _: R.Type) -> Opened
    func open<A, B, C, R>(_: A.Type, _: B.Type, _: C.Type, _: R.Type) -> Opened
    func open<A, B, C, D, R>(_: A.Type, _: B.Type, _: C.Type, _: D.Type, _: R.Type) -> Opened
}

extension FunctionSignature {
    /// Hands the parameter and result types to `opener` as generic parameters.
    ///
    /// - Returns: What the opener makes, or `nil` beyond `maximumArity` parameters.
    func open<Opener: FunctionTypeOpener>(with opener: Opener) -> Opener.Opened? {
        let types = parameters.map(\.type)
        func openR<R>(_: R.Type) -> Opener.Opened {
            switch types.count {
            case 0: return opener.open(R.self)
            case 1:
                func openA<A>(_: A.Type) -> Opener.Opened { opener.open(A.self, R.self) }
                return _openExistential(types[0], do: openA)
            case 2:
                func openA<A>(_: A.Type) -> Opener.Opened {
                    func openB<B>(_: B.Type) -> Opener.Opened { opener.open(A.self, B.self, R.self) }
                    return _openExistential(types[1], do: openB)
                }
                return _openExistential(types[0], do: openA)
            case 3:
                func openA<A>(_: A.Type) -> Opener.Opened {
                    func openB<B>(_: B.Type) -> Opener.Opened {
                        func openC<C>(_: C.Type) -> Opener.Opened { opener.open(A.self, B.self, C.self, R.self) }
                        return _openExistential(types[2], do: openC)
                    }
                    return _openExistential(types[1], do: openB)
                }
                return _openExistential(types[0], do: openA)
            default:
                func openA<A>(_: A.Type) -> Opener.Opened {
                    func openB<B>(_: B.Type) -> Opener.Opened {
                        func openC<C>(_: C.Type) -> Opener.Opened {
                            func openD<D>(_: D.Type) -> Opener.Opened {
                                opener.open(A.self, B.self, C.self, D.self, R.self)
                            }
                            return _openExistential(types[3], do: openD)
                        }
                        return _openExistential(types[2], do: openC)
                    }
                    return _openExistential(types[1], do: openB)
                }
                return _openExistential(types[0], do: openA)
            }
        }
        guard types.count <= Self.maximumArity else { return nil }
        return _openExistential(resultType, do: openR)
    }
}
