import CTestDoublesTrampolines
import TestDoublesMetadata

/// The state of one callee-allocated (`yield_once_2`) `read` or `modify`
/// access in flight: what to do when the caller resumes the coroutine.
///
/// Swift 6.3.1's `CoroutineAccessors` convention on x86_64 (checked with
/// `swiftc -emit-ir` and `-S`): the witness table slot points at a
/// coroutine function pointer record `{int32 offset to the code, uint32
/// frame size, uint64 0}`; the caller allocates `frame size` bytes (16-byte
/// aligned) and calls the code with the frame in the first integer argument
/// register and its allocator in the second, then the indices, `self` and
/// the `Self` words as for a getter. The coroutine yields by returning its
/// continuation in the first result register followed by the yielded value
/// (below), and the caller ends the access by calling the continuation with
/// `(frame, allocator)` on every path, aborting or not. The state lives in
/// frame word 0 between the two.
final class CoroutineAccess {
    /// The bytes the caller allocates for each fabricated coroutine's frame
    /// (one word of state, rounded up to the frame's alignment).
    static let frameSize = 16

    let end: () -> Void

    init(end: @escaping () -> Void) {
        self.end = end
    }
}

extension CallFrame {
    /// Stores the state of a coroutine access in word 0 of the caller's
    /// buffer (legacy `_modify`) or frame (callee-allocated coroutines),
    /// whose address arrives at `buffer`.
    func storeCoroutineState(_ state: AnyObject, buffer: FragmentLocation) {
        guard let frame = UnsafeMutableRawPointer(bitPattern: argumentAddress(of: buffer).load(as: UInt.self)) else {
            preconditionFailure("a coroutine call without a buffer")
        }
        frame.storeBytes(of: UInt(bitPattern: Unmanaged.passRetained(state).toOpaque()), as: UInt.self)
    }

    /// Answers a callee-allocated `read` requirement (`yield_once_2`): yields
    /// a borrow of `value` to the caller, kept alive until the caller ends
    /// the access.
    ///
    /// The yielded value travels after the continuation as the compiler
    /// lowers a yield: when `lowering` is direct and its parts fit beside
    /// the continuation (four result registers in all), in the result
    /// registers that follow it (integers from the second, vectors from the
    /// first); with four parts, the first two there and the last two in a
    /// buffer (their natural alignment) whose address takes the next integer
    /// register; an indirect value by its address.
    ///
    /// - Parameters:
    ///   - value: The value to lend (usually the getter's answer).
    ///   - lowering: How the value travels as a result (`ABIClassifier.classifyResult`).
    ///   - frame: Where the coroutine's frame arrives (general-purpose argument 0).
    public func yieldForRead<Value>(
        _ value: consuming Value, lowering: ValueLowering, frame: FragmentLocation = .generalPurpose(0)
    ) {
        let storage = UnsafeMutablePointer<Value>.allocate(capacity: 1)
        storage.initialize(to: value)
        let raw = UnsafeRawPointer(storage)
        var overflow: UnsafeMutableRawPointer?
        switch lowering {
        case .empty:
            break
        case .indirect:
            setReturnGeneralPurposeRegister(1, to: UInt(bitPattern: raw))
        case .direct(let fragments):
            let direct = fragments.count <= 3 ? fragments : Array(fragments.prefix(2))
            var generalPurpose = 1
            var vector = 0
            for fragment in direct {
                let destination: UnsafeMutableRawPointer
                switch fragment.bank {
                case .generalPurpose:
                    destination = resultAddress(of: .generalPurpose(generalPurpose))
                    generalPurpose += 1
                case .vector:
                    destination = resultAddress(of: .vector(vector))
                    vector += 1
                }
                destination.initializeMemory(as: UInt8.self, repeating: 0, count: fragment.bank == .vector ? 16 : 8)
                destination.copyMemory(from: raw + fragment.offset, byteCount: fragment.size)
            }
            if fragments.count > 3 {
                // The parts past the second travel in memory, laid out as a
                // struct of their register types.
                let rest = fragments.dropFirst(2)
                var offsets: [Int] = []
                var end = 0
                for fragment in rest {
                    let alignment = fragment.size.nextPowerOfTwo
                    end = (end + alignment - 1) / alignment * alignment
                    offsets.append(end)
                    end += fragment.size
                }
                let buffer = UnsafeMutableRawPointer.allocate(byteCount: max(end, 1), alignment: 16)
                buffer.initializeMemory(as: UInt8.self, repeating: 0, count: max(end, 1))
                for (fragment, offset) in zip(rest, offsets) {
                    (buffer + offset).copyMemory(from: raw + fragment.offset, byteCount: fragment.size)
                }
                overflow = buffer
                setReturnGeneralPurposeRegister(generalPurpose, to: UInt(bitPattern: buffer))
            }
        }
        let overflowBuffer = overflow
        let state = CoroutineAccess {
            storage.deinitialize(count: 1)
            storage.deallocate()
            overflowBuffer?.deallocate()
        }
        storeCoroutineState(state, buffer: frame)
        setReturnGeneralPurposeRegister(0, to: UInt(bitPattern: td_coroutine_resume_address()))
    }
}

extension Int {
    /// The smallest power of two at least `self` (1 for 0).
    fileprivate var nextPowerOfTwo: Int {
        var power = 1
        while power < self { power <<= 1 }
        return power
    }
}

/// The continuation of every fabricated callee-allocated coroutine:
/// `(frame, allocator)` with the state in frame word 0.
@_cdecl("td_coroutine_resume")
func coroutineResume(_ frame: UnsafeMutableRawPointer, _ allocator: UnsafeRawPointer?) {
    let state = frame.load(as: UInt.self)
    guard let address = UnsafeRawPointer(bitPattern: state) else {
        fatalError("TestDoubles: a coroutine access resumed without its state")
    }
    Unmanaged<CoroutineAccess>.fromOpaque(address).takeRetainedValue().end()
}
