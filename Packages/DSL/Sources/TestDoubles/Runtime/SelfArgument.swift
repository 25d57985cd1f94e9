import TestDoublesTrampolines

/// A `Self` argument (`func accept(_ value: Self)`): a generic caller passes
/// the conforming value itself, which for a double is its fabricated payload
/// (a reference, by address for an opaque protocol). The handler receives it
/// as the stub's existential, with the tables of the double it belongs to.
enum SelfArgument {
    /// Decodes a `Self` argument as a value of `existential`.
    ///
    /// - Parameters:
    ///   - frame: The call's frame.
    ///   - location: Where the reference (class-bound) or its address (opaque) travels.
    ///   - ownership: `.owned` for a `consuming` argument, else `.borrowed`.
    ///   - existential: The stub's existential type.
    /// - Returns: The existential around the value; the bare object when it is
    ///   not a fabricated value (no generic caller can pass one).
    static func decode(
        _ frame: CallFrame, at location: ArgumentLocation, ownership: ArgumentOwnership, as existential: Any.Type
    ) -> Any {
        let object = frame.argument(AnyObject.self, at: location, ownership: ownership)
        func wrap<T>(_: T.Type) -> Any? {
            do { return try FabricatedConformance.existential(wrapping: object, as: T.self) } catch { return nil }
        }
        return _openExistential(existential, do: wrap) ?? object
    }
}
