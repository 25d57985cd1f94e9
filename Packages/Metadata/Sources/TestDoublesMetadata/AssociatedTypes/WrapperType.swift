/// Standard wrapper types built from runtime metadata by opening the
/// existential metatype of their arguments.
public enum WrapperType {
    /// `Optional<wrapped>`.
    public static func optional(of wrapped: Any.Type) -> Any.Type {
        func make<T>(_: T.Type) -> Any.Type { T?.self }
        return make(wrapped)
    }

    /// `Array<element>`.
    public static func array(of element: Any.Type) -> Any.Type {
        func make<T>(_: T.Type) -> Any.Type { [T].self }
        return make(element)
    }

    /// `Set<element>`, nil when the element is not Hashable.
    public static func set(of element: Any.Type) -> Any.Type? {
        guard let element = element as? any Hashable.Type else { return nil }
        func make<T: Hashable>(_: T.Type) -> Any.Type { Set<T>.self }
        return make(element)
    }

    /// `Dictionary<key, value>`, nil when the key is not Hashable.
    public static func dictionary(key: Any.Type, value: Any.Type) -> Any.Type? {
        guard let key = key as? any Hashable.Type else { return nil }
        func make<K: Hashable>(_: K.Type) -> Any.Type {
            func make<V>(_: V.Type) -> Any.Type { [K: V].self }
            return make(value)
        }
        return make(key)
    }

    /// `Result<success, failure>`, nil when the failure is not an Error.
    public static func result(success: Any.Type, failure: Any.Type) -> Any.Type? {
        guard let failure = failure as? any Error.Type else { return nil }
        func make<F: Error>(_: F.Type) -> Any.Type {
            func make<S>(_: S.Type) -> Any.Type { Result<S, F>.self }
            return make(success)
        }
        return make(failure)
    }
}
