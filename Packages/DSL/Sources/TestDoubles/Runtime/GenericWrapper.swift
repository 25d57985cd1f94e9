import TestDoublesMetadata

/// A generic struct, enum or class of the user's (or a library's) that holds
/// a method's own generic parameter (`Endpoint<R>`, `DefaultsKey<V>?`,
/// `Page<Item<T>>`): how the witness, compiled in the method's generic
/// context, passes it.
///
/// In that context the generic parameter is an unknown type, so the
/// wrapper is address-only, and passed by address, exactly when it stores
/// the parameter inline (a field of type `T`, `T?`, a tuple or a struct or
/// enum payload holding one) or holds a part that is address-only whatever
/// the parameter is (a non-`@frozen` type of a library-evolution module).
/// Otherwise (a phantom parameter, or one held only through a reference: a
/// class, an array, set or dictionary, a function, a metatype) it is
/// loadable and exploded by its stored layout, which is the same for every
/// instantiation: a stored field keeps the abstraction of its declaration,
/// so a `T.Type` field is a thick metatype and a `(T) -> R` field a closure
/// at its most general abstraction in `Endpoint<Int>` as in `Endpoint<T>`.
///
/// Both are read from the wrapper instantiated with
/// ``GenericStandIn`` for every parameter.
enum GenericWrapper {
    /// Whether the witness passes `type` (a nominal type mentioning the
    /// method's generic parameters) by address.
    ///
    /// - Parameters:
    ///   - type: The dependent type.
    ///   - name: The nominal type's name, for messages.
    /// - Throws: `UnservedGenericType` when the runtime cannot build the
    ///   type from a stand-in (a constraint of the type's own generic
    ///   parameters the stand-in does not meet) or its layout cannot be read.
    static func travelsIndirectly(_ type: DemangledType, named name: String) throws(UnservedGenericType) -> Bool {
        let standIns = Array(repeating: GenericStandIn.self as Any.Type, count: 4)
        // An associated type of the method's generic parameter (`Endpoint<R.Response>`) is as unknown
        // to the witness as the parameter itself: the stand-in takes its place too. (A class-bound one
        // fails closed earlier, in `GenericMember.members(of:parameters:)`.)
        let abstract = type.replacing { part in
            guard case .dependentMember = part, part.mentionsRequirementGenerics else { return nil }
            return .genericParameter(depth: 1, index: 0)
        }
        guard let instance = abstract.resolved(requirementGenerics: standIns) else {
            throw UnservedGenericType(
                reason: "\(GenericTemplate.spelling(of: type)) cannot be instantiated by the runtime for the check of "
                    + "how the witness passes it: \(name) constrains its generic parameters to protocols other than "
                    + "Hashable, Comparable, Codable or Error, or it is private or local to a function (the runtime "
                    + "finds no type by its name)")
        }
        do {
            return try GenericStandIn.travelsIndirectly(instance)
        } catch {
            throw UnservedGenericType(
                reason: "\(GenericTemplate.spelling(of: type)): the layout of \(name) cannot be read to tell how the "
                    + "witness passes it (\(error))")
        }
    }
}
