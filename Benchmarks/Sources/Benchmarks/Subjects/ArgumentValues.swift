/// A three-word struct argument, passed in registers.
public struct ThreeWords: Equatable, Sendable {
    var a, b, c: Int
}

/// An enum with payloads, passed as a multi-payload enum.
public enum Payload: Equatable, Sendable {
    case empty
    case word(Int)
    case text(String)
}

/// The protocol of the `any BenchShape` existential argument.
public protocol BenchShape: Sendable {
    var sides: Int { get }
}

/// The conformer passed as `any BenchShape`.
struct Square: BenchShape {
    var sides: Int { 4 }
}
