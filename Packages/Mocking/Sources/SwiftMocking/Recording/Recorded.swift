import Foundation

/// One call as the order recorder saw it, across every spy.
public struct Recorded {
    /// The call's position in its recorder.
    public let index: Int
    /// The spy that was called.
    public let spyID: UUID
    /// The call's ID in that spy.
    public let invocationID: UUID
    /// The spy's label.
    public let methodLabel: String?
    /// The arguments, boxed.
    public let arguments: [Any]

    init(index: Int, spyID: UUID, invocationID: UUID, methodLabel: String?, arguments: [Any]) {
        self.index = index
        self.spyID = spyID
        self.invocationID = invocationID
        self.methodLabel = methodLabel
        self.arguments = arguments
    }
}
