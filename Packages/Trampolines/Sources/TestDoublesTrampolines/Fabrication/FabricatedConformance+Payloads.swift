extension FabricatedConformance {
    /// The dynamic type of this conformance's values: a class of its own, so
    /// that dynamic casts find this conformance's tables and no other's.
    public var payloadType: AnyClass { payloadClass.type }

    /// Whether `object` is the payload of a fabricated value (of any conformance).
    ///
    /// - Parameter object: The object to check, usually a value cast to `AnyObject`.
    /// - Returns: `true` when `object` was made by ``materialize(as:)`` or
    ///   ``retainedPayloadReference()`` of some conformance.
    public static func isPayload(_ object: AnyObject) -> Bool {
        object is FabricatedPayload
    }

    /// Creates another payload of this conformance and returns its reference
    /// at +1, for requirements that return `Self` (initializers, `-> Self`
    /// methods): write it where the result goes (`setResult(_:at:)` with
    /// `.indirect` for opaque protocols, one word for class-bound ones).
    ///
    /// - Returns: A retained reference to a new payload; ownership passes to whoever stores it.
    public func retainedPayloadReference() -> UInt {
        UInt(bitPattern: Unmanaged.passRetained(FabricatedPayload.make(for: self)).toOpaque())
    }

    /// Whether `object` is the payload of a value of this conformance (one
    /// `materialize(as:)` or `retainedPayloadReference()` made), not of
    /// another conformance and not some other object.
    ///
    /// Pass a fabricated value as `AnyObject` (`value as AnyObject` opens the
    /// existential and yields its payload).
    ///
    /// - Parameter object: The object to check, usually a fabricated value cast to `AnyObject`.
    /// - Returns: `true` when `object` is a payload whose conformance is this one.
    public func owns(_ object: AnyObject) -> Bool {
        guard let payload = object as? FabricatedPayload else { return false }
        return payload.conformance === self
    }

    /// The payload reference stored in a fabricated value, given the self
    /// register of a call: the projected inline buffer for opaque
    /// existentials, the reference itself for class-bound ones.
    ///
    /// - Parameters:
    ///   - selfRegister: `CallFrame.selfRegister` of an instance requirement.
    ///   - isClassBound: Whether the protocol is class-bound.
    /// - Returns: The payload reference word (unretained).
    public static func payloadReference(fromSelfRegister selfRegister: UInt, isClassBound: Bool) -> UInt {
        guard !isClassBound, let address = UnsafeRawPointer(bitPattern: selfRegister) else { return selfRegister }
        return address.load(as: UInt.self)
    }
}
