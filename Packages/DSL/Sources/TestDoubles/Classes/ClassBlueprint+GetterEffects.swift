import TestDoublesMetadata

extension ClassBlueprint {
    /// What the getter in `slot` throws.
    ///
    /// A getter's symbol spells only its storage type, never whether it
    /// throws, and the two conventions differ only in the error register, so
    /// a throwing getter read as nonthrowing would lose every error it is
    /// configured to throw. A getter of a settable property or subscript (a
    /// setter follows it in its class's vtable) cannot throw. A read-only one
    /// is proven by the debug information of the class's own getter (the
    /// code the member's method descriptor names, whose effects are the
    /// slot's even when a subclass overrides it with a getter that throws
    /// less); without debug information construction fails closed.
    ///
    /// - Parameters:
    ///   - slot: A getter's slot.
    ///   - slots: Every slot of the class's vtable.
    ///   - fail: Makes the error naming the getter from a reason.
    /// - Returns: The thrown shape.
    /// - Throws: ``StubError`` when a read-only getter's effects cannot be proven.
    static func getterThrown(
        of slot: ClassVTable.Slot, among slots: [ClassVTable.Slot], fail: (String) -> StubError
    ) throws(StubError) -> ThrownShape {
        let settable = slots.contains {
            $0.declaringClass == slot.declaringClass && $0.wordOffset == slot.wordOffset + 1
                && $0.method.kind == .setter
        }
        if settable { return .none }
        guard let code = slot.method.implementation,
            let proven = ImageRegistry.shared.provenThrownError(
                ofCodeAt: UInt(bitPattern: code), isAsync: slot.method.isAsync,
                accepts: { $0.hasSuffix("vg") || $0.hasSuffix("ig") })
        else {
            throw fail(
                "it is a read-only getter, and Swift's metadata does not say whether a getter throws: no debug "
                    + "information of the class's own getter proves it, and a throwing getter answered as a "
                    + "nonthrowing one would lose its errors")
        }
        return proven
    }
}
