import Foundation
import SwiftMockingMacros

// Conditional requirements and associated types that refer to each other.

/// Requirements under `#if` and availability attributes.
@Mockable
protocol Diagnostics {
    func record(_ event: String)
    #if DEBUG
    func dump() -> [String]
    #endif
    @available(*, deprecated, message: "use record(_:)")
    func log(_ event: String)
    @available(macOS 10.15, iOS 13, *)
    func upload() async throws -> Int
}

/// An associated type constrained by another, used through `Self.`.
@Mockable
protocol Pipeline<Input, Output> {
    associatedtype Input: Sendable
    associatedtype Output: Collection where Output.Element == Input
    func process(_ input: Self.Input) -> Self.Output
    func first(of output: Output) -> Input?
}
