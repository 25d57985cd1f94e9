import TestDoublesTrampolines

/// Converts closures between the representation a witness call uses (the
/// function's own, concrete convention) and the one `Any` holds (the most
/// general, generic convention), for one function type.
///
/// Swift inserts the conversion thunks only where the function type is
/// known at compile time, so each supported type is listed here; a closure
/// type that is not listed fails closed at construction.
struct ClosureBridge: Sendable {
    /// Reads the closure at `address` (its two words as the call passed
    /// them): a copy when `take` is false, a move otherwise.
    let decode: @Sendable (_ address: UnsafeMutableRawPointer, _ take: Bool) -> Any
    /// Writes `value` as the call's result (+1); false when it is of another type.
    let encode: @Sendable (_ value: Any, _ frame: CallFrame, _ location: ResultLocation) -> Bool

    /// The bridge of a function type, or nil when the type is not supported.
    static func bridge(for type: Any.Type) -> ClosureBridge? {
        bridges[ObjectIdentifier(type)]
    }

    private static let bridges: [ObjectIdentifier: ClosureBridge] = {
        var table: [ObjectIdentifier: ClosureBridge] = [:]
        func add<Holder: ConcreteClosure>(_: Holder.Type) {
            table[ObjectIdentifier(Holder.Function.self)] = ClosureBridge(
                decode: { address, take in
                    let holder = address.assumingMemoryBound(to: Holder.self)
                    return take ? holder.move().erased : holder.pointee.erased
                },
                encode: { value, frame, location in
                    guard let holder = Holder(erased: value) else { return false }
                    frame.setResult(holder, at: location)
                    return true
                })
        }
        add(VoidClosure.self)
        add(SendableVoidClosure.self)
        add(IntToVoidClosure.self)
        add(SendableIntToVoidClosure.self)
        add(IntToIntClosure.self)
        add(StringToVoidClosure.self)
        add(SendableStringToVoidClosure.self)
        add(StringToStringClosure.self)
        add(BoolToVoidClosure.self)
        add(SendableBoolToVoidClosure.self)
        add(DoubleToDoubleClosure.self)
        add(OptionalErrorToVoidClosure.self)
        return table
    }()
}

/// A struct with one stored closure of a concrete function type: its
/// stored bytes are the closure in its concrete convention, and reading the
/// field into `Any` makes Swift insert the conversion thunk.
protocol ConcreteClosure {
    associatedtype Function
    /// The closure converted to the representation `Any` holds.
    var erased: Any { get }
    /// Stores a closure taken out of an `Any`; nil when it has another type.
    init?(erased: Any)
}

// Each conformer names its function type concretely; that is the point.

struct VoidClosure: ConcreteClosure {
    typealias Function = () -> Void
    var function: () -> Void
    var erased: Any { function }
    init?(erased: Any) {
        guard let function = erased as? () -> Void else { return nil }
        self.function = function
    }
}

struct SendableVoidClosure: ConcreteClosure {
    typealias Function = @Sendable () -> Void
    var function: @Sendable () -> Void
    var erased: Any { function }
    init?(erased: Any) {
        guard let function = erased as? @Sendable () -> Void else { return nil }
        self.function = function
    }
}

struct IntToVoidClosure: ConcreteClosure {
    typealias Function = (Int) -> Void
    var function: (Int) -> Void
    var erased: Any { function }
    init?(erased: Any) {
        guard let function = erased as? (Int) -> Void else { return nil }
        self.function = function
    }
}

struct SendableIntToVoidClosure: ConcreteClosure {
    typealias Function = @Sendable (Int) -> Void
    var function: @Sendable (Int) -> Void
    var erased: Any { function }
    init?(erased: Any) {
        guard let function = erased as? @Sendable (Int) -> Void else { return nil }
        self.function = function
    }
}

struct IntToIntClosure: ConcreteClosure {
    typealias Function = (Int) -> Int
    var function: (Int) -> Int
    var erased: Any { function }
    init?(erased: Any) {
        guard let function = erased as? (Int) -> Int else { return nil }
        self.function = function
    }
}

struct StringToVoidClosure: ConcreteClosure {
    typealias Function = (String) -> Void
    var function: (String) -> Void
    var erased: Any { function }
    init?(erased: Any) {
        guard let function = erased as? (String) -> Void else { return nil }
        self.function = function
    }
}

struct SendableStringToVoidClosure: ConcreteClosure {
    typealias Function = @Sendable (String) -> Void
    var function: @Sendable (String) -> Void
    var erased: Any { function }
    init?(erased: Any) {
        guard let function = erased as? @Sendable (String) -> Void else { return nil }
        self.function = function
    }
}

struct StringToStringClosure: ConcreteClosure {
    typealias Function = (String) -> String
    var function: (String) -> String
    var erased: Any { function }
    init?(erased: Any) {
        guard let function = erased as? (String) -> String else { return nil }
        self.function = function
    }
}

struct BoolToVoidClosure: ConcreteClosure {
    typealias Function = (Bool) -> Void
    var function: (Bool) -> Void
    var erased: Any { function }
    init?(erased: Any) {
        guard let function = erased as? (Bool) -> Void else { return nil }
        self.function = function
    }
}

struct SendableBoolToVoidClosure: ConcreteClosure {
    typealias Function = @Sendable (Bool) -> Void
    var function: @Sendable (Bool) -> Void
    var erased: Any { function }
    init?(erased: Any) {
        guard let function = erased as? @Sendable (Bool) -> Void else { return nil }
        self.function = function
    }
}

struct DoubleToDoubleClosure: ConcreteClosure {
    typealias Function = (Double) -> Double
    var function: (Double) -> Double
    var erased: Any { function }
    init?(erased: Any) {
        guard let function = erased as? (Double) -> Double else { return nil }
        self.function = function
    }
}

struct OptionalErrorToVoidClosure: ConcreteClosure {
    typealias Function = ((any Error)?) -> Void
    var function: ((any Error)?) -> Void
    var erased: Any { function }
    init?(erased: Any) {
        guard let function = erased as? ((any Error)?) -> Void else { return nil }
        self.function = function
    }
}
