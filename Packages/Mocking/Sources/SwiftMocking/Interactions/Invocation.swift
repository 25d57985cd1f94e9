import Foundation

/// One recorded call of a spy: its arguments and a unique ID.
public struct Invocation<each Input>: CustomDebugStringConvertible {
    /// Unique per call; links the call to its entry in ``InvocationRecorder``.
    public let invocationID: UUID
    /// The arguments, in parameter order.
    public let arguments: (repeat each Input)

    init(invocationID: UUID = UUID(), arguments: (repeat each Input)) {
        self.invocationID = invocationID
        self.arguments = arguments
    }

    /// The arguments as `(a, b)`, each written by string interpolation.
    public var debugDescription: String {
        "(" + ArgumentList.describe(repeat each arguments) + ")"
    }
}

extension Invocation: Sendable where repeat each Input: Sendable {}

/// Turns a call's arguments into the forms diagnostics and the order
/// recorder use.
enum ArgumentList {
    /// The arguments boxed, in order.
    static func boxed<each Value>(_ value: repeat each Value) -> [Any] {
        var list: [Any] = []
        repeat list.append(each value)
        return list
    }

    /// The arguments written by string interpolation and joined by `, `.
    static func describe<each Value>(_ value: repeat each Value) -> String {
        var parts: [String] = []
        repeat parts.append(describe(one: each value))
        return parts.joined(separator: ", ")
    }

    /// One argument written by string interpolation.
    static func describe<Value>(one value: Value) -> String {
        "\(value)"
    }
}
