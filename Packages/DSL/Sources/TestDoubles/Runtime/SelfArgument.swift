import TestDoublesMetadata
import TestDoublesTrampolines

/// A `Self` argument (`func accept(_ value: Self)`), or one wrapped in
/// `Optional`, `Array` or `inout`: a generic caller passes the conforming
/// value itself, which for a double is its fabricated payload (a reference,
/// by address for an opaque protocol). The handler receives it as the
/// stub's existential, with the tables of the double it belongs to.
enum SelfArgument {
    /// How a parameter (or result) holds `Self`.
    enum Form: Sendable, Equatable {
        /// `Self`, `borrowing Self`, `consuming Self`.
        case value
        /// `Self?`: one nullable reference (by address for an opaque protocol).
        case optional
        /// `[Self]`: one array reference, whatever the protocol.
        case array
        /// `inout Self`: the address of the caller's variable, which holds one reference.
        case `inout`

        /// The form `type` has, if it is `Self`, `Self?` or `[Self]`.
        init?(_ type: DemangledType) {
            if ResolvedSignature.isSelf(type) {
                self = .value
                return
            }
            guard case .nominal(let nominal) = type, case .module("Swift") = nominal.parent,
                nominal.genericArguments.count == 1, ResolvedSignature.isSelf(nominal.genericArguments[0])
            else { return nil }
            switch nominal.name {
            case "Optional": self = .optional
            case "Array": self = .array
            default: return nil
            }
        }

        /// How a signature spells the form.
        var spelling: String {
            switch self {
            case .value: "Self"
            case .optional: "Self?"
            case .array: "[Self]"
            case .inout: "inout Self"
            }
        }

        /// The type a handler receives for this form, given the stub's existential.
        func visibleType(_ existential: Any.Type) -> Any.Type {
            func wrapped<T>(_: T.Type) -> Any.Type {
                switch self {
                case .value, .inout: T.self
                case .optional: T?.self
                case .array: [T].self
                }
            }
            return _openExistential(existential, do: wrapped)
        }

        /// How the argument travels: one word, or the address of the caller's value.
        func lowering(isClassBound: Bool) -> ValueLowering {
            switch self {
            // A class-bound `Self` (and `Self?`) is one (nullable) reference; an opaque one travels by address.
            case .value, .optional: isClassBound ? .word : .indirect
            // An array is one reference whatever its element.
            case .array: .word
            case .inout: .indirect
            }
        }
    }

    /// Decodes a `Self` argument of `form` as a value of the visible type.
    ///
    /// - Parameters:
    ///   - frame: The call's frame.
    ///   - location: Where the reference, the array or their address travels.
    ///   - ownership: `.owned` for a `consuming` argument, else `.borrowed`.
    ///   - form: How the parameter holds `Self`.
    ///   - existential: The stub's existential type.
    /// - Returns: The existential around each value (an optional or array of
    ///   them); the bare object when it is not a fabricated value (no generic caller can pass one).
    static func decode(
        _ frame: CallFrame, at location: ArgumentLocation, ownership: ArgumentOwnership, form: Form,
        as existential: Any.Type
    ) -> Any {
        func wrap<T>(_: T.Type) -> Any {
            func typed(_ object: AnyObject) -> T? {
                do { return try FabricatedConformance.existential(wrapping: object, as: T.self) } catch { return nil }
            }
            func value(_ object: AnyObject) -> Any { typed(object).map { $0 as Any } ?? object }
            switch form {
            case .value, .inout:
                let object = frame.argument(
                    AnyObject.self, at: location, ownership: form == .inout ? .borrowed : ownership)
                return value(object)
            case .optional:
                // `Optional<AnyObject>` has the layout of the caller's `Optional<payload>`: one nullable word.
                guard let object = frame.argument(AnyObject?.self, at: location, ownership: ownership) else {
                    return T?.none as Any
                }
                guard let value = typed(object) else { return object }
                return T?.some(value) as Any
            case .array:
                let objects = frame.argument([AnyObject].self, at: location, ownership: ownership)
                let values = objects.compactMap(typed)
                return values.count == objects.count ? values as Any : objects as Any
            }
        }
        return _openExistential(existential, do: wrap)
    }
}
