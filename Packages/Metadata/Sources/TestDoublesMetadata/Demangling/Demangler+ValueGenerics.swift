extension Demangler {
    /// The value of an integer generic argument, the count of `InlineArray<4, Float>` (SE-0452):
    /// `$<index>` is the index's value (`$_` is 0, `$3_` is 4), `$n<index>` its negation (`$n3_` is -4).
    ///
    /// The node is a `Type` holding an `Integer` or `NegativeInteger` node, as the runtime's demangler
    /// builds it; a negative value's index is its two's complement, as `swift-demangle --expand` prints it.
    /// Like the runtime's demangler, it adds no substitution.
    mutating func integerType() throws(DemanglingError) -> DemangleNode {
        let isNegative = nextIf("n")
        let value = try demangleIndex()
        guard isNegative else { return try makeType(DemangleNode(.integer, index: UInt64(value))) }
        return try makeType(DemangleNode(.negativeInteger, index: UInt64(bitPattern: Int64(-value))))
    }
}
