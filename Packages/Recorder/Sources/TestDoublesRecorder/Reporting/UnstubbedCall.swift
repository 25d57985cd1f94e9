/// The error an unmatched call to a throwing requirement throws after its
/// issue has been recorded, when no default value of the result type can be made.
public struct UnstubbedCall: Error, Hashable, Sendable, CustomStringConvertible {
    /// The name of the double, such as `Stub<any Analytics>`.
    public var double: String
    /// The call as diagnostics print it: `signIn(user: "blob", password: "x")`.
    public var call: String

    /// Creates the error.
    ///
    /// - Parameters:
    ///   - double: The name of the double.
    ///   - call: The call as diagnostics print it.
    public init(double: String, call: String) {
        self.double = double
        self.call = call
    }

    /// A sentence naming the call and the double.
    public var description: String { "\(double) has no behavior for \(call)" }
}
