import Foundation

/// Something `verifyInOrder` can look for in the order recorder: an
/// ``Interaction``, including the write interaction of a settable member.
public protocol CrossSpyVerifiable {
    /// The spy whose calls count.
    var spyID: UUID { get }
    /// The spy's label.
    var methodLabel: String? { get }
    /// Whether a recorded call is one this verifiable stands for.
    ///
    /// - Parameter recorded: An entry of the order recorder.
    /// - Returns: Whether it matches.
    func matches(_ recorded: Recorded) -> Bool
}
