import CTestDoublesTrampolines

extension TrampolineConvention {
    /// Whether a direct typed error travels in the result registers (true) or
    /// always through the caller's hidden error buffer (false).
    ///
    /// The answer depends on the compiler: Swift 6.0 passes every typed error
    /// through a buffer whose address follows the visible arguments; Swift 6.3
    /// returns errors that fit the result registers in them when the success
    /// value is direct too. Because callers and this library are built by the
    /// same compiler, the answer is measured once: a compiled conformance
    /// throws a known error while the probe offers a buffer in the first
    /// argument register, and the buffer is checked afterwards.
    public static let typedErrorsTravelDirectly: Bool = {
        var value: any TypedErrorProbe = TypedErrorProbeConformer()
        TypedErrorProbeConformer.keepWitnessAlive(value)
        // The explicit pointer type keeps the existential closed: this is the container.
        return withUnsafePointer(to: &value) { (pointer: UnsafePointer<any TypedErrorProbe>) in
            let container = UnsafeRawPointer(pointer)
            let table = container.load(fromByteOffset: 32, as: UnsafeRawPointer.self)
            let witness = table.load(fromByteOffset: 8, as: UnsafeRawPointer.self)
            var buffer = TypedErrorProbeFailure(marker: 0)
            let flag = withUnsafeMutablePointer(to: &buffer) { buffer in
                td_call_probing_error_register(
                    witness, UInt64(UInt(bitPattern: container)), 0, UInt64(UInt(bitPattern: buffer)), 0)
            }
            precondition(flag == 1, "the typed-throws probe did not throw")
            return buffer.marker != TypedErrorProbeFailure.thrownMarker
        }
    }()
}

/// The error the typed-throws probe throws: one word, so it is direct when it can be.
struct TypedErrorProbeFailure: Error {
    static let thrownMarker = 0x5EED_7E57
    var marker: Int
}

/// A protocol whose one requirement throws a small typed error.
protocol TypedErrorProbe {
    func fail() throws(TypedErrorProbeFailure)
}

/// A compiled conformance, so the probe observes what this compiler emits.
struct TypedErrorProbeConformer: TypedErrorProbe {
    @inline(never)
    func fail() throws(TypedErrorProbeFailure) {
        throw TypedErrorProbeFailure(marker: TypedErrorProbeFailure.thrownMarker)
    }

    /// Calls the requirement through the witness table once.
    ///
    /// The probe reads the witness out of the table by hand, which the
    /// optimizer cannot see: without one real `witness_method` call, whole-module
    /// optimization deletes `fail()` from the table of this internal protocol
    /// and release builds trap with "Call of deleted method".
    @_optimize(none)
    static func keepWitnessAlive(_ probe: any TypedErrorProbe) {
        do throws(TypedErrorProbeFailure) {
            try probe.fail()
        } catch {
            precondition(error.marker == TypedErrorProbeFailure.thrownMarker, "the typed-throws probe threw garbage")
        }
    }
}
