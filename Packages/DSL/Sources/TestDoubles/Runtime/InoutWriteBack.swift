import Synchronization
import TestDoublesRecorder
import TestDoublesTrampolines

/// The `inout` arguments of one call of a fabricated requirement: where the
/// caller's variables are, and the values a handler assigned to them.
///
/// The runtime binds one to ``current`` while the recorder answers a call of
/// a requirement with `inout` parameters; a handler configured with an
/// `inout` parameter (`then { (text: inout String) in ... }`) records its
/// final value here, and the runtime assigns it to the caller's variable
/// before the call returns (or throws).
final class InoutWriteBack: Sendable {
    /// The call being answered on this task, if its requirement has `inout` parameters.
    @TaskLocal static var current: InoutWriteBack?

    /// One `inout` argument: the caller's variable and its type.
    struct Target: @unchecked Sendable {
        let type: Any.Type
        /// Whether the variable is an `inout Self`: it holds a payload reference, and `type` is the stub's existential.
        let isSelf: Bool
        /// The caller's variable; valid until the call returns (it is the caller's storage, not the frame's).
        let address: UnsafeMutableRawPointer
    }

    /// The requirement whose call this is; a handler of another requirement writes nothing here.
    let requirement: RequirementID
    /// Its name: identities are slot numbers, which the requirements of other stubs share.
    let requirementName: String
    /// The `inout` arguments by their position in the recorder's argument order.
    let targets: [Int: Target]
    private let written = Mutex<[Int: WrittenValue]>([:])

    /// A value a handler assigned.
    struct WrittenValue: @unchecked Sendable {
        let value: Any
    }

    /// Collects the `inout` arguments of a call; nil when the requirement has none.
    init?(_ frame: CallFrame, _ shape: RequirementShape) {
        guard !shape.inoutArguments.isEmpty else { return nil }
        var targets: [Int: Target] = [:]
        for (position, callIndex) in shape.recorderOrder.enumerated() where shape.inoutArguments.contains(callIndex) {
            guard let address = frame.indirectArgumentAddress(shape.plan.arguments[callIndex]) else {
                // A zero-sized variable has nothing to write back.
                continue
            }
            targets[position] = Target(
                type: shape.argumentTypes[callIndex], isSelf: shape.selfArguments[callIndex] == .inout,
                address: address)
        }
        self.requirement = shape.requirement.id
        self.requirementName = shape.requirement.name
        self.targets = targets
    }

    /// Keeps the final value of a handler's `inout` parameter, when the
    /// argument at `position` of the call being answered is `inout`.
    ///
    /// - Parameters:
    ///   - value: The handler's final value.
    ///   - position: The argument's position in the recorder's order.
    ///   - requirement: The requirement the handler was configured for.
    static func record(_ value: Any, at position: Int, of requirement: Requirement?) {
        guard let current, let requirement, requirement.id == current.requirement,
            requirement.name == current.requirementName, current.targets[position] != nil
        else { return }
        current.written.withLock { $0[position] = WrittenValue(value: value) }
    }

    /// Assigns every recorded value to its caller's variable; a value of
    /// another type stops with a diagnostic instead of writing garbage.
    ///
    /// - Parameters:
    ///   - name: The double and requirement, for diagnostics.
    ///   - selfPayload: The payload to store for the final value of an `inout Self` (nil: keep the variable).
    func apply(describing name: @autoclosure () -> String, selfPayload: (Any) -> AnyObject?) {
        let values = written.withLock { written in
            defer { written.removeAll() }
            return written
        }
        for (position, written) in values.sorted(by: { $0.key < $1.key }) {
            guard let target = targets[position] else { continue }
            if target.isSelf {
                // The variable holds the payload (the generic caller's `Self`), not an existential.
                if let payload = selfPayload(written.value) {
                    target.address.assumingMemoryBound(to: AnyObject.self).pointee = payload
                }
                continue
            }
            func assign<T>(_: T.Type) {
                guard let value = written.value as? T else {
                    stop(
                        "\(name()) cannot write \(String(reflecting: written.value)) of type "
                            + "\(type(of: written.value)) back to its inout argument \(position + 1) of type \(T.self)")
                }
                target.address.assumingMemoryBound(to: T.self).pointee = value
            }
            _openExistential(target.type, do: assign)
        }
    }
}

extension StubRuntime {
    /// Answers a call of a synchronous requirement, writing a handler's
    /// `inout` assignments back to the caller's variables.
    func dispatch(_ frame: CallFrame, _ shape: RequirementShape, _ arguments: [Any]) -> CallOutcome {
        guard let writeBack = InoutWriteBack(frame, shape) else {
            return recorder.dispatch(shape.requirement, arguments: arguments)
        }
        let outcome = InoutWriteBack.$current.withValue(writeBack) {
            recorder.dispatch(shape.requirement, arguments: arguments)
        }
        writeBack.apply(describing: "\(recorder.name): \(shape.requirement.name)") {
            selfPayload(of: $0, requirement: shape.requirement.name, what: "the final value of its inout Self")
        }
        return outcome
    }

    /// Answers a call of an async requirement, writing a handler's `inout`
    /// assignments back through the addresses collected before the call suspended.
    func dispatchAsync(
        _ shape: RequirementShape, _ arguments: [Any], writingBackThrough writeBack: InoutWriteBack?
    ) async -> CallOutcome {
        guard let writeBack else { return await recorder.dispatchAsync(shape.requirement, arguments: arguments) }
        let recorder = self.recorder
        let list = ArgumentList(values: arguments)
        let outcome = await InoutWriteBack.$current.withValue(writeBack) {
            await recorder.dispatchAsync(shape.requirement, arguments: list.values)
        }
        writeBack.apply(describing: "\(recorder.name): \(shape.requirement.name)") {
            self.selfPayload(of: $0, requirement: shape.requirement.name, what: "the final value of its inout Self")
        }
        return outcome
    }
}
