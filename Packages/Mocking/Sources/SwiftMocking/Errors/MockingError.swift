/// A failure of a mock: an unstubbed call, or a verification that did not hold.
///
/// Equal when the messages are equal. Verifications report these messages
/// as test issues; the throwing primitives (`Assert.assert(_:)`,
/// `Assert.doesThrow(_:)`) throw them, and unstubbed throwing calls throw
/// ``unStubbed(_:inputs:)`` to the code under test.
public struct MockingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public let message: String

    init(message: String) {
        self.message = message
    }

    /// A call no stub answered and no default value covered.
    ///
    /// - Parameters:
    ///   - name: The spy's label, such as `MockP.price`.
    ///   - inputs: The call's arguments as `(a, b)`.
    /// - Returns: `Unstubbed method "<name>." No configured return value for inputs: <inputs>`.
    public static func unStubbed(_ name: String? = nil, inputs: String? = nil) -> MockingError {
        MockingError(
            message: "Unstubbed method \"\(name ?? "").\" No configured return value for inputs: \(inputs ?? "()")")
    }

    /// `Assert.throws` found no matching call whose stubs throw.
    public static let didNotThrow = MockingError(message: "Did not find any invocation that throws")

    /// `Assert.throws` found thrown errors, none of which the error matcher accepts.
    ///
    /// - Parameter thrown: The errors the matching calls' stubs throw.
    /// - Returns: `Did not match any thrown error. Thrown: [...]`.
    public static func didNotMatchThrown(_ thrown: [any Error]) -> MockingError {
        MockingError(message: "Did not match any thrown error. Thrown: \(thrown.map { "\($0)" })")
    }

    /// `Assert.called` counted a number of calls the count matcher rejects.
    ///
    /// - Parameter actual: The number of matching calls.
    /// - Returns: `Unfulfilled call count. Actual: <actual>`.
    public static func unfulfilledCallCount(_ actual: Int) -> MockingError {
        MockingError(message: "Unfulfilled call count. Actual: \(actual)")
    }

    /// `Assert.captured` found no matching call to inspect.
    public static let noMatchingInvocations = MockingError(
        message: "No matching invocations found for captured() inspection")

    /// The message.
    public var description: String { message }
}
