import CTestDoublesTrampolines
import TestDoublesMetadata

/// The state of one `_modify` access in flight: the yielded storage and what
/// to do with the final value.
///
/// A legacy `yield_once` `_modify` witness receives a 32-byte caller buffer
/// in the first integer argument (indices follow it), yields by returning
/// the resume function and the storage address in the first two result
/// registers, and is resumed with `(buffer, isAborting)`. The state lives in
/// buffer word 0 between the two.
final class ModifyAccess {
    let storage: UnsafeMutableRawPointer
    let finish: (_ storage: UnsafeMutableRawPointer, _ aborted: Bool) -> Void

    init(storage: UnsafeMutableRawPointer, finish: @escaping (UnsafeMutableRawPointer, Bool) -> Void) {
        self.storage = storage
        self.finish = finish
    }
}

extension CallFrame {
    /// Answers a `_modify` requirement (a `yield_once` coroutine): yields
    /// writable storage holding `value` to the caller, and calls `finish`
    /// with the final value when the caller ends the access.
    ///
    /// Swift's write-back is not transactional: `finish` runs on abort too
    /// (`aborted` is then true), with whatever the storage holds.
    ///
    /// A callee-allocated (`yield_once_2`) `modify` receives its frame where
    /// the legacy form receives its buffer, yields the same way, and is
    /// resumed with `(frame, allocator)`: its continuation cannot tell an
    /// abort from a normal end, so `aborted` is always false there.
    ///
    /// - Parameters:
    ///   - value: The value the access starts from (usually the getter's answer).
    ///   - buffer: Where the caller's 32-byte coroutine buffer (or the
    ///     callee-allocated coroutine's frame) arrives (general-purpose
    ///     argument 0 for both forms).
    ///   - calleeAllocated: Whether the requirement is a `yield_once_2` `modify`.
    ///   - finish: Receives the final value and whether the access was aborted.
    public func yieldForModify<Value>(
        _ value: consuming Value, buffer: FragmentLocation = .generalPurpose(0), calleeAllocated: Bool = false,
        finish: @escaping (_ value: Value, _ aborted: Bool) -> Void
    ) {
        let storage = UnsafeMutableRawPointer(UnsafeMutablePointer<Value>.allocate(capacity: 1))
        storage.initializeMemory(as: Value.self, to: value)
        let access: ModifyAccess
        if let representation = (try? ConcreteRepresentation(of: Value.self)) ?? nil,
            let tag = representation.concreteTag(of: storage)
        {
            // The caller accesses an optional thin metatype in its one-byte
            // form: yield the tag byte and rebuild the value from it at the end.
            storage.storeBytes(of: UInt(tag), as: UInt.self)
            access = ModifyAccess(storage: storage) { storage, aborted in
                var word: UInt = 0
                let valid = withUnsafeMutableBytes(of: &word) {
                    representation.materialize(from: storage, into: $0.baseAddress!)
                }
                precondition(valid, "a _modify access left the tag byte \(storage.load(as: UInt8.self))")
                storage.storeBytes(of: word, as: UInt.self)
                finish(storage.assumingMemoryBound(to: Value.self).move(), aborted)
                storage.deallocate()
            }
        } else {
            access = ModifyAccess(storage: storage) { storage, aborted in
                finish(storage.assumingMemoryBound(to: Value.self).move(), aborted)
                storage.deallocate()
            }
        }
        let state: AnyObject = calleeAllocated ? CoroutineAccess { access.finish(access.storage, false) } : access
        storeCoroutineState(state, buffer: buffer)
        setReturnGeneralPurposeRegister(
            0, to: UInt(bitPattern: calleeAllocated ? td_coroutine_resume_address() : td_modify_resume_address()))
        setReturnGeneralPurposeRegister(1, to: UInt(bitPattern: storage))
    }
}

/// The resume function of every fabricated `_modify` access:
/// `(buffer, isAborting)` with the state in buffer word 0.
@_cdecl("td_modify_resume")
func modifyResume(_ buffer: UnsafeMutableRawPointer, _ aborting: UInt8) {
    let state = buffer.load(as: UInt.self)
    guard let address = UnsafeRawPointer(bitPattern: state) else {
        fatalError("TestDoubles: a _modify access resumed without its state")
    }
    let access = Unmanaged<ModifyAccess>.fromOpaque(address).takeRetainedValue()
    access.finish(access.storage, aborting & 1 != 0)
}
