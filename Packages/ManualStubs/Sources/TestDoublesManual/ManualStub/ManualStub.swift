@_spi(TestDoublesInternals) import TestDoublesRecorder

/// The when/then/verify controller of a hand-written (or generated) conformer.
///
/// A ``ManualStubConformer`` forwards each requirement to its controller with
/// `call(_:function:)` and its siblings; the controller owns an
/// `InvocationRecorder` and so offers the whole vocabulary of every other
/// double: `when`, `then*`, `verify`, `verifyInOrder`, `history`, `arguments()`,
/// `stream()`, async timing controls and scenarios.
///
/// ```swift
/// let prices = PriceServiceStub()
/// prices.when { try $0.price(Match.equal("apple")) }.thenReturn(42)
/// let service: any PriceService = prices()
/// #expect(try service.price("apple") == 42)
/// prices.verify { try $0.price(Match.any()) }
/// ```
///
/// A requirement is identified by its `#function` name together with the
/// static types of its arguments, its result and its effects, so overloads
/// that differ only by type are configured and verified independently.
@dynamicMemberLookup
public final class ManualStub<Conformer: ManualStubConformer>: RecordingTestDouble, Sendable {
    /// The engine of the double.
    public let recorder: InvocationRecorder
    @usableFromInline let requirementTable = RequirementTable()
    private let conformerInstance = Locked(WeakConformer())

    /// Creates a controller with no registrations.
    ///
    /// - Parameters:
    ///   - fileID: The file ID of the creation; unmatched calls are reported here.
    ///   - filePath: The file path of the creation.
    ///   - line: The line of the creation.
    ///   - column: The column of the creation.
    public init(fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column) {
        recorder = InvocationRecorder(
            name: "ManualStub<\(Conformer.self)>", fileID: fileID, filePath: filePath, line: line, column: column)
    }

    init(name: String) {
        recorder = InvocationRecorder(name: name)
    }

    /// The conformer to hand to the code under test.
    ///
    /// A struct conformer is made fresh on each call (all of them share this
    /// controller); a class conformer keeps its identity while it is alive.
    ///
    /// - Returns: A conformer that forwards to this controller.
    public func callAsFunction() -> Conformer {
        guard Conformer.self is AnyObject.Type else { return Conformer(stub: self) }
        return conformerInstance.withLock { box in
            if let alive = box.object as? Conformer { return alive }
            let made = Conformer(stub: self)
            box.object = made as AnyObject
            return made
        }
    }

    /// The conformer `when` and `verify` closures receive.
    public var recordingSubject: Conformer { callAsFunction() }
}

/// Holds a class conformer without keeping it alive.
private struct WeakConformer {
    weak var object: AnyObject?
}
