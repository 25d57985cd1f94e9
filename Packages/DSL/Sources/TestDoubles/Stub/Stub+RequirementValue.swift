import TestDoublesMetadata

extension Stub.Requirement {
    /// A parameter or result type of an explicit requirement, for the
    /// `Value` forms of the factories: `.method(.concrete(Int.self), returning: .concrete(String.self))`.
    ///
    /// Concrete types and the standard wrappers around them (`optional`,
    /// `array`, `set`, `dictionary`, `Result`) are served. A method's own
    /// generic parameter (``methodGenericParameter(index:)``), bare or inside
    /// those wrappers, a ``metatype(of:)`` or a ``function(_:returning:)``,
    /// is served by the factories that list the method's generic parameters
    /// (`.method(_:returning:generics:)`). Values that stand for something
    /// the explicit requirement cannot resolve to metadata (`dynamicSelf`, an
    /// associated type) make construction throw a ``StubError`` naming the
    /// requirement, never a double that would decode calls wrongly.
    public struct Value: @unchecked Sendable {
        /// The type's metadata, when it has one.
        let type: Any.Type?
        /// What the value stands for when it has no metadata.
        let symbolic: String
        /// Whether the parameter is passed `consuming` (owned).
        let isConsuming: Bool
        /// The type as a mangled name spells it, when it mentions a method's own
        /// generic parameter (nil otherwise, and when a part has no mangled name).
        let template: DemangledType?

        private init(type: Any.Type?, symbolic: String, isConsuming: Bool = false, template: DemangledType? = nil) {
            self.type = type
            self.symbolic = symbolic
            self.isConsuming = isConsuming
            self.template = template
        }

        /// A concrete type.
        ///
        /// - Parameter type: The type.
        /// - Returns: The value.
        public static func concrete<T>(_ type: T.Type) -> Self {
            Self(type: T.self, symbolic: String(reflecting: T.self))
        }

        /// The conforming type itself (`Self`).
        public static var dynamicSelf: Self { Self(type: nil, symbolic: "Self") }

        /// `Self?`.
        public static var optionalDynamicSelf: Self { Self(type: nil, symbolic: "Self?") }

        /// An associated type of the protocol.
        ///
        /// - Parameter name: Its name.
        /// - Returns: The value.
        public static func associatedType(named name: String) -> Self { Self(type: nil, symbolic: "Self.\(name)") }

        /// A generic parameter of the requirement itself.
        ///
        /// - Parameter index: Its position among the requirement's generic parameters.
        /// - Returns: The value.
        public static func methodGenericParameter(index: Int = 0) -> Self {
            Self(
                type: nil, symbolic: "T\(index + 1)",
                template: index >= 0 ? .genericParameter(depth: 1, index: index) : nil)
        }

        /// `Instance.Type`, the metatype of a value (a method's generic parameter's: `T.Type`).
        ///
        /// - Parameter instance: The instance value.
        /// - Returns: The value.
        public static func metatype(of instance: Self) -> Self {
            Self(
                type: instance.type.map(Self.metatypeType), symbolic: "\(instance.symbolic).Type",
                template: wrapping([instance]) { .metatype($0[0]) })
        }

        /// `(Parameters...) -> Result`, an escaping closure over the values
        /// (a method's generic parameter's: `(T) -> T`). A closure of concrete
        /// types is described by ``concrete(_:)`` with its function type.
        ///
        /// - Parameters:
        ///   - parameters: The closure's parameter values.
        ///   - result: Its result value.
        /// - Returns: The value.
        public static func function(_ parameters: [Self], returning result: Self) -> Self {
            let spelled = "(\(parameters.map(\.symbolic).joined(separator: ", "))) -> \(result.symbolic)"
            let template = wrapping(parameters + [result]) { parts in
                .function(
                    DemangledFunctionType(
                        parameters: parts.dropLast().map { DemangledParameter(type: $0) },
                        result: parts[parts.count - 1]))
            }
            // Only a closure over a method's generic parameter is described this way; a concrete one has no metadata
            // here, so it fails closed naming itself (describe it with `.concrete`).
            return Self(type: nil, symbolic: spelled, template: template)
        }

        /// An optional associated type.
        ///
        /// - Parameter name: The associated type's name.
        /// - Returns: The value.
        public static func optionalAssociatedType(named name: String) -> Self {
            optional(wrapping: associatedType(named: name))
        }

        /// An array of an associated type.
        ///
        /// - Parameter name: The associated type's name.
        /// - Returns: The value.
        public static func arrayOfAssociatedType(named name: String) -> Self {
            array(of: associatedType(named: name))
        }

        /// A set of an associated type.
        ///
        /// - Parameter name: The associated type's name.
        /// - Returns: The value.
        public static func setOfAssociatedType(named name: String) -> Self { set(of: associatedType(named: name)) }

        /// `Wrapped?`.
        ///
        /// - Parameter value: The wrapped value.
        /// - Returns: The value.
        public static func optional(wrapping value: Self) -> Self {
            Self(
                type: value.type.map(Self.optionalType), symbolic: "\(value.symbolic)?",
                template: wrapping([value]) { .standard("Optional", kind: .enumeration, $0) })
        }

        /// `[Element]`.
        ///
        /// - Parameter element: The element value.
        /// - Returns: The value.
        public static func array(of element: Self) -> Self {
            Self(
                type: element.type.map(Self.arrayType), symbolic: "[\(element.symbolic)]",
                template: wrapping([element]) { .standard("Array", kind: .structure, $0) })
        }

        /// `Set<Element>`; an element type that is not `Hashable` has no set.
        ///
        /// - Parameter element: The element value.
        /// - Returns: The value.
        public static func set(of element: Self) -> Self {
            Self(
                type: element.type.flatMap(Self.setType), symbolic: "Set<\(element.symbolic)>",
                template: wrapping([element]) { .standard("Set", kind: .structure, $0) })
        }

        /// `[Key: Value]`; a key type that is not `Hashable` has no dictionary.
        ///
        /// - Parameters:
        ///   - key: The key value.
        ///   - value: The value value.
        /// - Returns: The value.
        public static func dictionary(key: Self, value: Self) -> Self {
            var type: Any.Type?
            if let keyType = key.type, let valueType = value.type { type = Self.dictionaryType(keyType, valueType) }
            return Self(
                type: type, symbolic: "[\(key.symbolic): \(value.symbolic)]",
                template: wrapping([key, value]) { .standard("Dictionary", kind: .structure, $0) })
        }

        /// `[Key: Self.Value]` with a concrete key and an associated value type.
        ///
        /// - Parameters:
        ///   - key: The key type.
        ///   - valueName: The associated type's name.
        /// - Returns: The value.
        public static func dictionary<Key: Hashable>(key: Key.Type, valueAssociatedTypeNamed valueName: String) -> Self
        {
            dictionary(key: .concrete(Key.self), value: associatedType(named: valueName))
        }

        /// `[Self.Key: Value]` with an associated key type and a concrete value.
        ///
        /// - Parameters:
        ///   - keyName: The associated type's name.
        ///   - value: The value type.
        /// - Returns: The value.
        public static func dictionary<V>(keyAssociatedTypeNamed keyName: String, value: V.Type) -> Self {
            dictionary(key: associatedType(named: keyName), value: .concrete(V.self))
        }

        /// `[Self.Key: Self.Value]`.
        ///
        /// - Parameters:
        ///   - keyName: The key's associated type name.
        ///   - valueName: The value's associated type name.
        /// - Returns: The value.
        public static func dictionary(
            keyAssociatedTypeNamed keyName: String, valueAssociatedTypeNamed valueName: String
        )
            -> Self
        {
            dictionary(key: associatedType(named: keyName), value: associatedType(named: valueName))
        }

        /// `Result<Success, Failure>`; a failure type that is not an `Error` has no result.
        ///
        /// - Parameters:
        ///   - success: The success value.
        ///   - failure: The failure value.
        /// - Returns: The value.
        public static func result(success: Self, failure: Self) -> Self {
            var type: Any.Type?
            if let successType = success.type, let failureType = failure.type {
                type = Self.resultType(successType, failureType)
            }
            return Self(
                type: type, symbolic: "Result<\(success.symbolic), \(failure.symbolic)>",
                template: wrapping([success, failure]) { .standard("Result", kind: .enumeration, $0) })
        }

        /// The same value, passed `consuming`.
        ///
        /// - Returns: The value.
        public func consuming() -> Self { Self(type: type, symbolic: symbolic, isConsuming: true, template: template) }

        /// An associated type passed `consuming`.
        ///
        /// - Parameter name: The associated type's name.
        /// - Returns: The value.
        public static func consumingAssociatedType(named name: String) -> Self {
            associatedType(named: name).consuming()
        }

        /// The template of a value built from `parts`, when one of them mentions a
        /// method's generic parameter; nil when none does or a concrete part has no mangled name.
        private static func wrapping(_ parts: [Self], _ build: ([DemangledType]) -> DemangledType) -> DemangledType? {
            guard parts.contains(where: { $0.template != nil }) else { return nil }
            var spelled: [DemangledType] = []
            for part in parts {
                if let template = part.template {
                    spelled.append(template)
                } else if let type = part.type, let name = _mangledTypeName(type),
                    let demangled = try? DemangledType(mangledName: name)
                {
                    spelled.append(demangled)
                } else {
                    return nil
                }
            }
            return build(spelled)
        }

        private static func metatypeType(_ instance: Any.Type) -> Any.Type {
            func make<T>(_: T.Type) -> Any.Type { T.Type.self }
            return make(instance)
        }

        private static func optionalType(_ wrapped: Any.Type) -> Any.Type {
            func make<T>(_: T.Type) -> Any.Type { T?.self }
            return make(wrapped)
        }

        private static func arrayType(_ element: Any.Type) -> Any.Type {
            func make<T>(_: T.Type) -> Any.Type { [T].self }
            return make(element)
        }

        private static func setType(_ element: Any.Type) -> Any.Type? {
            func make<T: Hashable>(_: T.Type) -> Any.Type { Set<T>.self }
            guard let hashable = element as? any Hashable.Type else { return nil }
            return make(hashable)
        }

        private static func dictionaryType(_ key: Any.Type, _ value: Any.Type) -> Any.Type? {
            func make<K: Hashable>(_: K.Type) -> Any.Type {
                func withValue<V>(_: V.Type) -> Any.Type { [K: V].self }
                return withValue(value)
            }
            guard let hashable = key as? any Hashable.Type else { return nil }
            return make(hashable)
        }

        private static func resultType(_ success: Any.Type, _ failure: Any.Type) -> Any.Type? {
            func make<F: Error>(_: F.Type) -> Any.Type {
                func withSuccess<S>(_: S.Type) -> Any.Type { Result<S, F>.self }
                return withSuccess(success)
            }
            guard let error = failure as? any Error.Type else { return nil }
            return make(error)
        }
    }
}

extension DemangledType {
    /// A generic type of the standard library (`Swift.Optional<Wrapped>`) with its arguments.
    fileprivate static func standard(
        _ name: String, kind: DemangledNominalType.Kind, _ arguments: [DemangledType]
    ) -> DemangledType {
        .nominal(DemangledNominalType(kind: kind, name: name, parent: .module("Swift"), genericArguments: arguments))
    }
}
